package io.lockfacade.spring.boot.autoconfigure;

import io.lockfacade.api.LockGrant;
import io.lockfacade.api.MemoryLockService;
import io.lockfacade.api.YieldOutcome;

/** An application's own master proxy, for the back-off test; no test calls it. */
final class MemoryLockServiceOfNoMaster implements MemoryLockService {

    private static UnsupportedOperationException notCalled() {
        return new UnsupportedOperationException("not called by the test");
    }

    @Override
    public LockGrant tryLock(String lockType, String key, String owner, long leaseMillis, long waitMillis) {
        throw notCalled();
    }

    @Override
    public boolean unlock(String lockType, String key, String owner) {
        throw notCalled();
    }

    @Override
    public YieldOutcome yieldToWaiters(String lockType, String key, String owner) {
        throw notCalled();
    }

    @Override
    public boolean hasWaiters(String lockType, String key) {
        throw notCalled();
    }

    @Override
    public boolean renew(String lockType, String key, String owner, long leaseMillis) {
        throw notCalled();
    }

    @Override
    public boolean isLockTypeEmpty(String lockType) {
        throw notCalled();
    }

    @Override
    public long openSession(String sessionId, long ttlMillis) {
        throw notCalled();
    }

    @Override
    public long keepAliveSession(String sessionId) {
        throw notCalled();
    }

    @Override
    public boolean closeSession(String sessionId) {
        throw notCalled();
    }

    @Override
    public LockGrant tryLockInSession(String lockType, String key, String owner, String sessionId, long waitMillis) {
        throw notCalled();
    }
}
