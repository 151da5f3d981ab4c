package io.lockfacade.demo.locks;

import io.lockfacade.api.LockGrant;
import io.lockfacade.api.MemoryLockService;
import io.lockfacade.api.YieldOutcome;

import java.util.Objects;
import java.util.concurrent.atomic.LongAdder;

/**
 * A {@link MemoryLockService} that counts the calls passing through to the master and notes when each grant came
 * ({@link GrantTimes}); it changes nothing else.
 */
final class CountingMemoryLockService implements MemoryLockService {

    private final MemoryLockService delegate;
    private final LongAdder tryLock = new LongAdder();
    private final LongAdder unlock = new LongAdder();
    private final LongAdder renew = new LongAdder();
    private final LongAdder isLockTypeEmpty = new LongAdder();
    private final GrantTimes grantTimes;

    CountingMemoryLockService(MemoryLockService delegate, GrantTimes grantTimes) {
        this.delegate = Objects.requireNonNull(delegate, "delegate");
        this.grantTimes = Objects.requireNonNull(grantTimes, "grantTimes");
    }

    @Override
    public LockGrant tryLock(String lockType, String key, String owner, long leaseMillis, long waitMillis) {
        tryLock.increment();
        return noted(delegate.tryLock(lockType, key, owner, leaseMillis, waitMillis));
    }

    @Override
    public boolean unlock(String lockType, String key, String owner) {
        unlock.increment();
        return delegate.unlock(lockType, key, owner);
    }

    /** Counted with the {@code unlock} calls: both release locks. */
    @Override
    public YieldOutcome yieldToWaiters(String lockType, String key, String owner) {
        unlock.increment();
        return delegate.yieldToWaiters(lockType, key, owner);
    }

    @Override
    public boolean renew(String lockType, String key, String owner, long leaseMillis) {
        renew.increment();
        return delegate.renew(lockType, key, owner, leaseMillis);
    }

    @Override
    public boolean isLockTypeEmpty(String lockType) {
        isLockTypeEmpty.increment();
        return delegate.isLockTypeEmpty(lockType);
    }

    /** Counted with the {@code isLockTypeEmpty} calls: both only read. */
    @Override
    public boolean hasWaiters(String lockType, String key) {
        isLockTypeEmpty.increment();
        return delegate.hasWaiters(lockType, key);
    }

    /** Counted with {@code renew}: opening, keeping alive and closing a session is lease upkeep. */
    @Override
    public long openSession(String sessionId, long ttlMillis) {
        renew.increment();
        return delegate.openSession(sessionId, ttlMillis);
    }

    /** Counted with {@code renew}: one keep-alive upholds every lease of the node. */
    @Override
    public long keepAliveSession(String sessionId) {
        renew.increment();
        return delegate.keepAliveSession(sessionId);
    }

    /** Counted with {@code renew}. */
    @Override
    public boolean closeSession(String sessionId) {
        renew.increment();
        return delegate.closeSession(sessionId);
    }

    /** Counted with {@code tryLock}. */
    @Override
    public LockGrant tryLockInSession(String lockType, String key, String owner, String sessionId,
                                      long waitMillis) {
        tryLock.increment();
        return noted(delegate.tryLockInSession(lockType, key, owner, sessionId, waitMillis));
    }

    /** Counted with {@code tryLock}; forwarded as it is, so the master still checks the wait for deadlocks. */
    @Override
    public LockGrant tryLockInSessionHolding(String lockType, String key, String owner, String sessionId,
                                             long waitMillis, String heldLocks, long deadlockCheckMillis) {
        tryLock.increment();
        return noted(delegate.tryLockInSessionHolding(lockType, key, owner, sessionId, waitMillis, heldLocks,
                deadlockCheckMillis));
    }

    /** @return the calls counted so far */
    RemoteCalls calls() {
        return new RemoteCalls(tryLock.sum(), unlock.sum(), renew.sum(), isLockTypeEmpty.sum());
    }

    private LockGrant noted(LockGrant grant) {
        if (grant != null) {
            grantTimes.granted(System.currentTimeMillis());
        }
        return grant;
    }

    /** Names the master as the wrapped service does, so that failure messages stay the same. */
    @Override
    public String toString() {
        return delegate.toString();
    }
}
