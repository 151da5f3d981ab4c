package io.lockfacade.server.table;

import io.lockfacade.api.LockGrant;

/**
 * One grant of a read-write lock, of semaphore permits or of a leadership: who holds it, under which session, and
 * its fencing token. The grants of these primitives live as long as their session; they have no lease of their own.
 *
 * @param owner           the holder
 * @param token           the grant's fencing token, from the same counter as every lock's
 * @param session         the session the grant lives under
 * @param acquiredAtNanos when the grant was made
 * @param permits         how many permits it holds (1 for a lock or a leadership)
 * @param handouts        how many calls were handed the grant and may have got it (see {@link Handout})
 */
record Hold(String owner, long token, SessionState session, long acquiredAtNanos, int permits, int handouts) {

    /**
     * Makes a grant with a fresh token, recorded on its session so that the session's end releases it.
     *
     * @return the grant, or {@code null} (no token issued) if the session has ended
     */
    static Hold grant(SessionHolding holding, String owner, int permits, SessionState session, Moment m,
                      Ledger ledger) {
        if (!session.hold(holding)) {
            return null;
        }
        long token = ledger.tokens.issue(m.tokenFloor());
        ledger.grants.incrementAndGet();
        return new Hold(owner, token, session, m.nanos(), permits, 1);
    }

    /** @return the grant as the caller gets it: its session's TTL stands for the lease */
    Handout handout(LockKey key) {
        return new Handout(new LockGrant(key.lockType(), key.key(), owner, token, session.ttlMillis), handouts);
    }

    /** @return the same grant, handed to one more call (the holder asked again) */
    Hold handedOutAgain() {
        return new Hold(owner, token, session, acquiredAtNanos, permits, handouts + 1);
    }

    /** @return the same grant, one of whose handouts never reached its call */
    Hold oneHandoutLost() {
        return new Hold(owner, token, session, acquiredAtNanos, permits, handouts - 1);
    }

    /** @return the same grant, holding fewer permits */
    Hold withPermits(int fewer) {
        return new Hold(owner, token, session, acquiredAtNanos, fewer, handouts);
    }

    /** @return the grant as a lock view, for whoever applies the effects (no expiry visit: it has no lease) */
    LockView view(LockKey key, int waiters) {
        return new LockView(key, owner, token, acquiredAtNanos, session.ttlMillis, session.endNanos(), session.id,
                waiters);
    }

    /** @return whether the grant's session has ended or lapsed by {@code nowNanos} */
    boolean hasLapsed(long nowNanos) {
        return session.hasEnded(nowNanos);
    }
}
