package io.lockfacade.server.session;

import io.lockfacade.api.SessionExpiredException;
import io.lockfacade.server.table.LockTable;
import io.lockfacade.server.table.Session;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * The master's open sessions, by id: opening, keep-alive, closing, and ending the sessions whose TTL ran out.
 *
 * <p>Keep-alive costs O(1). Ending a session releases its locks through {@link LockTable#endSession}, O(locks of
 * that session). Finding the sessions due visits the sessions, never the locks: a node has one session, so their
 * number is the number of nodes. An ended session is forgotten; its id is not reused by clients (they add a UUID).
 */
public final class SessionRegistry {

    private final ConcurrentHashMap<String, Session> open = new ConcurrentHashMap<>();
    private final LockTable table;
    private final LongSupplier nanoClock;
    private final LongSupplier epochMillisClock;

    /**
     * @param table            the table whose locks sessions hold
     * @param nanoClock        monotonic time, the same the table uses
     * @param epochMillisClock wall-clock time, for display only
     */
    public SessionRegistry(LockTable table, LongSupplier nanoClock, LongSupplier epochMillisClock) {
        this.table = table;
        this.nanoClock = nanoClock;
        this.epochMillisClock = epochMillisClock;
    }

    /**
     * Opens the session, or keeps it alive if it is open already (a retried open).
     *
     * @return the TTL of the session, which may be an earlier open's if the session existed
     * @throws SessionExpiredException if the session exists but its TTL has run out
     */
    public long open(String sessionId, long ttlMillis) {
        long now = nanoClock.getAsLong();
        Session session = open.computeIfAbsent(sessionId,
                id -> new Session(id, ttlMillis, now, epochMillisClock.getAsLong()));
        if (!session.keepAlive(now, epochMillisClock.getAsLong())) {
            throw ended(sessionId);
        }
        return session.ttlMillis();
    }

    /**
     * @return how many of the session's locks were force-removed, if it is alive and was extended by one TTL from
     *         now; {@code -1} if it has ended or was never opened
     */
    public long keepAlive(String sessionId) {
        Session session = open.get(sessionId);
        boolean alive = session != null && session.keepAlive(nanoClock.getAsLong(), epochMillisClock.getAsLong());
        return alive ? session.forceRemovals() : -1;
    }

    /**
     * Ends the session, releasing its locks (client close, or an operator's force-expire).
     *
     * @return how many locks the session held and were released, or empty if no such session was open
     */
    public OptionalInt end(String sessionId) {
        Session session = open.remove(sessionId);
        if (session == null) {
            return OptionalInt.empty();
        }
        return OptionalInt.of(table.endSession(session));
    }

    /**
     * @return the open, live session of that id
     * @throws SessionExpiredException if there is none
     */
    public Session require(String sessionId) {
        Session session = open.get(sessionId);
        if (session == null || session.hasEnded(nanoClock.getAsLong())) {
            throw ended(sessionId);
        }
        return session;
    }

    /**
     * Ends every session whose TTL ran out at or before {@code nowNanos}.
     *
     * @return how many sessions ended
     */
    public int expireDue(long nowNanos) {
        List<Session> due = new ArrayList<>();
        for (Session session : open.values()) {
            if (session.hasEnded(nowNanos)) {
                due.add(session);
            }
        }
        for (Session session : due) {
            if (open.remove(session.id(), session)) {
                table.endSession(session);
            }
        }
        return due.size();
    }

    /** @return the earliest end of an open session's TTL, at least {@code nowNanos}; MAX_VALUE if none */
    public long nextDeadlineNanos(long nowNanos) {
        long next = Long.MAX_VALUE;
        for (Session session : open.values()) {
            long end = Math.max(nowNanos, session.expiresAtNanos());
            if (end - next < 0) {
                next = end;
            }
        }
        return next;
    }

    /** @return the open sessions, weakly consistent */
    public Collection<Session> sessions() {
        return List.copyOf(open.values());
    }

    /** @return a picture of every open session, by id, weakly consistent */
    public List<SessionInfo> describe() {
        long now = nanoClock.getAsLong();
        return open.values().stream()
                .map(session -> new SessionInfo(session.id(), session.ttlMillis(), session.lockCount(),
                        session.lastKeepAliveEpochMillis(),
                        TimeUnit.NANOSECONDS.toMillis(Math.max(0, session.expiresAtNanos() - now))))
                .sorted(Comparator.comparing(SessionInfo::id))
                .toList();
    }

    private static SessionExpiredException ended(String sessionId) {
        return new SessionExpiredException("session " + sessionId
                + " has ended or was never opened: its locks were released; open a new session");
    }
}
