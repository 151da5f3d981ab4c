package io.lockfacade.integration;

import io.lockfacade.api.LockLostException;
import io.lockfacade.api.LockServiceUnavailableException;
import io.lockfacade.client.LockFacade;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;

/**
 * The {@link Lock} that {@link LockFacadeLockRegistry#obtain} hands out: one named lock of the {@link LockFacade},
 * reentrant and owned by the thread that took it.
 *
 * <p><b>A lost hold is not re-entered.</b> When the lock was lost while this thread held it (the node's session
 * ended, an operator removed it), the thread's next acquisition first drops the lost hold with all its
 * re-entries. Then {@code tryLock} answers {@code false} and {@code lock}/{@code lockInterruptibly} throw
 * {@link LockLostException}, so that a caller that only re-enters to check its hold, as
 * {@code LockRegistryLeaderInitiator} does, learns that it lost the lock instead of re-entering a dead hold.
 */
final class RegistryLock implements Lock {

    private static final Logger log = LoggerFactory.getLogger(RegistryLock.class);

    private final LockFacade locks;
    private final String lockType;
    private final String key;
    private final Lock view;
    private final AtomicInteger holds = new AtomicInteger();
    private volatile long lastObtainedNanos = System.nanoTime();

    RegistryLock(LockFacade locks, String lockType, String key) {
        this.locks = locks;
        this.lockType = lockType;
        this.key = key;
        this.view = locks.asLock(lockType, key);
    }

    /**
     * {@inheritDoc} Waits without limit and without noticing interrupts.
     *
     * @throws LockLostException               if this thread's hold was lost (it is dropped; call again)
     * @throws LockServiceUnavailableException if the master cannot be reached; nothing is held then
     */
    @Override
    public void lock() {
        refuseLostHold();
        view.lock();
        holds.incrementAndGet();
    }

    /**
     * {@inheritDoc}
     *
     * @throws LockLostException               if this thread's hold was lost (it is dropped; call again)
     * @throws LockServiceUnavailableException if the master cannot be reached; nothing is held then
     */
    @Override
    public void lockInterruptibly() throws InterruptedException {
        refuseLostHold();
        view.lockInterruptibly();
        holds.incrementAndGet();
    }

    /**
     * {@inheritDoc} Asks the master once without waiting (unless this thread holds the lock already).
     *
     * @return {@code false} also when this thread's hold was lost: it is dropped, and the next call tries afresh
     * @throws LockServiceUnavailableException if the master cannot be reached; nothing is held then
     */
    @Override
    public boolean tryLock() {
        if (dropLostHold()) {
            return false;
        }
        return counted(view.tryLock());
    }

    /**
     * {@inheritDoc}
     *
     * @return {@code false} also when this thread's hold was lost: it is dropped, and the next call tries afresh
     * @throws LockServiceUnavailableException if the master cannot be reached; nothing is held then
     */
    @Override
    public boolean tryLock(long time, TimeUnit unit) throws InterruptedException {
        if (dropLostHold()) {
            return false;
        }
        return counted(view.tryLock(time, unit));
    }

    /**
     * {@inheritDoc}
     *
     * @throws IllegalMonitorStateException    if the current thread does not hold the lock; nothing changes
     * @throws LockLostException               if the lock was lost while held (released locally all the same)
     * @throws LockServiceUnavailableException if the master could not be told; it frees the lock with the session
     */
    @Override
    public void unlock() {
        boolean held = locks.isHeldByCurrentThread(lockType, key);
        try {
            view.unlock();
        } finally {
            if (held) {
                holds.decrementAndGet();
            }
        }
    }

    /** Not supported: conditions would need the master to park and signal threads of many nodes. */
    @Override
    public Condition newCondition() {
        return view.newCondition();
    }

    /** @return whether a thread of this node holds the lock through this object */
    boolean isLocked() {
        return holds.get() > 0;
    }

    /** Notes that the registry handed this lock out now. */
    void obtained() {
        lastObtainedNanos = System.nanoTime();
    }

    /** @return when the registry last handed this lock out, on {@link System#nanoTime()}'s scale */
    long lastObtainedNanos() {
        return lastObtainedNanos;
    }

    @Override
    public String toString() {
        return "Lock[" + lockType + "/" + key + "]";
    }

    private void refuseLostHold() {
        if (dropLostHold()) {
            throw new LockLostException("lock " + lockType + "/" + key + " was lost while this thread held it; its "
                    + "hold is dropped, acquire it again");
        }
    }

    /** @return whether the current thread held the lock and it was lost; its hold is then released locally */
    private boolean dropLostHold() {
        if (!locks.isLost(lockType, key)) {
            return false;
        }
        while (locks.isHeldByCurrentThread(lockType, key)) {
            try {
                locks.unlock(lockType, key);
            } catch (LockLostException | LockServiceUnavailableException expected) {
                log.debug("Dropped a lost hold of {}: {}", this, expected.toString());
            } finally {
                holds.decrementAndGet();
            }
        }
        return true;
    }

    private boolean counted(boolean acquired) {
        if (acquired) {
            holds.incrementAndGet();
        }
        return acquired;
    }
}
