package io.lockfacade.client;

import io.lockfacade.api.LockLimits;
import io.lockfacade.api.LockServiceUnavailableException;

import java.time.Duration;

/**
 * One lease on a named lock, made by {@link LeasedLocks#tryLease}. Any thread may extend or release it. After the
 * lease ran out the lock is free for others: {@link #extend} and {@link #release} then answer {@code false}.
 */
public interface LeasedLock {

    /** @return the lock type */
    String lockType();

    /** @return the key within the lock type */
    String key();

    /**
     * @return the fencing token of the grant: pass it to the resource the lock protects so that it refuses a
     *         holder whose lease ran out; an extension keeps the token
     */
    long fencingToken();

    /**
     * Sets the lease to {@code lease} from now, longer or shorter than what is left.
     *
     * @return {@code true} if the lock was still held and now has the new lease; {@code false} if the lease had
     *         run out (or an operator removed the lock): it is lost and stays lost
     * @throws IllegalArgumentException        if {@code lease} is outside {@link LockLimits}
     * @throws LockServiceUnavailableException if the master cannot be reached; the old lease still runs
     */
    boolean extend(Duration lease);

    /**
     * Frees the lock now.
     *
     * @return {@code true} if it was still held; {@code false} if the lease had already run out
     * @throws LockServiceUnavailableException if the master cannot be reached; the lease still ends the lock
     */
    boolean release();
}
