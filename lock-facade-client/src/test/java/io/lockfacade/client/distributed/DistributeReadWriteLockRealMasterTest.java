package io.lockfacade.client.distributed;

import io.lockfacade.client.LockFacade;
import io.lockfacade.client.readwrite.ReadWriteLockContractTest;
import io.lockfacade.client.transport.ClientTransportSettings;
import io.lockfacade.client.transport.MemoryLockServiceProxies;
import io.lockfacade.client.transport.PooledHttpConnectionFactory;
import io.lockfacade.webapp.MasterOptions;
import io.lockfacade.webapp.MasterServer;

/** {@link DistributeLock#asReadWriteLock} on a real master over HTTP keeps the read-write contract. */
class DistributeReadWriteLockRealMasterTest extends ReadWriteLockContractTest {

    private MasterServer master;
    private PooledHttpConnectionFactory connections;
    private DistributeLock distributed;

    @Override
    protected LockFacade newLocks() throws Exception {
        master = MasterServer.start(MasterOptions.defaults("rw-contract-test").withPort(0));
        ClientTransportSettings transport = ClientTransportSettings.defaults();
        connections = new PooledHttpConnectionFactory(transport);
        // tag::distribute-rw[]
        DistributeLock locks = new DistributeLock(
                MemoryLockServiceProxies.create(master.serviceUri(), transport, connections),
                DistributeLockSettings.defaults().withNodeId("rw-contract"));
        // end::distribute-rw[]
        distributed = locks;
        return locks;
    }

    @Override
    protected int readWriteEntryCount() {
        return distributed.readWriteEntryCount();
    }

    @Override
    protected void closeLocks() {
        distributed.close();
        connections.close();
        master.stop();
    }
}
