package io.lockfacade.server.service;

import io.lockfacade.server.deadlock.DeadlockDetector;
import io.lockfacade.server.deadlock.GrantLookup;
import io.lockfacade.server.deadlock.HoldingCall;
import io.lockfacade.server.table.Handout;
import io.lockfacade.server.table.LockInfo;
import io.lockfacade.server.table.LockKey;

import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledExecutorService;

/**
 * The single master's deadlock detection: parks the calls that name what their thread holds through the
 * {@link LiveTable}, watched by a {@link DeadlockDetector} that fails the victims' parked calls. Check delays are real
 * time, as the timer that runs the checks is, whatever clock the table runs on.
 */
final class DeadlockVictims {

    private final LiveTable table;
    private final DeadlockDetector detector;

    DeadlockVictims(LiveTable table, ScheduledExecutorService timer) {
        this.table = table;
        this.detector = new DeadlockDetector(new TableGrants(table), System::nanoTime, System::currentTimeMillis,
                timer, (victim, failure) -> table.failParked(victim.waiterId(), failure));
    }

    /** {@link LiveTable#acquire} of a thread holding what {@code asked} names, checked once it waited its delay. */
    CompletableFuture<Handout> acquire(String owner, String sessionId, long waitMillis, HoldingCall asked) {
        return table.acquire(asked.lockKey(), owner, 0, sessionId, waitMillis,
                call -> detector.watch(call.waiterId(), owner, asked, call.answer()));
    }

    /** The single master's live grants, as the deadlock watch reads them. */
    private record TableGrants(LiveTable table) implements GrantLookup {

        @Override
        public OptionalLong tokenOf(LockKey lock) {
            return table.describe(lock).map(info -> OptionalLong.of(info.fencingToken())).orElse(OptionalLong.empty());
        }

        @Override
        public String holderOf(LockKey lock) {
            return table.describe(lock).map(LockInfo::owner).orElse(null);
        }
    }

    /** @return the detector: its log of deadlocks found and its live waits */
    DeadlockDetector detector() {
        return detector;
    }
}
