package io.lockfacade.client.readwrite;

import io.lockfacade.client.LockFacade;
import io.lockfacade.client.memory.MemoryLock;

/** {@link MemoryLock#asReadWriteLock} keeps the read-write contract in one JVM. */
class MemoryReadWriteLockTest extends ReadWriteLockContractTest {

    private MemoryReadWriteLocks backend;

    @Override
    protected LockFacade newLocks() {
        MemoryLock memory = new MemoryLock();
        backend = (MemoryReadWriteLocks) ((FacadeReadWriteLock) memory.asReadWriteLock("probe", "probe"))
                .readLock().backend();
        return memory;
    }

    @Override
    protected int readWriteEntryCount() {
        return backend.entryCount();
    }

    @Override
    protected void closeLocks() {
    }
}
