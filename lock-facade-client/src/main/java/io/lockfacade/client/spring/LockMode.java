package io.lockfacade.client.spring;

/** Which lock a {@link DistributeLocked} method holds while it runs. */
public enum LockMode {
    /** The mutex of the type and key ({@code LockFacade.lock}): one caller at a time. The default. */
    MUTEX,
    /** The read lock of the type and key's read-write lock ({@code LockFacade.asReadWriteLock}): shared. */
    READ,
    /** The write lock of the type and key's read-write lock: exclusive of every reader and writer. */
    WRITE
}
