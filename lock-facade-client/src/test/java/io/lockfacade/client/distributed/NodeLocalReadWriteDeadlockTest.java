package io.lockfacade.client.distributed;

import io.lockfacade.api.DeadlockException;
import io.lockfacade.client.deadlock.DeadlockDetection;
import io.lockfacade.client.transport.ClientTransportSettings;
import io.lockfacade.client.transport.MemoryLockServiceProxies;
import io.lockfacade.client.transport.PooledHttpConnectionFactory;
import io.lockfacade.testsupport.await.Await;
import io.lockfacade.webapp.MasterOptions;
import io.lockfacade.webapp.MasterServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReadWriteLock;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A {@link DistributeLock} node's local read-write queue is in its local wait-for graph (on a real master over
 * HTTP): a thread queued locally for a read behind the node's local writer, or for a write behind a local reader,
 * closes a cycle with a local lock's queue, and the node finds it without a remote call; a local wait behind a
 * holder that waits for nothing is no deadlock.
 */
class NodeLocalReadWriteDeadlockTest {

    private static final String TYPE = "ledger";
    private static final Duration CHECK_DELAY = Duration.ofMillis(50);
    private static final long LONG_WAIT_SECONDS = 30;

    private final ExecutorService threads = Executors.newCachedThreadPool();
    private MasterServer master;
    private PooledHttpConnectionFactory connections;
    private DistributeLock locks;
    private ReadWriteLock ledger;
    private Lock mutex;

    @BeforeEach
    void startNode() throws Exception {
        master = MasterServer.start(MasterOptions.defaults("local-rw-deadlocks").withPort(0));
        ClientTransportSettings transport = ClientTransportSettings.defaults();
        connections = new PooledHttpConnectionFactory(transport);
        locks = new DistributeLock(MemoryLockServiceProxies.create(master.serviceUri(), transport, connections),
                DistributeLockSettings.defaults().withNodeId("local-rw")
                        .withDeadlockDetection(DeadlockDetection.after(CHECK_DELAY)));
        ledger = locks.asReadWriteLock(TYPE, "rw");
        mutex = locks.asLock(TYPE, "m");
    }

    @AfterEach
    void stopNode() throws InterruptedException {
        threads.shutdownNow();
        assertTrue(threads.awaitTermination(LONG_WAIT_SECONDS, TimeUnit.SECONDS));
        locks.close();
        connections.close();
        master.stop();
    }

    @Test
    void aLocalReadBehindTheLocalWriterThatWaitsForTheReadersLockIsTheVictim() throws Exception {
        assertClosingWaitIsTheVictim(ledger.writeLock(), ledger.readLock(), "read");
    }

    @Test
    void aLocalWriteBehindALocalReaderThatWaitsForTheWritersLockIsTheVictim() throws Exception {
        assertClosingWaitIsTheVictim(ledger.readLock(), ledger.writeLock(), "write");
    }

    @Test
    void aLocalWriteBehindAReaderThatWaitsForNothingIsNoDeadlock() throws Exception {
        CountDownLatch bothHold = new CountDownLatch(2);
        CountDownLatch letGo = new CountDownLatch(1);
        Future<Boolean> reader = holding(ledger.readLock(), bothHold, () -> letGo.await(LONG_WAIT_SECONDS,
                TimeUnit.SECONDS));
        Future<Boolean> writer = holding(mutex, bothHold, () -> ledger.writeLock().tryLock(LONG_WAIT_SECONDS,
                TimeUnit.SECONDS));
        Await.until("the writer waits locally", () -> locks.checkedWaitCount() == 1);
        Thread.sleep(CHECK_DELAY.toMillis() * 3); // past its check, which must find no cycle

        assertFalse(writer.isDone(), "no deadlock: the reader will let go");
        letGo.countDown();
        assertTrue(reader.get(LONG_WAIT_SECONDS, TimeUnit.SECONDS));
        assertTrue(writer.get(LONG_WAIT_SECONDS, TimeUnit.SECONDS));
    }

    /**
     * One thread holds {@code olderHolds} and waits locally for the mutex; another holds the mutex and closes the
     * cycle with a local wait for {@code closingWaitsFor}: it is the victim, the older wait completes.
     */
    private void assertClosingWaitIsTheVictim(Lock olderHolds, Lock closingWaitsFor, String side) throws Exception {
        CountDownLatch bothHold = new CountDownLatch(2);
        Future<Boolean> older = holding(olderHolds, bothHold, () -> takeAndLeave(mutex));
        Future<Boolean> closing = holding(mutex, bothHold, () -> {
            Await.until("the older wait is checked", () -> locks.checkedWaitCount() == 1);
            return closingWaitsFor.tryLock(LONG_WAIT_SECONDS, TimeUnit.SECONDS);
        });

        DeadlockException deadlock = victimOf(closing);
        assertTrue(deadlock.getMessage().contains("waits for " + TYPE + "/rw (" + side + ") held by local-rw:"),
                deadlock.getMessage());
        assertTrue(older.get(LONG_WAIT_SECONDS, TimeUnit.SECONDS), "the older wait completes");
    }

    /** On a thread of its own: takes {@code held}, waits until both parties hold, runs {@code then}, lets go. */
    private Future<Boolean> holding(Lock held, CountDownLatch bothHold, Callable<Boolean> then) {
        return threads.submit(() -> {
            assertTrue(held.tryLock(LONG_WAIT_SECONDS, TimeUnit.SECONDS));
            try {
                bothHold.countDown();
                bothHold.await();
                return then.call();
            } finally {
                held.unlock();
            }
        });
    }

    private static boolean takeAndLeave(Lock lock) throws InterruptedException {
        boolean taken = lock.tryLock(LONG_WAIT_SECONDS, TimeUnit.SECONDS);
        if (taken) {
            lock.unlock();
        }
        return taken;
    }

    private static DeadlockException victimOf(Future<Boolean> wait) {
        ExecutionException told = assertThrows(ExecutionException.class,
                () -> wait.get(LONG_WAIT_SECONDS, TimeUnit.SECONDS));
        return assertInstanceOf(DeadlockException.class, told.getCause());
    }
}
