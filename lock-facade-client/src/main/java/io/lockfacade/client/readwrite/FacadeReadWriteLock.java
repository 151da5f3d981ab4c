package io.lockfacade.client.readwrite;

import io.lockfacade.api.LockArguments;

import java.util.concurrent.locks.ReadWriteLock;

/**
 * The {@link ReadWriteLock} of one lock type and key, as {@code LockFacade.asReadWriteLock} returns it: two
 * {@link ModeLock}s over one {@link ReadWriteBackend}. Views of the same name share their state, so two calls of
 * {@code asReadWriteLock} with the same type and key give the same lock.
 */
public final class FacadeReadWriteLock implements ReadWriteLock {

    private final ModeLock readLock;
    private final ModeLock writeLock;

    /**
     * @param backend  where the lock lives
     * @param lockType the lock type
     * @param key      the key within the type
     * @throws IllegalArgumentException if the type or key breaks the contract's limits
     */
    public FacadeReadWriteLock(ReadWriteBackend backend, String lockType, String key) {
        LockArguments.requireName("lockType", lockType);
        LockArguments.requireName("key", key);
        this.readLock = new ModeLock(backend, lockType, key, ReadWriteMode.READ);
        this.writeLock = new ModeLock(backend, lockType, key, ReadWriteMode.WRITE);
    }

    /** @return the shared side */
    @Override
    public ModeLock readLock() {
        return readLock;
    }

    /** @return the exclusive side */
    @Override
    public ModeLock writeLock() {
        return writeLock;
    }

    /** @return the side of {@code mode} */
    public ModeLock lock(ReadWriteMode mode) {
        return mode == ReadWriteMode.READ ? readLock : writeLock;
    }

    @Override
    public String toString() {
        return "ReadWriteLock[" + readLock.lockType() + "/" + readLock.key() + "]";
    }
}
