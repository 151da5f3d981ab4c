package io.lockfacade.client.distributed;

import io.lockfacade.client.LocalDeadlockContractTest;
import io.lockfacade.client.LockFacade;
import io.lockfacade.client.deadlock.DeadlockDetection;
import io.lockfacade.client.testing.FaultInjectingMaster;

/**
 * {@link DistributeLock} finds the deadlocks among its own threads in its local arbitration: while two local threads
 * each hold a lock (its grant on this node) and wait for the other's, neither asks the master, so only the node can
 * see the cycle.
 */
class DistributeLockLocalDeadlockTest extends LocalDeadlockContractTest {

    private FaultInjectingMaster master;
    private DistributeLock locks;

    @Override
    protected LockFacade newLocks(DeadlockDetection detection) {
        master = new FaultInjectingMaster();
        locks = new DistributeLock(master, DistributeLockSettings.defaults().withNodeId("local-deadlocks")
                .withDeadlockDetection(detection));
        return locks;
    }

    @Override
    protected int checkedWaitCount() {
        return locks.checkedWaitCount();
    }

    @Override
    protected void closeLocks() {
        locks.close();
        master.close();
    }
}
