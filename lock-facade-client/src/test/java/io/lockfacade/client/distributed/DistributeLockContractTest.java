package io.lockfacade.client.distributed;

import io.lockfacade.client.LockFacade;
import io.lockfacade.client.LockFacadeContractTest;
import io.lockfacade.client.testing.FaultInjectingMaster;

/** {@link DistributeLock} on a real master in this JVM keeps the {@link LockFacade} contract. */
class DistributeLockContractTest extends LockFacadeContractTest {

    private FaultInjectingMaster master;
    private DistributeLock locks;

    @Override
    protected LockFacade newLocks() {
        master = new FaultInjectingMaster();
        locks = new DistributeLock(master, DistributeLockSettings.defaults().withNodeId("contract"));
        return locks;
    }

    @Override
    protected int localEntryCount() {
        return locks.localEntryCount();
    }

    @Override
    protected void closeLocks() {
        locks.close();
        master.close();
    }
}
