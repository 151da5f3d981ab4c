package io.lockfacade.client.distributed;

import io.lockfacade.client.LockFacade;
import io.lockfacade.client.LockFacadeContractTest;
import io.lockfacade.client.testing.InMemoryLockMaster;

/** {@link DistributeLock} on the in-memory test master keeps the {@link LockFacade} contract. */
class DistributeLockContractTest extends LockFacadeContractTest {

    private DistributeLock locks;

    @Override
    protected LockFacade newLocks() {
        locks = new DistributeLock(new InMemoryLockMaster(), DistributeLockSettings.defaults().withNodeId("contract"));
        return locks;
    }

    @Override
    protected int localEntryCount() {
        return locks.localEntryCount();
    }

    @Override
    protected void closeLocks() {
        locks.close();
    }
}
