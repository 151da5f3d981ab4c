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
import java.util.concurrent.locks.ReadWriteLock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Two nodes ({@code DistributeLock} instances) on a real master over HTTP cross a lock with a semaphore or a
 * read-write lock: a thread of node A holds one and waits for a lock that a thread of node B holds, which then waits
 * for what A holds. The master finds the cycle from what the nodes' calls name (each grant's fencing token): the
 * closing wait fails with {@link DeadlockException} holding what it held, and the other thread gets its lock once
 * the victim lets go.
 */
class PrimitiveDeadlockTest {

    private static final String TYPE = "pool";
    private static final Duration CHECK_DELAY = Duration.ofMillis(100);
    private static final long PATIENCE_SECONDS = 30;

    private MasterServer master;
    private DistributeLock nodeA;
    private DistributeLock nodeB;
    private final ExecutorService threads = Executors.newFixedThreadPool(2);

    @BeforeEach
    void start() throws Exception {
        master = MasterServer.start(MasterOptions.defaults("primitive-deadlock-test").withPort(0));
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

    @Test
    void aReadWaitClosingACycleWithALockWaitIsTheVictimAndTheWriterGetsTheLock() throws Exception {
        ReadWriteLock ledgerOfA = nodeA.asReadWriteLock(TYPE, "ledger");
        ReadWriteLock ledgerOfB = nodeB.asReadWriteLock(TYPE, "ledger");
        CompletableFuture<Void> aHoldsTheLock = new CompletableFuture<>();
        CompletableFuture<Void> aMayWait = new CompletableFuture<>();
        CompletableFuture<Void> aDone = CompletableFuture.runAsync(() -> {
            try {
                nodeA.lock(TYPE, "account", 10_000);
                aHoldsTheLock.complete(null);
                aMayWait.get(PATIENCE_SECONDS, TimeUnit.SECONDS);
                try {
                    ledgerOfA.readLock().tryLock(PATIENCE_SECONDS, TimeUnit.SECONDS);
                } finally {
                    nodeA.unlock(TYPE, "account");
                }
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }, threads);
        CompletableFuture<Boolean> bGotTheLock = CompletableFuture.supplyAsync(() -> {
            try {
                assertTrue(ledgerOfB.writeLock().tryLock(1, TimeUnit.SECONDS));
                aHoldsTheLock.get(PATIENCE_SECONDS, TimeUnit.SECONDS);
                boolean got = nodeB.tryLock(TYPE, "account", PATIENCE_SECONDS, TimeUnit.SECONDS);
                nodeB.unlock(TYPE, "account");
                ledgerOfB.writeLock().unlock();
                return got;
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }, threads);

        Await.until("b waits for the lock on the master", () -> master.service().hasWaiters(TYPE, "account"));
        aMayWait.complete(null);

        ExecutionException told = assertThrows(ExecutionException.class,
                () -> aDone.get(PATIENCE_SECONDS, TimeUnit.SECONDS));
        DeadlockException deadlock = assertInstanceOf(DeadlockException.class, rootOf(told));
        assertTrue(deadlock.getMessage().contains(TYPE + "/ledger (read) held by node-b:"), deadlock.getMessage());
        assertTrue(deadlock.getMessage().contains("victim node-a:"), deadlock.getMessage());
        assertTrue(bGotTheLock.get(PATIENCE_SECONDS, TimeUnit.SECONDS), "the older wait completes");
        assertTrue(ledgerOfA.writeLock().tryLock(PATIENCE_SECONDS, TimeUnit.SECONDS), "no grant is left behind");
        ledgerOfA.writeLock().unlock();
    }

    private static Throwable rootOf(Throwable failure) {
        Throwable reason = failure;
        while (reason.getCause() != null && !(reason instanceof DeadlockException)) {
            reason = reason.getCause();
        }
        return reason;
    }
}
