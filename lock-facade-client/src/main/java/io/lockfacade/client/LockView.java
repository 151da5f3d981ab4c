package io.lockfacade.client;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;

/** The {@link Lock} view of one named lock of a {@link LockFacade}; see {@link LockFacade#asLock}. */
final class LockView implements Lock {

    private final LockFacade facade;
    private final String lockType;
    private final String key;

    LockView(LockFacade facade, String lockType, String key) {
        this.facade = facade;
        this.lockType = lockType;
        this.key = key;
    }

    @Override
    public void lock() {
        try {
            facade.lock(lockType, key, 0);
        } catch (TimeoutException e) {
            throw new IllegalStateException("a wait without timeout reported a timeout for " + this, e);
        }
    }

    @Override
    public void lockInterruptibly() throws InterruptedException {
        if (!facade.tryLock(lockType, key, Long.MAX_VALUE, TimeUnit.NANOSECONDS)) {
            throw new IllegalStateException("a wait without timeout gave up for " + this);
        }
    }

    @Override
    public boolean tryLock() {
        return facade.tryLock(lockType, key);
    }

    @Override
    public boolean tryLock(long time, TimeUnit unit) throws InterruptedException {
        return facade.tryLock(lockType, key, time, unit);
    }

    @Override
    public void unlock() {
        facade.unlock(lockType, key);
    }

    /** Not supported: conditions would need the master to park and signal threads of many nodes. */
    @Override
    public Condition newCondition() {
        throw new UnsupportedOperationException("conditions are not supported by lock " + this);
    }

    @Override
    public String toString() {
        return "Lock[" + lockType + "/" + key + "]";
    }
}
