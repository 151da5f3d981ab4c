package io.lockfacade.group.state;

import io.lockfacade.server.table.LockKey;

import java.util.LinkedHashSet;
import java.util.Set;

/**
 * One open session in the replicated table. Mutable, owned by the table and changed only while it applies.
 */
final class OpenSession {

    final String id;
    final long ttlMillis;
    long expiresAt;
    long forceRemovals;
    /** The locks granted under this session. */
    final Set<LockKey> locks = new LinkedHashSet<>();

    OpenSession(String id, long ttlMillis, long expiresAt, long forceRemovals) {
        this.id = id;
        this.ttlMillis = ttlMillis;
        this.expiresAt = expiresAt;
        this.forceRemovals = forceRemovals;
    }
}
