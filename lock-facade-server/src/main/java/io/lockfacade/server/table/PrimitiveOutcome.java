package io.lockfacade.server.table;

/**
 * The typed answer of one transition of a read-write lock ({@link ReadWriteLocks}), a semaphore
 * ({@link Semaphores}) or a leadership ({@link Leaderships}), with its {@link Effects}: the parked calls answered in
 * the same step, granted or not. Like {@link Outcome} it says what the table decided and does nothing outside it.
 */
public sealed interface PrimitiveOutcome {

    /** @return the parked calls answered by the same step */
    Effects effects();

    /**
     * A new grant with a fresh fencing token (for a leadership: the caller is elected, the token is its epoch).
     *
     * @param handout the grant; its lease is the session's TTL
     */
    record Granted(Handout handout, Effects effects) implements PrimitiveOutcome {
    }

    /**
     * The holder asked again: the same grant, same token, nothing changed.
     *
     * @param handout the grant it holds
     */
    record AlreadyHeld(Handout handout, Effects effects) implements PrimitiveOutcome {
    }

    /** Not grantable now and the caller may not wait: nothing changed (a leadership candidate stays one). */
    record Busy(Effects effects) implements PrimitiveOutcome {
    }

    /**
     * Not grantable now: the call waits. An earlier waiting call of the same owner is answered "not granted" in
     * the effects.
     *
     * @param waiter the queued call
     */
    record Parked(Waiter waiter, Effects effects) implements PrimitiveOutcome {
    }

    /** The caller's session has ended (or was never opened): nothing was granted or queued. */
    record SessionGone(Effects effects) implements PrimitiveOutcome {
    }

    /**
     * The call can never be granted as asked, so it is refused at once and nothing changed: a reader asking for the
     * write lock (it would wait for itself), or more permits than the semaphore has.
     *
     * @param reason what was asked and why it cannot be granted, for the caller's exception
     */
    record Refused(String reason, Effects effects) implements PrimitiveOutcome {
    }

    /** The grant ended (or shrank) as asked; see the effects for the calls that got what it freed. */
    record Released(Effects effects) implements PrimitiveOutcome {
    }

    /** The caller holds no such grant: nothing changed. */
    record NotHolder(Effects effects) implements PrimitiveOutcome {
    }

    /** The parked call left the queue without a grant; calls behind it may have been granted (see the effects). */
    record Withdrawn(Effects effects) implements PrimitiveOutcome {
    }

    /** The call was not in the queue any more: it had been answered already. */
    record NotWaiting(Effects effects) implements PrimitiveOutcome {
    }
}
