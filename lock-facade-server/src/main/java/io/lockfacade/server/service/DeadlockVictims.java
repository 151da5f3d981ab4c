package io.lockfacade.server.service;

import io.lockfacade.api.DeadlockException;
import io.lockfacade.api.deadlock.HeldLock;
import io.lockfacade.server.deadlock.DeadlockWatch;
import io.lockfacade.server.table.Handout;
import io.lockfacade.server.table.LockKey;

import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The single master's deadlock detection at work: parks the calls that name what their thread holds through the
 * {@link LiveTable}, records them in a {@link DeadlockWatch}, runs each call's check when its delay is over (on the
 * master's wait timer) and fails the victims' parked calls with {@link DeadlockException}.
 */
final class DeadlockVictims {

    private final LiveTable table;
    private final ScheduledExecutorService timer;
    private final DeadlockWatch watch;

    DeadlockVictims(LiveTable table, ScheduledExecutorService timer) {
        this.table = table;
        this.timer = timer;
        this.watch = new DeadlockWatch(key -> table.describe(key)
                .map(info -> OptionalLong.of(info.fencingToken())).orElse(OptionalLong.empty()),
                table.clocks().nanos());
    }

    /**
     * {@link LiveTable#acquire} of a thread holding {@code held}, checked for a deadlock once it has waited
     * {@code checkDelayMillis}.
     */
    CompletableFuture<Handout> acquire(LockKey key, String owner, String sessionId, long waitMillis,
                                       List<HeldLock> held, long checkDelayMillis) {
        return table.acquire(key, owner, 0, sessionId, waitMillis, call -> {
            watch.began(call.waiterId(), owner, key, held, TimeUnit.MILLISECONDS.toNanos(checkDelayMillis));
            call.answer().whenComplete((handout, failure) -> watch.ended(call.waiterId()));
            timer.schedule(this::failVictims, checkDelayMillis, TimeUnit.MILLISECONDS);
        });
    }

    /** @return how many calls wait in the graph now; for tests */
    int waitCount() {
        return watch.waitCount();
    }

    private void failVictims() {
        for (DeadlockWatch.Victim victim : watch.checkDue()) {
            table.failParked(victim.waiterId(), new DeadlockException(victim.message()));
        }
    }
}
