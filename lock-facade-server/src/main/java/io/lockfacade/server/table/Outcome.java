package io.lockfacade.server.table;

/**
 * The typed answer of one lock transition of {@link LockMachine}, with its {@link Effects}: what the table decided,
 * never something it did to the outside world. Whoever drives the table answers calls and schedules expiry from it.
 * In every record below, {@code effects} is {@link #effects()}: the grants that ended in the same step (an expired
 * hold freed on access, the grant released) and the parked calls answered.
 */
public sealed interface Outcome {

    /** @return the grants that ended and the parked calls answered by the same step */
    Effects effects();

    /**
     * A new grant with a fresh fencing token.
     *
     * @param handout the grant, handed out for the first time
     * @param lock    the lock as granted
     */
    record Granted(Handout handout, LockView lock, Effects effects) implements Outcome {
    }

    /**
     * The holder asked again: the same grant (same token), its lease extended.
     *
     * @param handout          the grant, with how many times it has now been handed out
     * @param previousEndNanos when the grant would have ended before this call
     * @param lock             the lock now
     */
    record AlreadyHeld(Handout handout, long previousEndNanos, LockView lock, Effects effects) implements Outcome {
    }

    /** Held by another owner and the caller may not wait: nothing changed. */
    record Busy(Effects effects) implements Outcome {
    }

    /**
     * Held by another owner: the caller waits in the queue. An earlier waiting call of the same owner is answered
     * "not granted" in the effects.
     *
     * @param waiter the queued call
     */
    record Parked(Waiter waiter, Effects effects) implements Outcome {
    }

    /** The caller's session has ended (or was never opened): nothing was granted or queued. */
    record SessionGone(Effects effects) implements Outcome {
    }

    /** The grant ended (released, undelivered, removed) as asked; see the effects for it and the next holder. */
    record Released(Effects effects) implements Outcome {
    }

    /**
     * The holder's lease was extended (a grant under a session is kept by its session and is left as it is).
     *
     * @param previousEndNanos when the grant would have ended before this call
     * @param lock             the lock now
     */
    record Renewed(long previousEndNanos, LockView lock, Effects effects) implements Outcome {
    }

    /**
     * The holder yielded while no call waited: it keeps the grant as it is.
     *
     * @param lock the lock, unchanged
     */
    record Kept(LockView lock, Effects effects) implements Outcome {
    }

    /** The caller does not hold the lock (or no longer: the effects may show it expiring): nothing else changed. */
    record NotHolder(Effects effects) implements Outcome {
    }

    /** The parked call left the queue; it was not granted. */
    record Withdrawn(Effects effects) implements Outcome {
    }

    /** The call was not in the queue any more: it had been answered already (granted or not). */
    record NotWaiting(Effects effects) implements Outcome {
    }

    /**
     * An expiry visit found the grant alive.
     *
     * @param lock the lock now, with the end to visit again at
     */
    record StillHeld(LockView lock, Effects effects) implements Outcome {
    }
}
