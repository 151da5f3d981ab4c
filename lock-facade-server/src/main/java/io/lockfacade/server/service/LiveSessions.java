package io.lockfacade.server.service;

import io.lockfacade.api.SessionExpiredException;
import io.lockfacade.server.session.SessionInfo;
import io.lockfacade.server.session.SessionRegistry;
import io.lockfacade.server.table.Effects;
import io.lockfacade.server.table.SessionBook;
import io.lockfacade.server.table.SessionOutcome;

import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;

/**
 * The session calls of the contract and the operator's session view, as transitions of the lock table made at the
 * master's time, their outcomes applied. Keep-alive costs O(1); an ending costs O(locks of that session).
 */
public final class LiveSessions implements SessionRegistry {

    private final SessionBook book;
    private final MasterClocks clocks;
    private final OutcomeApplier applier;

    /** @param table the live table whose sessions these are */
    public LiveSessions(LiveTable table) {
        this.book = table.machine().sessions();
        this.clocks = table.clocks();
        this.applier = table.applier();
    }

    /**
     * Opens the session, or keeps it alive if it is open already (a retried open).
     *
     * @return the TTL of the session, which may be an earlier open's if the session existed
     * @throws SessionExpiredException if the session existed but its TTL had run out (it ends now)
     */
    public long open(String sessionId, long ttlMillis) {
        SessionOutcome outcome = applied(book.open(sessionId, ttlMillis, clocks.now()), sessionId);
        if (outcome instanceof SessionOutcome.Alive alive) {
            return alive.ttlMillis();
        }
        throw ended(sessionId);
    }

    /**
     * @return how many of the session's locks were force-removed, if it is alive and now runs one TTL from now;
     *         {@code -1} if it has ended or was never opened
     */
    public long keepAlive(String sessionId) {
        SessionOutcome outcome = applied(book.keepAlive(sessionId, clocks.now()), sessionId);
        return outcome instanceof SessionOutcome.Alive alive ? alive.forceRemovals() : -1;
    }

    /**
     * Closes the session at its client's request; its locks are released.
     *
     * @return whether it was open
     */
    public boolean close(String sessionId) {
        return applied(book.end(sessionId, Effects.Cause.RELEASED, clocks.now()), sessionId)
                instanceof SessionOutcome.Ended;
    }

    @Override
    public OptionalInt end(String sessionId) {
        SessionOutcome outcome = applied(book.end(sessionId, Effects.Cause.REMOVED, clocks.now()), sessionId);
        return outcome instanceof SessionOutcome.Ended ended ? OptionalInt.of(ended.released()) : OptionalInt.empty();
    }

    @Override
    public List<SessionInfo> describe() {
        long now = clocks.nanos().getAsLong();
        return book.describe().stream()
                .map(view -> new SessionInfo(view.id(), view.ttlMillis(), view.locks(),
                        clocks.epochMillisAt(view.lastKeepAliveNanos()),
                        TimeUnit.NANOSECONDS.toMillis(Math.max(0, view.endNanos() - now))))
                .toList();
    }

    private SessionOutcome applied(SessionOutcome outcome, String sessionId) {
        applier.apply(outcome, sessionId);
        return outcome;
    }

    static SessionExpiredException ended(String sessionId) {
        return new SessionExpiredException("session " + sessionId
                + " has ended or was never opened: its locks were released; open a new session");
    }
}
