package io.lockfacade.client.cluster;

import io.lockfacade.api.DeadlockException;
import io.lockfacade.client.LockFacadeSemaphore;
import io.lockfacade.client.deadlock.DeadlockDetection;
import io.lockfacade.client.distributed.DistributeLock;
import io.lockfacade.client.distributed.DistributeLockSettings;
import io.lockfacade.client.transport.ClientTransportSettings;
import io.lockfacade.client.transport.MemoryLockServiceProxies;
import io.lockfacade.testsupport.await.Await;
import io.lockfacade.webapp.MasterOptions;
import io.lockfacade.webapp.MasterServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Two nodes ({@code DistributeLock} instances) on a real master over HTTP cross a semaphore and a lock: a thread of
 * node A holds the only permit and waits for a lock that a thread of node B holds, which then waits for a permit.
 * The master finds the cycle from what the nodes' calls name (the permit's and the lock's fencing tokens): B's
 * wait, the closing one, fails with {@link DeadlockException} holding its lock, and A gets the lock once B lets go.
 */
class SemaphoreDeadlockTest {

    private static final String TYPE = "pool";
    private static final Duration CHECK_DELAY = Duration.ofMillis(100);
    private static final long PATIENCE_SECONDS = 30;

    private MasterServer master;
    private DistributeLock nodeA;
    private DistributeLock nodeB;
    private final ExecutorService threads = Executors.newFixedThreadPool(2);

    @BeforeEach
    void start() throws Exception {
        master = MasterServer.start(MasterOptions.defaults("semaphore-deadlock-test").withPort(0));
        nodeA = node("node-a");
        nodeB = node("node-b");
    }

    @AfterEach
    void stop() throws InterruptedException {
        threads.shutdownNow();
        assertTrue(threads.awaitTermination(PATIENCE_SECONDS, TimeUnit.SECONDS));
        nodeA.close();
        nodeB.close();
        master.stop();
    }

    private DistributeLock node(String id) {
        return new DistributeLock(MemoryLockServiceProxies.create(master.serviceUri(),
                ClientTransportSettings.defaults()), DistributeLockSettings.defaults().withNodeId(id)
                .withDeadlockDetection(DeadlockDetection.after(CHECK_DELAY)));
    }

    @Test
    void aPermitWaitClosingACycleWithALockWaitIsTheVictimAndTheOtherGetsTheLock() throws Exception {
        LockFacadeSemaphore permitsOfA = nodeA.semaphore(TYPE, "connections", 1);
        LockFacadeSemaphore permitsOfB = nodeB.semaphore(TYPE, "connections", 1);
        CompletableFuture<Void> bHoldsTheLock = new CompletableFuture<>();
        CompletableFuture<Void> bMayWait = new CompletableFuture<>();
        CompletableFuture<Void> bDone = CompletableFuture.runAsync(() -> {
            try {
                nodeB.lock(TYPE, "ledger", 10_000);
                bHoldsTheLock.complete(null);
                bMayWait.get(PATIENCE_SECONDS, TimeUnit.SECONDS);
                try {
                    permitsOfB.tryAcquire(1, PATIENCE_SECONDS, TimeUnit.SECONDS);
                } finally {
                    assertTrue(nodeB.isHeldByCurrentThread(TYPE, "ledger"), "the victim keeps its lock");
                    nodeB.unlock(TYPE, "ledger");
                }
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }, threads);
        CompletableFuture<Boolean> aGotTheLock = CompletableFuture.supplyAsync(() -> {
            try {
                assertTrue(permitsOfA.tryAcquire(1, 1, TimeUnit.SECONDS));
                bHoldsTheLock.get(PATIENCE_SECONDS, TimeUnit.SECONDS);
                boolean got = nodeA.tryLock(TYPE, "ledger", PATIENCE_SECONDS, TimeUnit.SECONDS);
                nodeA.unlock(TYPE, "ledger");
                permitsOfA.release(1);
                return got;
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }, threads);

        Await.until("a waits for the lock on the master", () -> master.service().hasWaiters(TYPE, "ledger"));
        bMayWait.complete(null);

        ExecutionException told = assertThrows(ExecutionException.class,
                () -> bDone.get(PATIENCE_SECONDS, TimeUnit.SECONDS));
        DeadlockException deadlock = assertInstanceOf(DeadlockException.class, rootOf(told));
        assertTrue(deadlock.getMessage().contains(TYPE + "/connections (1 permit) held by node-a:"),
                deadlock.getMessage());
        assertTrue(deadlock.getMessage().contains("victim node-b:"), deadlock.getMessage());
        assertTrue(aGotTheLock.get(PATIENCE_SECONDS, TimeUnit.SECONDS), "the older wait completes");
        assertEquals(1, permitsOfB.availablePermits(), "no permit is left behind");
        assertFalse(master.service().hasWaiters(TYPE, "ledger"));
    }

    private static Throwable rootOf(Throwable failure) {
        Throwable reason = failure;
        while (reason.getCause() != null && !(reason instanceof DeadlockException)) {
            reason = reason.getCause();
        }
        return reason;
    }
}
