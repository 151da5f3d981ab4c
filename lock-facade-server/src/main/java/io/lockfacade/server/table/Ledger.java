package io.lockfacade.server.table;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What the transitions of all keys share: the fencing counter, the grant count, the live types and the open
 * sessions. Each part is safe for concurrent keys without a global lock.
 */
final class Ledger {

    final TokenCounter tokens;
    final AtomicLong grants;
    final LiveTypeCounter liveTypes = new LiveTypeCounter();
    final ConcurrentHashMap<String, SessionState> sessions = new ConcurrentHashMap<>();

    Ledger(long lastToken, long grantCount) {
        this.tokens = new TokenCounter(lastToken);
        this.grants = new AtomicLong(grantCount);
    }

    /** @return the open session of that id, or {@code null} if none or it has ended by {@code nowNanos} */
    SessionState liveSession(String sessionId, long nowNanos) {
        SessionState session = sessionId == null ? null : sessions.get(sessionId);
        return session == null || session.hasEnded(nowNanos) ? null : session;
    }
}
