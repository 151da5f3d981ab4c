package io.lockfacade.bench.client;

import io.lockfacade.api.LockGrant;
import io.lockfacade.api.MemoryLockService;
import io.lockfacade.api.YieldOutcome;

import java.util.concurrent.atomic.LongAdder;

/**
 * Counts the remote calls a client makes, by method, and passes each one on unchanged. Thread-safe.
 */
public final class CountingLockService implements MemoryLockService {

    private final MemoryLockService delegate;
    private final LongAdder tryLocks = new LongAdder();
    private final LongAdder unlocks = new LongAdder();
    private final LongAdder yields = new LongAdder();
    private final LongAdder renewals = new LongAdder();
    private final LongAdder typeChecks = new LongAdder();

    /**
     * @param delegate the service that makes the calls, usually the Hessian proxy
     */
    public CountingLockService(MemoryLockService delegate) {
        this.delegate = delegate;
    }

    @Override
    public LockGrant tryLock(String lockType, String key, String owner, long leaseMillis, long waitMillis) {
        tryLocks.increment();
        return delegate.tryLock(lockType, key, owner, leaseMillis, waitMillis);
    }

    @Override
    public boolean unlock(String lockType, String key, String owner) {
        unlocks.increment();
        return delegate.unlock(lockType, key, owner);
    }

    @Override
    public YieldOutcome yieldToWaiters(String lockType, String key, String owner) {
        yields.increment();
        return delegate.yieldToWaiters(lockType, key, owner);
    }

    @Override
    public boolean renew(String lockType, String key, String owner, long leaseMillis) {
        renewals.increment();
        return delegate.renew(lockType, key, owner, leaseMillis);
    }

    /** Counted as a type check: a read that changes nothing. */
    @Override
    public boolean hasWaiters(String lockType, String key) {
        typeChecks.increment();
        return delegate.hasWaiters(lockType, key);
    }

    @Override
    public boolean isLockTypeEmpty(String lockType) {
        typeChecks.increment();
        return delegate.isLockTypeEmpty(lockType);
    }

    /** Counted as a renewal: session upkeep. */
    @Override
    public long openSession(String sessionId, long ttlMillis) {
        renewals.increment();
        return delegate.openSession(sessionId, ttlMillis);
    }

    /** Counted as a renewal: one keep-alive upholds every grant of the node. */
    @Override
    public long keepAliveSession(String sessionId) {
        renewals.increment();
        return delegate.keepAliveSession(sessionId);
    }

    /** Counted as a renewal: session upkeep. */
    @Override
    public boolean closeSession(String sessionId) {
        renewals.increment();
        return delegate.closeSession(sessionId);
    }

    /** Counted as a {@code tryLock}. */
    @Override
    public LockGrant tryLockInSession(String lockType, String key, String owner, String sessionId,
                                      long waitMillis) {
        tryLocks.increment();
        return delegate.tryLockInSession(lockType, key, owner, sessionId, waitMillis);
    }

    /** Counted as a {@code tryLock}; forwarded as it is, so the master still checks the wait for deadlocks. */
    @Override
    public LockGrant tryLockInSessionHolding(String lockType, String key, String owner, String sessionId,
                                             long waitMillis, String heldLocks, long deadlockCheckMillis) {
        tryLocks.increment();
        return delegate.tryLockInSessionHolding(lockType, key, owner, sessionId, waitMillis, heldLocks,
                deadlockCheckMillis);
    }

    /** @return session upkeep and lease renewal calls made so far: open, keep-alive, close, renew */
    public long renewalCalls() {
        return renewals.sum();
    }

    /** @return every call made so far */
    public long totalCalls() {
        return tryLocks.sum() + unlocks.sum() + yields.sum() + renewals.sum() + typeChecks.sum();
    }

    @Override
    public String toString() {
        return "CountingLockService[" + delegate + "]";
    }
}
