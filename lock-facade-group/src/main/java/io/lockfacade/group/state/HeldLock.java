package io.lockfacade.group.state;

/**
 * One granted lock in the replicated table. Mutable, owned by the table and changed only while it applies.
 */
final class HeldLock {

    final String lockType;
    final String key;
    final String owner;
    final long token;
    final long grantedAt;
    /** The session the lock lives under, or {@code null} for a lock with a lease of its own. */
    final String sessionId;
    long leaseMillis;
    /** When the lease ends (epoch millis, leader time); unused under a session. */
    long expiresAt;
    int handouts;

    HeldLock(String lockType, String key, String owner, long token, long grantedAt, String sessionId,
             long leaseMillis, long expiresAt, int handouts) {
        this.lockType = lockType;
        this.key = key;
        this.owner = owner;
        this.token = token;
        this.grantedAt = grantedAt;
        this.sessionId = sessionId;
        this.leaseMillis = leaseMillis;
        this.expiresAt = expiresAt;
        this.handouts = handouts;
    }
}
