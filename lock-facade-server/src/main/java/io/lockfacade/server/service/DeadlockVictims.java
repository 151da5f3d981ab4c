package io.lockfacade.server.service;

import io.lockfacade.server.deadlock.DeadlockDetector;
import io.lockfacade.server.deadlock.DeadlockWatch;
import io.lockfacade.server.deadlock.GrantLookup;
import io.lockfacade.server.deadlock.HoldingCall;
import io.lockfacade.server.table.Handout;
import io.lockfacade.server.table.LockInfo;
import io.lockfacade.server.table.LockKey;
import io.lockfacade.server.table.LockMachine;
import io.lockfacade.server.table.ReadWriteView;
import io.lockfacade.server.table.SemaphoreView;

import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Consumer;

/**
 * The single master's deadlock detection: parks the calls that name what their thread holds through the
 * {@link LiveTable} (locks) or {@link LivePrimitives} (read-write locks, semaphores), watched by a
 * {@link DeadlockDetector} that fails the victims' parked calls, each withdrawn from its own primitive's queue.
 * Check delays are real time, as the timer that runs the checks is, whatever clock the table runs on.
 */
final class DeadlockVictims {

    private final LiveTable table;
    private final LivePrimitives primitives;
    private final DeadlockDetector detector;

    DeadlockVictims(LiveTable table, ScheduledExecutorService timer) {
        this.table = table;
        this.primitives = new LivePrimitives(table);
        this.detector = new DeadlockDetector(new TableGrants(table.machine(), table), System::nanoTime,
                System::currentTimeMillis, timer, this::failParked);
    }

    /** {@link LiveTable#acquire} of a thread holding what {@code asked} names, checked once it waited its delay. */
    CompletableFuture<Handout> acquire(String owner, String sessionId, long waitMillis, HoldingCall asked) {
        return table.acquire(asked.lockKey(), owner, 0, sessionId, waitMillis, watching(owner, asked));
    }

    /** @return what tells the detector of a parked call of {@code owner}'s that names what it holds */
    Consumer<ParkedCall> watching(String owner, HoldingCall asked) {
        return call -> detector.watch(call.waiterId(), owner, asked, call.answer());
    }

    /** @return the detector: its log of deadlocks found and its live waits */
    DeadlockDetector detector() {
        return detector;
    }

    private boolean failParked(DeadlockWatch.Victim victim, RuntimeException failure) {
        LockMachine machine = table.machine();
        return switch (victim.target().kind()) {
            case LOCK -> table.failParked(victim.waiterId(), failure);
            case READ, WRITE -> primitives.failParked(victim.waiterId(), failure, machine.readWriteLocks()::withdraw);
            case PERMITS -> primitives.failParked(victim.waiterId(), failure, machine.semaphores()::withdraw);
        };
    }

    /** The single master's live grants, as the deadlock watch reads them. */
    private record TableGrants(LockMachine machine, LiveTable table) implements GrantLookup {

        @Override
        public OptionalLong tokenOf(LockKey lock) {
            return table.describe(lock).map(info -> OptionalLong.of(info.fencingToken())).orElse(OptionalLong.empty());
        }

        @Override
        public String holderOf(LockKey lock) {
            return table.describe(lock).map(LockInfo::owner).orElse(null);
        }

        @Override
        public Optional<ReadWriteView> readWrite(LockKey lock) {
            return machine.readWriteLocks().describe(lock);
        }

        @Override
        public Optional<SemaphoreView> semaphore(LockKey lock) {
            return machine.semaphores().describe(lock);
        }
    }
}
