package io.lockfacade.client.memory;

import io.lockfacade.client.LockFacade;
import io.lockfacade.client.LockFacadeContractTest;

/** {@link MemoryLock} keeps the {@link LockFacade} contract. */
class MemoryLockTest extends LockFacadeContractTest {

    private MemoryLock locks;

    @Override
    protected LockFacade newLocks() {
        locks = new MemoryLock();
        return locks;
    }

    @Override
    protected int localEntryCount() {
        return locks.entryCount();
    }

    @Override
    protected void closeLocks() {
        // nothing outside the JVM
    }
}
