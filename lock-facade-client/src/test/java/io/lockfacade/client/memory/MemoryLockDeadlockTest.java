package io.lockfacade.client.memory;

import io.lockfacade.client.LocalDeadlockContractTest;
import io.lockfacade.client.LockFacade;
import io.lockfacade.client.deadlock.DeadlockDetection;

/** {@link MemoryLock} finds the deadlocks of its threads. */
class MemoryLockDeadlockTest extends LocalDeadlockContractTest {

    private MemoryLock locks;

    @Override
    protected LockFacade newLocks(DeadlockDetection detection) {
        locks = new MemoryLock(detection);
        return locks;
    }

    @Override
    protected int checkedWaitCount() {
        return locks.checkedWaitCount();
    }

    @Override
    protected void closeLocks() {
        // nothing outside the JVM
    }
}
