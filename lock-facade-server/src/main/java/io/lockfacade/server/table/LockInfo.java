package io.lockfacade.server.table;

/**
 * A read-only picture of one live lock, for the admin page and its JSON API.
 *
 * @param lockType              the lock type
 * @param key                   the key within the type
 * @param owner                 the owner holding it
 * @param fencingToken          the token of the current grant
 * @param acquiredAtEpochMillis when the current grant was made, wall clock
 * @param leaseRemainingMillis  how long until the lease expires unless renewed
 * @param waiters               how many calls are parked waiting for this lock
 */
public record LockInfo(String lockType, String key, String owner, long fencingToken, long acquiredAtEpochMillis,
                       long leaseRemainingMillis, int waiters) {
}
