package io.lockfacade.server.service;

import io.lockfacade.server.expiry.ExpiryIndex;
import io.lockfacade.server.table.Effects;
import io.lockfacade.server.table.Handout;
import io.lockfacade.server.table.LockMachine;
import io.lockfacade.server.table.Moment;
import io.lockfacade.server.table.Outcome;
import io.lockfacade.server.table.PrimitiveOutcome;
import io.lockfacade.server.table.SessionOutcome;

import java.util.concurrent.ConcurrentHashMap;

/**
 * Applies what the lock table decided to the world outside it: answers parked calls, keeps the {@link ExpiryIndex}
 * of expiry visits, and reports {@link LockEvents}. Runs on the thread that made the transition, after the table's
 * critical section; holds no lock of its own.
 */
final class OutcomeApplier {

    private final LockMachine machine;
    private final MasterClocks clocks;
    private final ExpiryIndex expiry;
    private final ConcurrentHashMap<Long, ParkedCall> parked;
    private final LockEvents events;

    OutcomeApplier(LockMachine machine, MasterClocks clocks, ExpiryIndex expiry,
                   ConcurrentHashMap<Long, ParkedCall> parked, LockEvents events) {
        this.machine = machine;
        this.clocks = clocks;
        this.expiry = expiry;
        this.parked = parked;
        this.events = events;
    }

    /** Applies a lock transition's outcome: first its own answer's side, then its effects, in order. */
    void apply(Outcome outcome) {
        expiry.answered(outcome);
        if (outcome instanceof Outcome.Granted granted) {
            events.granted(granted.lock().lockKey().lockType(), 0);
        } else if (outcome instanceof Outcome.Parked parkedCall) {
            events.waiterParked(parkedCall.waiter().lockKey().lockType());
        }
        apply(outcome.effects());
    }

    /**
     * Applies the outcome of an acquisition of a read-write lock, semaphore or leadership: its grant or parked call is
     * reported as a lock's is, then its effects are applied.
     */
    void apply(PrimitiveOutcome outcome) {
        if (outcome instanceof PrimitiveOutcome.Granted granted) {
            events.granted(granted.handout().grant().getLockType(), 0);
        } else if (outcome instanceof PrimitiveOutcome.Parked parkedCall) {
            events.waiterParked(parkedCall.waiter().lockKey().lockType());
        }
        apply(outcome.effects());
    }

    /** Applies a session transition's outcome. */
    void apply(SessionOutcome outcome, String sessionId) {
        expiry.answered(outcome, sessionId);
        if (outcome instanceof SessionOutcome.Ended ended) {
            apply(ended.effects());
        }
    }

    /** Applies ended grants, then answers parked calls, in the order the table decided them. */
    void apply(Effects effects) {
        for (Effects.Ending ending : effects.endings()) {
            expiry.ended(ending.lock());
            String lockType = ending.lock().lockKey().lockType();
            switch (ending.cause()) {
                case RELEASED, UNDELIVERED -> events.released(lockType);
                case EXPIRED, REMOVED -> events.expired(lockType);
            }
        }
        for (Effects.Handover handover : effects.handovers()) {
            answer(handover);
        }
    }

    /**
     * Releases a grant the transport could not deliver, unless a later call was handed the same grant.
     *
     * @return whether it was released
     */
    boolean releaseUndelivered(Handout handout) {
        Moment now = clocks.now();
        Outcome outcome = machine.releaseUndelivered(handout, now);
        apply(outcome);
        if (outcome instanceof Outcome.Released) {
            return true;
        }
        PrimitiveOutcome primitive = machine.releaseUndeliveredPrimitive(handout, now);
        apply(primitive.effects());
        return primitive instanceof PrimitiveOutcome.Released;
    }

    /** A parked call left the queue without the lock (its wait is over, or its client went away). */
    void withdrawn(ParkedCall call) {
        events.waiterLeft(call.lockKey().lockType());
        call.answer().complete(null);
    }

    /** Tells a call withdrawn from its queue why it failed. */
    void failed(ParkedCall call, RuntimeException failure) {
        events.waiterLeft(call.lockKey().lockType());
        call.answer().completeExceptionally(failure);
    }

    private void answer(Effects.Handover handover) {
        ParkedCall call = parked.remove(handover.waiter().id());
        String lockType = handover.waiter().lockKey().lockType();
        events.waiterLeft(lockType);
        Handout handout = handover.handout();
        if (handout == null) {
            if (call != null) {
                call.answer().complete(null);
            }
            return;
        }
        expiry.granted(handover.lock());
        events.granted(lockType, call == null ? 0 : Math.max(0, clocks.nanos().getAsLong() - call.parkedAtNanos()));
        if (call == null || !call.answer().complete(handout)) {
            releaseUndelivered(handout); // nobody waits for it any more: the caller gave up or went away
        }
    }
}
