package io.lockfacade.bench.client;

import io.lockfacade.api.LockGrant;
import io.lockfacade.api.MemoryLockService;

import java.util.concurrent.atomic.LongAdder;

/**
 * Counts the remote calls a client makes, by method, and passes each one on unchanged. Thread-safe.
 */
public final class CountingLockService implements MemoryLockService {

    private final MemoryLockService delegate;
    private final LongAdder tryLocks = new LongAdder();
    private final LongAdder unlocks = new LongAdder();
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
    public boolean renew(String lockType, String key, String owner, long leaseMillis) {
        renewals.increment();
        return delegate.renew(lockType, key, owner, leaseMillis);
    }

    @Override
    public boolean isLockTypeEmpty(String lockType) {
        typeChecks.increment();
        return delegate.isLockTypeEmpty(lockType);
    }

    /** @return every call made so far */
    public long totalCalls() {
        return tryLocks.sum() + unlocks.sum() + renewals.sum() + typeChecks.sum();
    }

    @Override
    public String toString() {
        return "CountingLockService[" + delegate + "]";
    }
}
