package io.lockfacade.client.spring;

import io.lockfacade.api.LockLostException;
import io.lockfacade.client.LockFacade;
import io.lockfacade.client.memory.MemoryLock;

import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** A {@link MemoryLock} whose every hold is lost: unlock releases, then throws {@link LockLostException}. */
final class LosingLockFacade implements LockFacade {

    private final MemoryLock delegate = new MemoryLock();

    @Override
    public void lock(String lockType, String key, long timeoutMillis) throws TimeoutException {
        delegate.lock(lockType, key, timeoutMillis);
    }

    @Override
    public boolean tryLock(String lockType, String key) {
        return delegate.tryLock(lockType, key);
    }

    @Override
    public boolean tryLock(String lockType, String key, long waitTime, TimeUnit unit) throws InterruptedException {
        return delegate.tryLock(lockType, key, waitTime, unit);
    }

    @Override
    public void unlock(String lockType, String key) {
        delegate.unlock(lockType, key);
        throw new LockLostException("lock " + lockType + "/" + key + " was lost (test)");
    }

    @Override
    public boolean isLockTypeEmpty(String lockType) {
        return delegate.isLockTypeEmpty(lockType);
    }

    @Override
    public OptionalLong fencingToken(String lockType, String key) {
        return delegate.fencingToken(lockType, key);
    }

    @Override
    public boolean isHeldByCurrentThread(String lockType, String key) {
        return delegate.isHeldByCurrentThread(lockType, key);
    }

    @Override
    public boolean isLost(String lockType, String key) {
        return delegate.isHeldByCurrentThread(lockType, key);
    }
}
