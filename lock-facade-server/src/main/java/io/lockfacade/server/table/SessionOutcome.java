package io.lockfacade.server.table;

/** The typed answer of one session transition of {@link LockMachine}. */
public sealed interface SessionOutcome {

    /**
     * The session is open and runs one TTL from now (opened, retried open, or kept alive).
     *
     * @param ttlMillis           the session's TTL (an earlier open's for a retried open)
     * @param forceRemovals       how many of its locks an operator removed since it was opened
     * @param previousEndNanos    when it would have ended before this call ({@code endNanos} for a new session)
     * @param endNanos            when it ends unless kept alive again
     */
    record Alive(long ttlMillis, long forceRemovals, long previousEndNanos, long endNanos) implements SessionOutcome {
    }

    /**
     * The session ended in this step (closed, force-expired, or found with its TTL run out) and its locks were
     * released.
     *
     * @param released how many locks it held
     * @param effects  the ended grants and the waiters that got them
     */
    record Ended(int released, Effects effects) implements SessionOutcome {
    }

    /** No such session is open (never opened, or ended before): nothing changed. */
    record NotOpen() implements SessionOutcome {
    }

    /**
     * An expiry visit found the session alive.
     *
     * @param endNanos when it ends unless kept alive
     */
    record StillOpen(long endNanos) implements SessionOutcome {
    }
}
