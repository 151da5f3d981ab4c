package io.lockfacade.server.service;

import io.lockfacade.api.AcquisitionRefusedException;
import io.lockfacade.server.table.Handout;
import io.lockfacade.server.table.LockKey;
import io.lockfacade.server.table.Moment;
import io.lockfacade.server.table.PrimitiveOutcome;

import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The read-write locks, semaphores and leaderships of a {@link LiveTable} at work: each call reads the time once,
 * runs one transition of its primitive's table and applies the effects, as the table does for locks. Calls that wait
 * are parked beside the table's own, answered by the same {@link OutcomeApplier} and withdrawn from their own
 * primitive's queue when their wait is over.
 */
final class LivePrimitives {

    /** One acquisition transition, given the id the call waits under (0 if it may not wait) and the time. */
    interface Acquisition {
        PrimitiveOutcome apply(long waiterId, Moment m);
    }

    /** Takes a parked call out of the queue of its primitive's table. */
    interface Withdrawal {
        PrimitiveOutcome withdraw(LockKey key, long waiterId, Moment m);
    }

    private final LiveTable table;

    LivePrimitives(LiveTable table) {
        this.table = table;
    }

    /**
     * Runs an acquisition: granted, busy, parked for up to {@code waitMillis}, or refused.
     *
     * @param key       the primitive's key, which the call waits on
     * @param sessionId the caller's session, for the exception if it has ended
     * @param withdraw  how its table takes a parked call out of the queue
     * @return completes with the handout, or with {@code null} when not granted and the wait is over; cancelling it
     *         withdraws the call, and a grant that raced with the cancellation is released
     * @throws io.lockfacade.api.SessionExpiredException if the session has ended; nothing was granted
     * @throws AcquisitionRefusedException                if the call can never be granted as asked; nothing changed
     */
    CompletableFuture<Handout> acquire(LockKey key, String sessionId, long waitMillis, Withdrawal withdraw,
                                       Acquisition acquisition) {
        return acquire(key, sessionId, waitMillis, withdraw, acquisition, call -> { });
    }

    /**
     * {@link #acquire(LockKey, String, long, Withdrawal, Acquisition)}, telling {@code parking} of the call before
     * its transition if it may wait (as {@link LiveTable} does for locks); a call that does not stay parked has its
     * answer cancelled.
     */
    CompletableFuture<Handout> acquire(LockKey key, String sessionId, long waitMillis, Withdrawal withdraw,
                                       Acquisition acquisition, Consumer<ParkedCall> parking) {
        Moment now = table.clocks().now();
        ParkedCall call = waitMillis > 0 ? table.register(key, now) : null;
        if (call != null) {
            parking.accept(call);
        }
        PrimitiveOutcome outcome;
        try {
            outcome = acquisition.apply(call == null ? 0 : call.waiterId(), now);
        } catch (RuntimeException failed) {
            table.forget(call);
            throw failed;
        }
        if (!(outcome instanceof PrimitiveOutcome.Parked)) {
            table.forget(call);
        }
        table.applier().apply(outcome);
        if (outcome instanceof PrimitiveOutcome.Granted granted) {
            return CompletableFuture.completedFuture(granted.handout());
        } else if (outcome instanceof PrimitiveOutcome.AlreadyHeld again) {
            return CompletableFuture.completedFuture(again.handout());
        } else if (outcome instanceof PrimitiveOutcome.Parked) {
            return table.armTimer(call, waitMillis, () -> giveUp(call, withdraw));
        } else if (outcome instanceof PrimitiveOutcome.SessionGone) {
            throw LiveSessions.ended(sessionId);
        } else if (outcome instanceof PrimitiveOutcome.Refused refused) {
            throw new AcquisitionRefusedException(refused.reason());
        }
        return CompletableFuture.completedFuture(null);
    }

    /**
     * Runs a transition that does not wait (a release, a leave) and applies its effects.
     *
     * @return whether it released something ({@code Released}); {@code false} when the caller held nothing
     */
    boolean release(Function<Moment, PrimitiveOutcome> transition) {
        PrimitiveOutcome outcome = transition.apply(table.clocks().now());
        table.applier().apply(outcome.effects());
        return outcome instanceof PrimitiveOutcome.Released;
    }

    /**
     * Fails a parked call with {@code failure} and withdraws it from its primitive's queue, as a call that gave up
     * (a deadlock's victim).
     *
     * @return whether the call was still parked; if the table answered it first, that answer stands
     */
    boolean failParked(long waiterId, RuntimeException failure, Withdrawal withdraw) {
        return table.failParked(waiterId, failure, call -> {
            PrimitiveOutcome outcome = withdraw.withdraw(call.lockKey(), waiterId, table.clocks().now());
            table.applier().apply(outcome.effects());
            return outcome instanceof PrimitiveOutcome.Withdrawn;
        });
    }

    /** @return the master's monotonic time now, for reads that need it */
    long nanos() {
        return table.clocks().nanos().getAsLong();
    }

    private void giveUp(ParkedCall call, Withdrawal withdraw) {
        PrimitiveOutcome outcome = withdraw.withdraw(call.lockKey(), call.waiterId(), table.clocks().now());
        if (outcome instanceof PrimitiveOutcome.Withdrawn) {
            table.withdrawn(call);
        }
        table.applier().apply(outcome.effects());
    }
}
