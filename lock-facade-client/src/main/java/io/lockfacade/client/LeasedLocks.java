package io.lockfacade.client;

import io.lockfacade.api.LockLimits;
import io.lockfacade.api.LockServiceUnavailableException;

import java.time.Duration;
import java.util.Optional;

/**
 * Locks that belong to no thread and live for a fixed lease that nobody renews behind the holder's back: the
 * master frees such a lock when its lease runs out, whether its holder finished, froze, died or is still working.
 * This is the lock a job scheduler such as ShedLock needs ({@code lockAtMostFor} is the lease), where
 * {@link LockFacade}'s thread-owned locks live as long as the node's session.
 *
 * <p>A leased lock and a {@link LockFacade} lock of the same type and key exclude each other: the master grants
 * the name to one owner at a time. Each lease has an owner of its own, so two leases on one node exclude each
 * other too.
 */
public interface LeasedLocks {

    /**
     * Takes the lock for {@code lease} if it is free now; never waits.
     *
     * @param lease how long the master keeps the lock unless {@link LeasedLock#extend} or
     *              {@link LeasedLock#release} says otherwise, {@link LockLimits#MIN_LEASE} to
     *              {@link LockLimits#MAX_LEASE}
     * @return the lease, or empty if another owner holds the lock
     * @throws IllegalArgumentException        if the type, key or lease is outside {@link LockLimits}
     * @throws LockServiceUnavailableException if the master cannot be reached; nothing is held then
     * @throws IllegalStateException           if this lock service has been closed
     */
    Optional<LeasedLock> tryLease(String lockType, String key, Duration lease);
}
