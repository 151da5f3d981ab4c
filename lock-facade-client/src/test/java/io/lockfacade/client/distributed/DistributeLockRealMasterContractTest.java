package io.lockfacade.client.distributed;

import io.lockfacade.client.LockFacade;
import io.lockfacade.client.LockFacadeContractTest;
import io.lockfacade.client.transport.ClientTransportSettings;
import io.lockfacade.client.transport.MemoryLockServiceProxies;
import io.lockfacade.webapp.MasterOptions;
import io.lockfacade.webapp.MasterServer;

/** {@link DistributeLock} on a real master over HTTP keeps the {@link LockFacade} contract; a master per test. */
class DistributeLockRealMasterContractTest extends LockFacadeContractTest {

    private MasterServer master;
    private DistributeLock locks;

    @Override
    protected LockFacade newLocks() throws Exception {
        master = MasterServer.start(MasterOptions.defaults("contract-test").withPort(0));
        locks = new DistributeLock(MemoryLockServiceProxies.create(master.serviceUri(),
                ClientTransportSettings.defaults()), DistributeLockSettings.defaults().withNodeId("contract"));
        return locks;
    }

    @Override
    protected int localEntryCount() {
        return locks.localEntryCount();
    }

    @Override
    protected void closeLocks() {
        locks.close();
        master.stop();
    }
}
