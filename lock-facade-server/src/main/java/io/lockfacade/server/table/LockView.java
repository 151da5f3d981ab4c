package io.lockfacade.server.table;

/**
 * A consistent picture of one held lock, on the table's own time axis.
 *
 * @param lockKey         the lock
 * @param owner           its holder
 * @param fencingToken    the token of the current grant
 * @param acquiredAtNanos when the current grant was made
 * @param leaseMillis     the lease the grant reports (its session's TTL under a session)
 * @param endNanos        when the grant ends unless renewed or kept alive (its session's deadline under a session)
 * @param sessionId       the session the grant lives under, or {@code null} for a lease of its own
 * @param waiters         how many calls are parked on the lock
 */
public record LockView(LockKey lockKey, String owner, long fencingToken, long acquiredAtNanos, long leaseMillis,
                       long endNanos, String sessionId, int waiters) {

    /** @return whether the grant has a lease of its own, so an expiry schedule must visit it at {@link #endNanos} */
    public boolean isLeased() {
        return sessionId == null;
    }
}
