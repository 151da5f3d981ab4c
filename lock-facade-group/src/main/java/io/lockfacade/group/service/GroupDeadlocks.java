package io.lockfacade.group.service;

import io.lockfacade.group.state.ReplicatedLockTable;
import io.lockfacade.server.deadlock.DeadlockDetector;
import io.lockfacade.server.deadlock.GrantLookup;
import io.lockfacade.server.deadlock.HoldingCall;
import io.lockfacade.server.service.ParkedCall;
import io.lockfacade.server.table.LockKey;
import io.lockfacade.server.table.ReadWriteView;
import io.lockfacade.server.table.SemaphoreView;

import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ScheduledExecutorService;

/**
 * The leader's deadlock detection: the calls parked on it that name what their thread holds (locks, read-write
 * locks, semaphores), watched by a
 * {@link DeadlockDetector} over the replicated table's grants. A victim's call is failed by completing its answer
 * with the {@code DeadlockException}, which takes it out of its line as any other answer does (a grant racing with
 * it goes back through {@code releaseUndelivered}). Parked calls are not replicated: a new leader starts with an
 * empty graph, and the callers it fails with {@code not leader} ask again, each again naming what it holds.
 */
final class GroupDeadlocks {

    private final DeadlockDetector detector;

    /**
     * @param table the replicated table, for the tokens and holders of live grants
     * @param timer the leader's timer thread, which runs the checks
     */
    GroupDeadlocks(ReplicatedLockTable table, ScheduledExecutorService timer) {
        this.detector = new DeadlockDetector(new ReplicatedGrants(table), System::nanoTime,
                System::currentTimeMillis, timer, (victim, failure) -> victim.answer().completeExceptionally(failure));
    }

    /** Watches a call about to be asked for (before its first proposal), checked once it waited its delay. */
    void watch(ParkedCall call, String owner, HoldingCall asked) {
        detector.watch(call.waiterId(), owner, asked, call.answer());
    }

    /** @return the detector: its log of deadlocks found and its live waits */
    DeadlockDetector detector() {
        return detector;
    }

    /** The replicated table's live grants, as the deadlock watch reads them. */
    private record ReplicatedGrants(ReplicatedLockTable table) implements GrantLookup {

        @Override
        public OptionalLong tokenOf(LockKey lock) {
            return table.tokenOf(lock);
        }

        @Override
        public String holderOf(LockKey lock) {
            return table.holder(lock);
        }

        @Override
        public Optional<ReadWriteView> readWrite(LockKey lock) {
            return table.readWrite(lock);
        }

        @Override
        public Optional<SemaphoreView> semaphore(LockKey lock) {
            return table.semaphore(lock);
        }
    }
}
