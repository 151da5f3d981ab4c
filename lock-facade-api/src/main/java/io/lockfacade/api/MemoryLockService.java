package io.lockfacade.api;

/**
 * The master's lock table as seen over Hessian RPC ({@code POST /remoting/MemoryLockService}).
 *
 * <p>Locks live in a two-level namespace, lock type then key, as in the article this service replaces. Every
 * method validates its arguments with {@link LockArguments}: a bad argument is answered with an
 * {@link IllegalArgumentException} naming it, and the table is left unchanged.
 *
 * <p>The interface has no overloads on purpose: Hessian dispatches by method name.
 */
public interface MemoryLockService {

    /**
     * Grants the lock to {@code owner}, waiting up to {@code waitMillis} for the current holder to release it.
     *
     * <p>Waiters are served first come, first served and are woken the moment the lock is released or expires.
     * The master caps one call's wait (10 s by default); a caller that wants to wait longer calls again.
     * A call from the owner that already holds the lock returns the same grant (same fencing token) and
     * extends its lease, so a retried call is harmless.
     *
     * @param lockType    the lock type, see {@link LockLimits#MAX_NAME_LENGTH}
     * @param key         the key within the type
     * @param owner       an opaque owner id; only this owner may renew or unlock the grant
     * @param leaseMillis the lease; {@code <= 0} means the master's default (10 minutes)
     * @param waitMillis  how long to wait for a busy lock; {@code 0} means do not wait
     * @return the grant, or {@code null} if another owner still holds the lock when the wait ends
     * @throws IllegalArgumentException if an argument is outside {@link LockLimits}
     */
    LockGrant tryLock(String lockType, String key, String owner, long leaseMillis, long waitMillis);

    /**
     * Releases the lock if {@code owner} holds it; the oldest waiter, if any, gets it at once.
     *
     * @return {@code true} if the lock was held by {@code owner} and is now released; {@code false} (and nothing
     *         changes) if it is free, expired, removed, or held by another owner
     * @throws IllegalArgumentException if an argument is outside {@link LockLimits}
     */
    boolean unlock(String lockType, String key, String owner);

    /**
     * Extends the lease of a lock that {@code owner} still holds, to {@code leaseMillis} from now.
     *
     * @param leaseMillis the new lease; {@code <= 0} means the master's default
     * @return {@code true} if renewed; {@code false} if the lock is lost (expired, force-removed, or never held)
     * @throws IllegalArgumentException if an argument is outside {@link LockLimits}
     */
    boolean renew(String lockType, String key, String owner, long leaseMillis);

    /**
     * Tells whether no live lock of the given type exists.
     *
     * @throws IllegalArgumentException if {@code lockType} is outside {@link LockLimits}
     */
    boolean isLockTypeEmpty(String lockType);
}
