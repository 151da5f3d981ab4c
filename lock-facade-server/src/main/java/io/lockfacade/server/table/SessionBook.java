package io.lockfacade.server.table;

import java.util.Comparator;
import java.util.List;

/**
 * The session transitions of a {@link LockMachine}: open, keep alive, close, force-expire and the expiry visit.
 * Like the lock transitions they take a {@link Moment}, read no clock and return a typed {@link SessionOutcome}.
 * A session whose TTL has run out is ended by whichever transition finds it so, which releases its locks in the
 * same step; an ended session is forgotten (clients never reuse an id).
 */
public final class SessionBook {

    private final Ledger ledger;
    private final LockMachine machine;

    SessionBook(Ledger ledger, LockMachine machine) {
        this.ledger = ledger;
        this.machine = machine;
    }

    /**
     * Opens the session, or keeps it alive if it is open already (a retried open).
     *
     * @return {@code Alive} (with an earlier open's TTL if it existed), or {@code Ended} if it existed and its TTL
     *         had run out: it ends now and a new session must be opened under a new id
     */
    public SessionOutcome open(String sessionId, long ttlMillis, Moment m) {
        SessionState created = new SessionState(sessionId, ttlMillis, m.nanos());
        SessionState existing = ledger.sessions.putIfAbsent(sessionId, created);
        if (existing == null) {
            return new SessionOutcome.Alive(ttlMillis, 0, created.endNanos(), created.endNanos());
        }
        return keepAlive(existing, m);
    }

    /**
     * Extends the session to one TTL from now.
     *
     * @return {@code Alive}, {@code Ended} if its TTL had run out (it ends now), or {@code NotOpen}
     */
    public SessionOutcome keepAlive(String sessionId, Moment m) {
        SessionState session = ledger.sessions.get(sessionId);
        return session == null ? new SessionOutcome.NotOpen() : keepAlive(session, m);
    }

    private SessionOutcome keepAlive(SessionState session, Moment m) {
        long previousEnd = session.endNanos();
        if (session.keepAlive(m.nanos())) {
            return new SessionOutcome.Alive(session.ttlMillis, session.forceRemovals(), previousEnd,
                    session.endNanos());
        }
        return machine.endSession(session, Effects.Cause.EXPIRED, m);
    }

    /**
     * Ends the session now and releases its locks: closed by its client ({@link Effects.Cause#RELEASED}) or
     * force-expired by an operator ({@link Effects.Cause#REMOVED}).
     *
     * @return {@code Ended}, or {@code NotOpen}
     */
    public SessionOutcome end(String sessionId, Effects.Cause cause, Moment m) {
        SessionState session = ledger.sessions.get(sessionId);
        return session == null ? new SessionOutcome.NotOpen() : machine.endSession(session, cause, m);
    }

    /**
     * An expiry visit: ends the session if its TTL has run out.
     *
     * @return {@code Ended}, {@code StillOpen} with the end to visit again at, or {@code NotOpen}
     */
    public SessionOutcome expire(String sessionId, Moment m) {
        SessionState session = ledger.sessions.get(sessionId);
        if (session == null) {
            return new SessionOutcome.NotOpen();
        }
        if (!session.hasEnded(m.nanos())) {
            return new SessionOutcome.StillOpen(session.endNanos());
        }
        return machine.endSession(session, Effects.Cause.EXPIRED, m);
    }

    /** @return whether the session is open and alive at {@code nowNanos} */
    public boolean isAlive(String sessionId, long nowNanos) {
        return ledger.liveSession(sessionId, nowNanos) != null;
    }

    /** @return a picture of every open session, by id; weakly consistent */
    public List<SessionView> describe() {
        return ledger.sessions.values().stream()
                .map(s -> new SessionView(s.id, s.ttlMillis, s.lockCount(), s.lastKeepAliveNanos(), s.endNanos(),
                        s.forceRemovals()))
                .sorted(Comparator.comparing(SessionView::id))
                .toList();
    }

    /** @return how many sessions are open */
    public int size() {
        return ledger.sessions.size();
    }
}
