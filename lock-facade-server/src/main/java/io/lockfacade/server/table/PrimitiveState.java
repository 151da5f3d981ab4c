package io.lockfacade.server.table;

/**
 * The state of one read-write lock, semaphore or leadership, as {@link PrimitiveTable} drives it: holders under
 * sessions and parked calls. Not thread-safe: its table runs every change inside its key's critical section.
 */
abstract class PrimitiveState {

    /**
     * Takes off every grant whose session has ended or lapsed by {@code m} (freed on access, as an expired lock is),
     * then serves the queue.
     */
    abstract void dropLapsed(LockKey key, Moment m, Ledger ledger, Effects.Builder fx);

    /** Takes off every grant of an ended session, then serves the queue. */
    abstract void dropSession(LockKey key, SessionState session, Moment m, Ledger ledger, Effects.Builder fx);

    /**
     * Takes a parked call out of the queue, then serves the queue (the call may have been in others' way).
     *
     * @return whether the call was queued
     */
    abstract boolean withdraw(LockKey key, long waiterId, Moment m, Ledger ledger, Effects.Builder fx);

    /** Answers every parked call "not granted" and empties the queue. */
    abstract void dropWaiters(Effects.Builder fx);

    /** @return the grant of that token on this key, or {@code null} */
    abstract Hold heldUnder(long token);

    /** Puts {@code now} in the place of {@code old}, the same grant. */
    abstract void replace(Hold old, Hold now);

    /** Ends the grant of that token as an operator's removal would, serving the line. */
    abstract PrimitiveOutcome endGrant(LockKey key, long token, Moment m, Effects.Builder fx);

    /**
     * The holder asked again: the same grant, handed to one more call.
     *
     * @return the answer to that call
     */
    final PrimitiveOutcome handOutAgain(LockKey key, Hold held, Effects.Builder fx) {
        Hold again = held.handedOutAgain();
        replace(held, again);
        return new PrimitiveOutcome.AlreadyHeld(again.handout(key), fx.build());
    }

    /**
     * Ends a grant the transport could not deliver, unless another call was handed it too and may have got it (then
     * only this handout is taken off its count), as {@link LockMachine#releaseUndelivered} does for a lock.
     *
     * @return {@code Released}, or {@code NotHolder} if the grant is not current or another handout may have
     *         reached its call
     */
    final PrimitiveOutcome releaseUndelivered(LockKey key, long token, Moment m, Effects.Builder fx) {
        Hold held = heldUnder(token);
        if (held == null) {
            return new PrimitiveOutcome.NotHolder(fx.build());
        }
        if (held.handouts() > 1) {
            replace(held, held.oneHandoutLost());
            return new PrimitiveOutcome.NotHolder(fx.build());
        }
        return endGrant(key, token, m, fx);
    }

    /** @return whether it holds nothing worth keeping: no grant, no parked call, nothing an operator set */
    abstract boolean isIdle();

    /**
     * @return the open session of that id, with the key recorded on it, for a state being restored
     * @throws IllegalArgumentException if the snapshot does not hold that session open
     */
    static SessionState restoredSession(String sessionId, SessionHolding holding, Ledger ledger) {
        SessionState session = ledger.sessions.get(sessionId);
        if (session == null || !session.hold(holding)) {
            throw new IllegalArgumentException(holding.key() + " names session " + sessionId
                    + ", which the snapshot does not hold open");
        }
        return session;
    }

    /** @return whether a grant of {@code session} remains on this key */
    abstract boolean heldBy(SessionState session);
}
