package io.lockfacade.server.table;

/**
 * A parked {@code tryLock} call as the table knows it: a value, queued first come, first served behind the
 * holder. The call itself (the future the transport answers) lives outside the table, found by {@link #id()}.
 *
 * @param id          chosen by the caller, unique among the calls waiting at one time
 * @param lockKey     the lock it waits for
 * @param owner       who would hold the lock
 * @param leaseMillis the lease the grant would have (ignored under a session)
 * @param sessionId   the session the grant would live under, or {@code null} for a lease of its own
 */
public record Waiter(long id, LockKey lockKey, String owner, long leaseMillis, String sessionId) {
}
