package io.lockfacade.client;

import io.lockfacade.api.LockLostException;
import io.lockfacade.api.LockServiceUnavailableException;

/**
 * One acquisition of a named lock, released by {@link #close()}; made by {@link LockFacade#acquire}.
 *
 * <p>Use it with try-with-resources in the thread that acquired it. It carries the fencing token of the grant
 * so that the protected resource can refuse writes from a holder whose lock was lost.
 */
public final class LockHandle implements AutoCloseable {

    private final LockFacade facade;
    private final String lockType;
    private final String key;
    private final long fencingToken;
    private boolean closed;

    LockHandle(LockFacade facade, String lockType, String key, long fencingToken) {
        this.facade = facade;
        this.lockType = lockType;
        this.key = key;
        this.fencingToken = fencingToken;
    }

    /** @return the lock type */
    public String lockType() {
        return lockType;
    }

    /** @return the key within the lock type */
    public String key() {
        return key;
    }

    /** @return the fencing token of the grant this handle holds; equal tokens mean the same grant */
    public long fencingToken() {
        return fencingToken;
    }

    /**
     * @return whether the lock was lost while held (lease expired or force-removed); {@code false} once closed
     */
    public boolean isLost() {
        return !closed && facade.isLost(lockType, key);
    }

    /**
     * Releases this acquisition; calling it again does nothing.
     *
     * @throws IllegalMonitorStateException    if called from a thread that does not hold the lock
     * @throws LockLostException               if the lock was lost while held (it is released locally anyway)
     * @throws LockServiceUnavailableException if the master could not be told; it frees the lock when the
     *                                         lease expires
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        if (!facade.isHeldByCurrentThread(lockType, key)) {
            throw new IllegalMonitorStateException("lock " + lockType + "/" + key + " is not held by thread "
                    + Thread.currentThread().getName() + "; close a handle in the thread that acquired it");
        }
        closed = true;
        facade.unlock(lockType, key);
    }

    @Override
    public String toString() {
        return "LockHandle[" + lockType + "/" + key + " token=" + fencingToken + (closed ? " closed]" : "]");
    }
}
