package io.lockfacade.server.service;

import io.lockfacade.api.MemoryLockService;
import io.lockfacade.api.SessionExpiredException;
import io.lockfacade.server.table.Handout;

import java.util.concurrent.CompletableFuture;

/**
 * What the Hessian endpoint serves: the lock service plus acquisitions that park without a thread. The single
 * master ({@link MemoryLockServiceImpl}) and a master-group member implement it.
 */
public interface ParkingLockService extends MemoryLockService {

    /**
     * Like {@link #tryLock} but never blocks: the future completes with the handout, or with {@code null} when
     * the lock is busy and the (capped) wait is over, or exceptionally (for example with
     * {@link io.lockfacade.api.NotLeaderException} on a group member that stopped leading). Cancelling the
     * future withdraws the call; a grant that raced with the cancellation is released.
     *
     * @throws IllegalArgumentException if an argument is outside the limits; nothing changes then
     */
    CompletableFuture<Handout> tryLockAsync(String lockType, String key, String owner, long leaseMillis,
                                            long waitMillis);

    /**
     * {@link #tryLockInSession} that never blocks, as {@link #tryLockAsync} is to {@link #tryLock}.
     *
     * @throws SessionExpiredException  if the session has ended or was never opened; nothing changes then
     * @throws IllegalArgumentException if an argument is outside the limits; nothing changes then
     */
    CompletableFuture<Handout> tryLockInSessionAsync(String lockType, String key, String owner, String sessionId,
                                                     long waitMillis);

    /**
     * Releases a grant the transport could not deliver to its caller, unless a later call of the same owner was
     * handed the same grant meanwhile.
     */
    void releaseUndelivered(Handout handout);

    /** @return the settings the service runs with (the endpoint reads the wait cap) */
    MasterSettings settings();
}
