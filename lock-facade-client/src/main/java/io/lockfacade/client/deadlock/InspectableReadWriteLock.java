package io.lockfacade.client.deadlock;

import java.util.concurrent.locks.ReentrantReadWriteLock;

/** A {@link ReentrantReadWriteLock} that tells which thread holds its write lock, so that a search can follow it. */
public final class InspectableReadWriteLock extends ReentrantReadWriteLock {

    private static final long serialVersionUID = 1L;

    /** @param fair whether waiting threads are served first come, first served */
    public InspectableReadWriteLock(boolean fair) {
        super(fair);
    }

    /** @return the thread holding the write lock right now, or {@code null} if none (a racy read) */
    public Thread writer() {
        return getOwner();
    }
}
