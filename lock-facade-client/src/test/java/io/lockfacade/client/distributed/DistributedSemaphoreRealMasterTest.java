package io.lockfacade.client.distributed;

import io.lockfacade.client.LockFacade;
import io.lockfacade.client.SemaphoreContractTest;
import io.lockfacade.client.transport.ClientTransportSettings;
import io.lockfacade.client.transport.MemoryLockServiceProxies;
import io.lockfacade.webapp.MasterOptions;
import io.lockfacade.webapp.MasterServer;

/** {@link DistributeLock}'s semaphores on a real master over HTTP keep the semaphore contract; a master per test. */
class DistributedSemaphoreRealMasterTest extends SemaphoreContractTest {

    private MasterServer master;
    private DistributeLock locks;

    @Override
    protected LockFacade newLocks() throws Exception {
        master = MasterServer.start(MasterOptions.defaults("semaphore-test").withPort(0));
        locks = new DistributeLock(MemoryLockServiceProxies.create(master.serviceUri(),
                ClientTransportSettings.defaults()), DistributeLockSettings.defaults().withNodeId("semaphores"));
        return locks;
    }

    @Override
    protected void closeLocks() {
        locks.close();
        master.stop();
    }
}
