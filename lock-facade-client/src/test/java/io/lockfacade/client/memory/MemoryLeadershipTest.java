package io.lockfacade.client.memory;

import io.lockfacade.client.LeadershipContractTest;
import io.lockfacade.client.LockFacade;

/** {@link MemoryLock}'s leaderships keep the leadership contract; its participants share one JVM's lock. */
class MemoryLeadershipTest extends LeadershipContractTest {

    private final MemoryLock locks = new MemoryLock();

    @Override
    protected LockFacade newLocks() {
        return locks;
    }

    @Override
    protected void closeLocks() {
        // nothing outside the JVM
    }
}
