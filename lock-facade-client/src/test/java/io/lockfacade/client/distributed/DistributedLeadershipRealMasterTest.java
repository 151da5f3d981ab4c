package io.lockfacade.client.distributed;

import io.lockfacade.client.LeadershipContractTest;
import io.lockfacade.client.LockFacade;
import io.lockfacade.client.transport.ClientTransportSettings;
import io.lockfacade.client.transport.MemoryLockServiceProxies;
import io.lockfacade.webapp.MasterOptions;
import io.lockfacade.webapp.MasterServer;

import java.util.ArrayList;
import java.util.List;

/**
 * {@link DistributeLock}'s leaderships on a real master over HTTP keep the leadership contract: two nodes, each
 * with a session of its own; a master per test.
 */
class DistributedLeadershipRealMasterTest extends LeadershipContractTest {

    private final List<DistributeLock> nodes = new ArrayList<>();
    private MasterServer master;

    @Override
    protected LockFacade newLocks() throws Exception {
        if (master == null) {
            master = MasterServer.start(MasterOptions.defaults("leadership-test").withPort(0));
        }
        DistributeLock node = new DistributeLock(MemoryLockServiceProxies.create(master.serviceUri(),
                ClientTransportSettings.defaults()),
                DistributeLockSettings.defaults().withNodeId("leader-node-" + nodes.size()));
        nodes.add(node);
        return node;
    }

    @Override
    protected void closeLocks() {
        nodes.forEach(DistributeLock::close);
        master.stop();
    }
}
