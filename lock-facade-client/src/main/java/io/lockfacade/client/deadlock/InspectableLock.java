package io.lockfacade.client.deadlock;

import java.util.concurrent.locks.ReentrantLock;

/** A {@link ReentrantLock} that tells which thread holds it, so that a search for deadlocks can follow it. */
public final class InspectableLock extends ReentrantLock {

    private static final long serialVersionUID = 1L;

    /** @param fair whether waiting threads are served first come, first served */
    public InspectableLock(boolean fair) {
        super(fair);
    }

    /**
     * Takes the lock if it is free and no thread waits for it, or re-enters it; never waits, never throws. What a fair
     * lock's {@code lock()} tries first, without the wait that may follow.
     *
     * @return whether the current thread now holds the lock
     */
    public boolean tryLockInTurn() {
        return (isHeldByCurrentThread() || !hasQueuedThreads()) && tryLock();
    }

    /** @return the thread holding the lock right now, or {@code null} if it is free (a racy read) */
    public Thread holder() {
        return getOwner();
    }
}
