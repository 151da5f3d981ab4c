package io.lockfacade.client.cluster;

import io.lockfacade.api.LockLostException;
import io.lockfacade.client.LockHandle;
import io.lockfacade.client.distributed.DistributeLock;
import io.lockfacade.client.distributed.DistributeLockSettings;
import io.lockfacade.client.transport.ClientTransportSettings;
import io.lockfacade.client.transport.MemoryLockServiceProxies;
import io.lockfacade.server.table.LockKey;
import io.lockfacade.webapp.MasterOptions;
import io.lockfacade.webapp.MasterServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** DistributeLock semantics against a real master over HTTP; two DistributeLock instances act as two nodes. */
class RealMasterSemanticsTest {

    private MasterServer master;
    private DistributeLock nodeA;
    private DistributeLock nodeB;

    @BeforeEach
    void start() throws Exception {
        master = MasterServer.start(MasterOptions.defaults("semantics-test").withPort(0));
        nodeA = node("node-a");
        nodeB = node("node-b");
    }

    @AfterEach
    void stop() {
        nodeA.close();
        nodeB.close();
        master.stop();
    }

    private DistributeLock node(String id) {
        return new DistributeLock(MemoryLockServiceProxies.create(master.serviceUri(), ClientTransportSettings.defaults()),
                DistributeLockSettings.defaults().withNodeId(id));
    }

    @Test
    void reentrancyAcrossACallChainHoldsOneGrantOnTheMaster() throws Exception {
        nodeA.lock("order", "42", 5_000);
        long outerToken = nodeA.fencingToken("order", "42").orElseThrow();
        nodeA.lock("order", "42", 5_000);

        assertEquals(outerToken, nodeA.fencingToken("order", "42").orElseThrow());
        nodeA.unlock("order", "42");
        assertTrue(nodeA.isHeldByCurrentThread("order", "42"), "inner unlock released the outer hold");
        assertFalse(master.service().isLockTypeEmpty("order"));

        nodeA.unlock("order", "42");
        assertTrue(master.service().isLockTypeEmpty("order"));
    }

    @Test
    void unlockByAnotherThreadIsRefusedAndTheLockStaysHeld() throws Exception {
        nodeA.lock("order", "42", 5_000);

        CompletableFuture<Throwable> other = CompletableFuture.supplyAsync(() -> {
            try {
                nodeA.unlock("order", "42");
                return null;
            } catch (Throwable refused) {
                return refused;
            }
        });

        assertTrue(other.get(10, TimeUnit.SECONDS) instanceof IllegalMonitorStateException);
        assertTrue(nodeA.isHeldByCurrentThread("order", "42"));
        nodeA.unlock("order", "42");
    }

    @Test
    void otherNodeIsRefusedWhileHeldAndGetsTheLockOnceReleased() throws Exception {
        LockHandle held = nodeA.acquire("order", "7", Duration.ofSeconds(5));
        assertFalse(nodeB.tryLock("order", "7"));

        CompletableFuture<Long> waiting = CompletableFuture.supplyAsync(() -> {
            try (LockHandle next = nodeB.acquire("order", "7", Duration.ofSeconds(20))) {
                return next.fencingToken();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        long firstToken = held.fencingToken();
        held.close();

        assertTrue(waiting.get(30, TimeUnit.SECONDS) > firstToken);
    }

    @Test
    void forceRemovedLockIsReportedLostToItsHolder() throws Exception {
        nodeA.lock("order", "9", 5_000);

        master.service().table().forceRemove(new LockKey("order", "9"));

        assertThrows(LockLostException.class, () -> nodeA.unlock("order", "9"));
        assertFalse(nodeA.isHeldByCurrentThread("order", "9"));
    }
}
