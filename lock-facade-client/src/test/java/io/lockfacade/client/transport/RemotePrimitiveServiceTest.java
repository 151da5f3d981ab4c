package io.lockfacade.client.transport;

import io.lockfacade.api.AcquisitionRefusedException;
import io.lockfacade.api.CallNotServedException;
import io.lockfacade.api.LockGrant;
import io.lockfacade.api.LockServiceUnavailableException;
import io.lockfacade.api.MemoryLockService;
import io.lockfacade.client.testing.FaultInjectingMaster;
import io.lockfacade.client.testing.HessianTestServer;
import io.lockfacade.webapp.MasterOptions;
import io.lockfacade.webapp.MasterServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The client of read-write locks, semaphores and leaderships over real HTTP: a master that predates them answers
 * "master too old", the real master serves them, and its refusals reach the caller as they are.
 */
class RemotePrimitiveServiceTest {

    private final ClientTransportSettings settings = ClientTransportSettings.defaults();
    private final PooledHttpConnectionFactory connections = new PooledHttpConnectionFactory(settings);

    @AfterEach
    void closeConnections() {
        connections.close();
    }

    @Test
    void aMasterOlderThanTheCallsAnswersMasterTooOldNamingTheCall() throws IOException {
        try (FaultInjectingMaster articleMaster = new FaultInjectingMaster();
             HessianTestServer olderMaster = HessianTestServer.start(articleMaster)) {
            RemotePrimitiveService primitives =
                    MemoryLockServiceProxies.createPrimitives(olderMaster.serviceUrl(), settings, connections);

            CallNotServedException tooOld = assertThrows(CallNotServedException.class,
                    () -> primitives.tryReadLockInSession("t", "k", "alice", "s", 0));
            assertTrue(tooOld.getMessage().startsWith("master too old"), tooOld::getMessage);
            assertTrue(tooOld.getMessage().contains("tryReadLockInSession"), tooOld::getMessage);
            assertThrows(CallNotServedException.class, () -> primitives.leadershipEpoch("n", "p"));
        }
    }

    @Test
    void theRealMasterServesThemAndItsRefusalsPassThrough() throws IOException {
        MasterServer master = MasterServer.start(MasterOptions.defaults("primitives-client-test").withPort(0));
        try {
            MemoryLockService locks = MemoryLockServiceProxies.create(master.serviceUri(), settings, connections);
            RemotePrimitiveService primitives =
                    MemoryLockServiceProxies.createPrimitives(master.serviceUri(), settings, connections);
            locks.openSession("client-session", 60_000);

            LockGrant read = primitives.tryReadLockInSession("t", "k", "alice", "client-session", 0);
            assertNotNull(read);
            assertThrows(AcquisitionRefusedException.class,
                    () -> primitives.tryWriteLockInSession("t", "k", "alice", "client-session", 0));
            assertThrows(IllegalArgumentException.class, () -> primitives.releasePermits("t", "k", "h", -1));
            assertTrue(primitives.unlockRead("t", "k", "alice"));
        } finally {
            master.stop();
        }
    }

    @Test
    void anUnreachableMasterIsReportedUnavailable() throws IOException {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = socket.getLocalPort();
        }
        RemotePrimitiveService primitives = MemoryLockServiceProxies.createPrimitives(
                URI.create("http://127.0.0.1:" + closedPort), settings, connections);

        LockServiceUnavailableException down = assertThrows(LockServiceUnavailableException.class,
                () -> primitives.availablePermits("t", "k"));
        assertTrue(down.getMessage().contains("availablePermits"), down::getMessage);
    }
}
