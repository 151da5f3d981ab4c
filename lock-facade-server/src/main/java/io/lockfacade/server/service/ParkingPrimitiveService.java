package io.lockfacade.server.service;

import io.lockfacade.api.LockGrant;
import io.lockfacade.api.PrimitiveLockService;
import io.lockfacade.server.table.Handout;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * What the Hessian endpoint serves of read-write locks, semaphores and leaderships: the contract's calls plus, for
 * each call that may wait, a form that parks without a thread, as {@link ParkingLockService} has for locks. Each
 * future completes with the handout, with {@code null} when not granted and the (capped) wait is over, or
 * exceptionally; cancelling it withdraws the call, and a grant that raced with the cancellation is released through
 * {@link ParkingLockService#releaseUndelivered}. The operator's actions ({@link PrimitiveOperations}) come with it.
 */
public interface ParkingPrimitiveService extends PrimitiveLockService, PrimitiveOperations {

    /** {@link #tryReadLockInSession} without blocking. */
    CompletableFuture<Handout> tryReadLockAsync(String lockType, String key, String owner, String sessionId,
                                                long waitMillis);

    /** {@link #tryWriteLockInSession} without blocking. */
    CompletableFuture<Handout> tryWriteLockAsync(String lockType, String key, String owner, String sessionId,
                                                 long waitMillis);

    /** {@link #tryAcquirePermits} without blocking. */
    CompletableFuture<Handout> tryAcquirePermitsAsync(String lockType, String key, String holder, int permits,
                                                      int capacity, String sessionId, long waitMillis);

    /**
     * {@link #tryReadLockInSessionHolding} without blocking. A service that does not detect deadlocks answers it as
     * {@link #tryReadLockAsync}: this default.
     */
    default CompletableFuture<Handout> tryReadLockHoldingAsync(String lockType, String key, String owner,
                                                               String sessionId, long waitMillis, String heldLocks,
                                                               long deadlockCheckMillis) {
        return tryReadLockAsync(lockType, key, owner, sessionId, waitMillis);
    }

    /** {@link #tryWriteLockInSessionHolding} without blocking, as {@link #tryReadLockHoldingAsync}. */
    default CompletableFuture<Handout> tryWriteLockHoldingAsync(String lockType, String key, String owner,
                                                                String sessionId, long waitMillis, String heldLocks,
                                                                long deadlockCheckMillis) {
        return tryWriteLockAsync(lockType, key, owner, sessionId, waitMillis);
    }

    /** {@link #tryAcquirePermitsHolding} without blocking, as {@link #tryReadLockHoldingAsync}. */
    default CompletableFuture<Handout> tryAcquirePermitsHoldingAsync(String lockType, String key, String holder,
                                                                     int permits, int capacity, String sessionId,
                                                                     long waitMillis, String heldLocks,
                                                                     long deadlockCheckMillis) {
        return tryAcquirePermitsAsync(lockType, key, holder, permits, capacity, sessionId, waitMillis);
    }

    /** {@link #joinLeadership} without blocking. */
    CompletableFuture<Handout> joinLeadershipAsync(String name, String participant, String sessionId,
                                                   long waitMillis);

    /** {@link #awaitReadWriteWaiter} without blocking. */
    CompletableFuture<Integer> awaitReadWriteWaiterAsync(String lockType, String key, String owner, long waitMillis);

    @Override
    default int awaitReadWriteWaiter(String lockType, String key, String owner, long waitMillis) {
        CompletableFuture<Integer> answer = awaitReadWriteWaiterAsync(lockType, key, owner, waitMillis);
        try {
            return answer.get();
        } catch (InterruptedException e) {
            answer.cancel(false);
            Thread.currentThread().interrupt();
            return READ_WRITE_QUIET;
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException failure ? failure : new IllegalStateException(e.getCause());
        }
    }

    @Override
    default LockGrant tryReadLockInSession(String lockType, String key, String owner,
                                                             String sessionId, long waitMillis) {
        return ParkingLockService.awaitGrant(tryReadLockAsync(lockType, key, owner, sessionId, waitMillis));
    }

    @Override
    default LockGrant tryWriteLockInSession(String lockType, String key, String owner,
                                                              String sessionId, long waitMillis) {
        return ParkingLockService.awaitGrant(tryWriteLockAsync(lockType, key, owner, sessionId, waitMillis));
    }

    @Override
    default LockGrant tryAcquirePermits(String lockType, String key, String holder, int permits,
                                                          int capacity, String sessionId, long waitMillis) {
        return ParkingLockService.awaitGrant(
                tryAcquirePermitsAsync(lockType, key, holder, permits, capacity, sessionId, waitMillis));
    }

    @Override
    default LockGrant tryReadLockInSessionHolding(String lockType, String key, String owner, String sessionId,
                                                  long waitMillis, String heldLocks, long deadlockCheckMillis) {
        return ParkingLockService.awaitGrant(tryReadLockHoldingAsync(lockType, key, owner, sessionId, waitMillis,
                heldLocks, deadlockCheckMillis));
    }

    @Override
    default LockGrant tryWriteLockInSessionHolding(String lockType, String key, String owner, String sessionId,
                                                   long waitMillis, String heldLocks, long deadlockCheckMillis) {
        return ParkingLockService.awaitGrant(tryWriteLockHoldingAsync(lockType, key, owner, sessionId, waitMillis,
                heldLocks, deadlockCheckMillis));
    }

    @Override
    default LockGrant tryAcquirePermitsHolding(String lockType, String key, String holder, int permits, int capacity,
                                               String sessionId, long waitMillis, String heldLocks,
                                               long deadlockCheckMillis) {
        return ParkingLockService.awaitGrant(tryAcquirePermitsHoldingAsync(lockType, key, holder, permits, capacity,
                sessionId, waitMillis, heldLocks, deadlockCheckMillis));
    }

    @Override
    default LockGrant joinLeadership(String name, String participant, String sessionId,
                                                       long waitMillis) {
        return ParkingLockService.awaitGrant(joinLeadershipAsync(name, participant, sessionId, waitMillis));
    }
}
