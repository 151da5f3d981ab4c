package io.lockfacade.client.cluster;

import io.lockfacade.api.LockLostException;
import io.lockfacade.api.LockServiceUnavailableException;
import io.lockfacade.client.distributed.DistributeLock;
import io.lockfacade.client.distributed.DistributeLockSettings;
import io.lockfacade.client.transport.ClientTransportSettings;
import io.lockfacade.client.transport.MemoryLockServiceProxies;
import io.lockfacade.webapp.MasterOptions;
import io.lockfacade.webapp.MasterServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What a node sees while its master is down, and after it comes back with an empty table. */
class MasterOutageTest {

    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(1);
    private static final Duration LEASE = Duration.ofSeconds(1);
    private static final Duration BOUND = Duration.ofSeconds(20);

    private MasterServer master;
    private DistributeLock node;

    @AfterEach
    void stop() {
        if (node != null) {
            node.close();
        }
        if (master != null) {
            master.stop();
        }
    }

    private int startNode() throws Exception {
        master = MasterServer.start(MasterOptions.defaults("outage-test").withPort(0));
        node = new DistributeLock(MemoryLockServiceProxies.create(master.serviceUri(),
                ClientTransportSettings.defaults().withConnectTimeout(CONNECT_TIMEOUT)),
                DistributeLockSettings.defaults().withNodeId("node-a").withLease(LEASE));
        return master.port();
    }

    private void restartMasterOn(int port) throws Exception {
        master = MasterServer.start(MasterOptions.defaults("outage-test").withPort(port));
    }

    @Test
    void callsFailFastWithTheDocumentedExceptionAndRecoverWhenTheMasterReturns() throws Exception {
        int port = startNode();
        master.stop();

        assertTimeoutPreemptively(BOUND, () -> assertThrows(LockServiceUnavailableException.class,
                () -> node.tryLock("order", "1")));
        assertFalse(node.isHeldByCurrentThread("order", "1"), "a failed call left a local hold");

        restartMasterOn(port);
        assertTrue(node.tryLock("order", "1"));
        node.unlock("order", "1");
    }

    @Test
    void lockHeldAcrossAMasterRestartIsReportedLostAndNewTokensAreLarger() throws Exception {
        int port = startNode();
        node.lock("order", "2", 5_000);
        long heldToken = node.fencingToken("order", "2").orElseThrow();
        master.stop();
        restartMasterOn(port);

        long deadline = System.nanoTime() + BOUND.toNanos();
        while (!node.isLost("order", "2") && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }

        assertTrue(node.isLost("order", "2"), "the hold was never reported lost");
        assertThrows(LockLostException.class, () -> node.unlock("order", "2"));
        assertTrue(node.tryLock("order", "2"));
        assertTrue(node.fencingToken("order", "2").orElseThrow() > heldToken);
        node.unlock("order", "2");
        assertEquals(0, master.service().table().size());
    }
}
