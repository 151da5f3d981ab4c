package io.lockfacade.client.distributed;

import io.lockfacade.client.LocalDeadlockContractTest;
import io.lockfacade.client.LockFacade;
import io.lockfacade.client.deadlock.DeadlockDetection;
import io.lockfacade.client.testing.FaultInjectingMaster;
import io.lockfacade.client.testing.RecordingObserver;

import java.util.OptionalLong;

/**
 * {@link DistributeLock} finds the deadlocks among its own threads in its local arbitration: while two local threads
 * each hold a lock (its grant on this node) and wait for the other's, neither asks the master, so only the node can
 * see the cycle.
 */
class DistributeLockLocalDeadlockTest extends LocalDeadlockContractTest {

    private FaultInjectingMaster master;
    private DistributeLock locks;
    private final RecordingObserver observer = new RecordingObserver();

    @Override
    protected LockFacade newLocks(DeadlockDetection detection) {
        master = new FaultInjectingMaster();
        locks = new DistributeLock(master, DistributeLockSettings.defaults().withNodeId("local-deadlocks")
                .withDeadlockDetection(detection), observer);
        return locks;
    }

    @Override
    protected int checkedWaitCount() {
        return locks.checkedWaitCount();
    }

    @Override
    protected OptionalLong victimsObserved() {
        return OptionalLong.of(observer.lockEvents().stream().filter(e -> e.startsWith("deadlock-victim ")).count());
    }

    @Override
    protected void closeLocks() {
        locks.close();
        master.close();
    }
}
