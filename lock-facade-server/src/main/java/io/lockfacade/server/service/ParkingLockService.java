package io.lockfacade.server.service;

import io.lockfacade.api.LockGrant;
import io.lockfacade.api.MemoryLockService;
import io.lockfacade.api.SessionExpiredException;
import io.lockfacade.server.table.Handout;

import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

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
     * {@link #tryLockInSessionHolding} that never blocks, as {@link #tryLockAsync} is to {@link #tryLock}. A service
     * that does not detect deadlocks answers it as {@link #tryLockInSessionAsync}: this default.
     *
     * @throws SessionExpiredException  if the session has ended or was never opened; nothing changes then
     * @throws IllegalArgumentException if an argument is outside the limits; nothing changes then
     */
    default CompletableFuture<Handout> tryLockInSessionHoldingAsync(String lockType, String key, String owner,
                                                                    String sessionId, long waitMillis,
                                                                    String heldLocks, long deadlockCheckMillis) {
        return tryLockInSessionAsync(lockType, key, owner, sessionId, waitMillis);
    }

    /** Blocks on {@link #tryLockInSessionHoldingAsync}; an interrupt withdraws the call. */
    @Override
    default LockGrant tryLockInSessionHolding(String lockType, String key, String owner, String sessionId,
                                              long waitMillis, String heldLocks, long deadlockCheckMillis) {
        return awaitGrant(tryLockInSessionHoldingAsync(lockType, key, owner, sessionId, waitMillis, heldLocks,
                deadlockCheckMillis));
    }

    /** Blocks on {@link #tryLockAsync}; an interrupt withdraws the call and answers "not granted". */
    @Override
    default LockGrant tryLock(String lockType, String key, String owner, long leaseMillis, long waitMillis) {
        return awaitGrant(tryLockAsync(lockType, key, owner, leaseMillis, waitMillis));
    }

    /** Blocks on {@link #tryLockInSessionAsync}; an interrupt withdraws the call and answers "not granted". */
    @Override
    default LockGrant tryLockInSession(String lockType, String key, String owner, String sessionId,
                                       long waitMillis) {
        return awaitGrant(tryLockInSessionAsync(lockType, key, owner, sessionId, waitMillis));
    }

    /**
     * @return the grant the call completed with, or {@code null} when not granted or interrupted (the call is then
     *         withdrawn and the interrupt flag restored)
     * @throws RuntimeException the exception the call failed with, unwrapped
     */
    static LockGrant awaitGrant(CompletableFuture<Handout> call) {
        try {
            Handout handout = call.get();
            return handout == null ? null : handout.grant();
        } catch (InterruptedException e) {
            call.cancel(false);
            Thread.currentThread().interrupt();
            return null;
        } catch (ExecutionException e) {
            Throwable reason = e.getCause();
            while (reason instanceof CompletionException && reason.getCause() != null) {
                reason = reason.getCause();
            }
            throw reason instanceof RuntimeException runtime ? runtime : new IllegalStateException(reason);
        }
    }

    /**
     * Releases a grant the transport could not deliver to its caller, unless a later call of the same owner was
     * handed the same grant meanwhile.
     */
    void releaseUndelivered(Handout handout);

    /**
     * @return the read-write locks, semaphores and leaderships this service serves, or empty if it serves none (the
     *         endpoint then answers their calls with {@link io.lockfacade.api.CallNotServedException})
     */
    default Optional<ParkingPrimitiveService> primitives() {
        return Optional.empty();
    }

    /** @return the settings the service runs with (the endpoint reads the wait cap) */
    MasterSettings settings();
}
