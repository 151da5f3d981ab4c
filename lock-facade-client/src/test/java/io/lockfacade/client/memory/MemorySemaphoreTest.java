package io.lockfacade.client.memory;

import io.lockfacade.client.LockFacade;
import io.lockfacade.client.SemaphoreContractTest;

/** {@link MemoryLock}'s semaphores keep the semaphore contract. */
class MemorySemaphoreTest extends SemaphoreContractTest {

    @Override
    protected LockFacade newLocks() {
        return new MemoryLock();
    }

    @Override
    protected void closeLocks() {
        // nothing outside the JVM
    }
}
