package io.lockfacade.server.service;

import io.lockfacade.server.expiry.ExpirySchedule;
import io.lockfacade.server.table.Effects;
import io.lockfacade.server.table.Handout;
import io.lockfacade.server.table.LockKey;
import io.lockfacade.server.table.LockMachine;
import io.lockfacade.server.table.LockView;
import io.lockfacade.server.table.Outcome;
import io.lockfacade.server.table.SessionOutcome;

import java.util.concurrent.ConcurrentHashMap;

/**
 * Applies what the lock table decided to the world outside it: answers parked calls, schedules and unschedules
 * expiry visits, and reports {@link LockEvents}. Runs on the thread that made the transition, after the table's
 * critical section; holds no lock of its own.
 *
 * <p>Expiry visits are an index, re-checked by the table when they come due: a visit of a grant that ended or
 * moved is harmless, so this class only has to make sure that every live grant with a lease has a visit at or
 * after its deadline. It never removes a visit from a slot later than the one it adds.
 */
final class OutcomeApplier {

    private final LockMachine machine;
    private final MasterClocks clocks;
    private final ExpirySchedule<LockKey> leases;
    private final ExpirySchedule<String> sessionEnds;
    private final ConcurrentHashMap<Long, ParkedCall> parked;
    private final LockEvents events;

    OutcomeApplier(LockMachine machine, MasterClocks clocks, ExpirySchedule<LockKey> leases,
                   ExpirySchedule<String> sessionEnds, ConcurrentHashMap<Long, ParkedCall> parked,
                   LockEvents events) {
        this.machine = machine;
        this.clocks = clocks;
        this.leases = leases;
        this.sessionEnds = sessionEnds;
        this.parked = parked;
        this.events = events;
    }

    /** Applies a lock transition's outcome: first its own answer's side, then its effects, in order. */
    void apply(Outcome outcome) {
        if (outcome instanceof Outcome.Granted granted) {
            schedule(granted.lock());
            events.granted(granted.lock().lockKey().lockType(), 0);
        } else if (outcome instanceof Outcome.AlreadyHeld again) {
            reschedule(again.previousEndNanos(), again.lock());
        } else if (outcome instanceof Outcome.Renewed renewed) {
            reschedule(renewed.previousEndNanos(), renewed.lock());
        } else if (outcome instanceof Outcome.StillHeld alive) {
            schedule(alive.lock());
        } else if (outcome instanceof Outcome.Parked parkedCall) {
            events.waiterParked(parkedCall.waiter().lockKey().lockType());
        }
        apply(outcome.effects());
    }

    /** Applies a session transition's outcome. */
    void apply(SessionOutcome outcome, String sessionId) {
        if (outcome instanceof SessionOutcome.Alive alive) {
            long slot = sessionEnds.slotOf(alive.endNanos());
            sessionEnds.schedule(sessionId, 0, slot);
            long previousSlot = sessionEnds.slotOf(alive.previousEndNanos());
            if (previousSlot < slot) {
                sessionEnds.unschedule(sessionId, 0, previousSlot);
            }
        } else if (outcome instanceof SessionOutcome.StillOpen open) {
            sessionEnds.schedule(sessionId, 0, sessionEnds.slotOf(open.endNanos()));
        } else if (outcome instanceof SessionOutcome.Ended ended) {
            apply(ended.effects());
        }
    }

    /** Applies ended grants, then answers parked calls, in the order the table decided them. */
    void apply(Effects effects) {
        for (Effects.Ending ending : effects.endings()) {
            LockView lock = ending.lock();
            if (lock.isLeased()) {
                leases.unschedule(lock.lockKey(), lock.fencingToken(), leases.slotOf(lock.endNanos()));
            }
            String lockType = lock.lockKey().lockType();
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
        Outcome outcome = machine.releaseUndelivered(handout, clocks.now());
        apply(outcome);
        return outcome instanceof Outcome.Released;
    }

    /** A parked call left the queue without the lock (its wait is over, or its client went away). */
    void withdrawn(ParkedCall call) {
        events.waiterLeft(call.lockKey().lockType());
        call.answer().complete(null);
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
        schedule(handover.lock());
        events.granted(lockType, call == null ? 0 : Math.max(0, clocks.nanos().getAsLong() - call.parkedAtNanos()));
        if (call == null || !call.answer().complete(handout)) {
            releaseUndelivered(handout); // nobody waits for it any more: the caller gave up or went away
        }
    }

    private void schedule(LockView lock) {
        if (lock.isLeased()) {
            leases.schedule(lock.lockKey(), lock.fencingToken(), leases.slotOf(lock.endNanos()));
        }
    }

    private void reschedule(long previousEndNanos, LockView lock) {
        if (!lock.isLeased()) {
            return; // a visit left from a lease of its own finds the grant under a session and drops itself
        }
        long slot = leases.slotOf(lock.endNanos());
        leases.schedule(lock.lockKey(), lock.fencingToken(), slot);
        long previousSlot = leases.slotOf(previousEndNanos);
        if (previousSlot < slot) {
            leases.unschedule(lock.lockKey(), lock.fencingToken(), previousSlot);
        }
    }
}
