package io.lockfacade.client.readwrite;

/**
 * One acquisition of a side of a read-write lock, released by {@link #close()}; made by
 * {@link ModeLock#acquire}. Use it with try-with-resources in the thread that acquired it.
 */
public final class ReadWriteHandle implements AutoCloseable {

    private final ModeLock lock;
    private final long fencingToken;
    private boolean closed;

    ReadWriteHandle(ModeLock lock, long fencingToken) {
        this.lock = lock;
        this.fencingToken = fencingToken;
    }

    /** @return the side this handle holds */
    public ModeLock lock() {
        return lock;
    }

    /** @return the fencing token of the grant this handle holds */
    public long fencingToken() {
        return fencingToken;
    }

    /** @return whether the hold was lost while held; {@code false} once closed */
    public boolean isLost() {
        return !closed && lock.isLost();
    }

    /**
     * Releases this acquisition; calling it again does nothing.
     *
     * @throws IllegalMonitorStateException if called from a thread that does not hold the lock
     * @throws io.lockfacade.api.LockLostException if the hold was lost while held (released locally anyway)
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        if (!lock.isHeldByCurrentThread()) {
            throw new IllegalMonitorStateException(lock + " is not held by thread "
                    + Thread.currentThread().getName() + "; close a handle in the thread that acquired it");
        }
        closed = true;
        lock.unlock();
    }

    @Override
    public String toString() {
        return "ReadWriteHandle[" + lock + " token=" + fencingToken + (closed ? " closed]" : "]");
    }
}
