package io.lockfacade.client.memory;

import io.lockfacade.api.DeadlockException;
import io.lockfacade.client.deadlock.DeadlockDetection;
import io.lockfacade.testsupport.await.Await;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReadWriteLock;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link MemoryLock}'s read-write locks wait in the same graph as its mutexes: a read waits for the writer, a write
 * for the writer and every reader; the closing wait of a cycle through them is the one victim and keeps what it
 * holds, and readers never wait for readers.
 */
class MemoryReadWriteDeadlockTest {

    private static final String TYPE = "ledger";
    private static final Duration CHECK_DELAY = Duration.ofMillis(50);
    private static final long LONG_WAIT_SECONDS = DeadlockParties.LONG_WAIT_SECONDS;

    private final MemoryLock locks = new MemoryLock(DeadlockDetection.after(CHECK_DELAY));
    private final ReadWriteLock ledger = locks.asReadWriteLock(TYPE, "rw");
    private final Lock mutex = locks.asLock(TYPE, "m");
    private final DeadlockParties parties = new DeadlockParties(locks, TYPE);

    @AfterEach
    void stopThreads() throws InterruptedException {
        parties.close();
    }

    @Test
    void aReadWaitClosingACycleWithTheWriterIsTheVictimAndKeepsItsLock() throws Exception {
        CountDownLatch bothHold = new CountDownLatch(2);
        CompletableFuture<Boolean> writer = holding(ledger.writeLock(), bothHold, () -> takeAndLeave("m"));
        CompletableFuture<Boolean> reader = holding(mutex, bothHold, () -> {
            Await.until("the writer waits for m", () -> locks.checkedWaitCount() == 1);
            try {
                return ledger.readLock().tryLock(LONG_WAIT_SECONDS, TimeUnit.SECONDS);
            } finally {
                assertTrue(locks.isHeldByCurrentThread(TYPE, "m"), "the victim keeps its lock");
            }
        });

        DeadlockException deadlock = victimOf(reader);
        assertTrue(deadlock.getMessage().contains("waits for " + TYPE + "/rw (read) held by "), deadlock.getMessage());
        assertTrue(writer.get(LONG_WAIT_SECONDS, TimeUnit.SECONDS), "the older wait completes");
    }

    @Test
    void aWriteWaitForAReaderThatWaitsForTheWritersLockIsTheVictim() throws Exception {
        CountDownLatch allHold = new CountDownLatch(3);
        CompletableFuture<Boolean> idleReader = holding(ledger.readLock(), allHold, () -> true);
        CompletableFuture<Boolean> waitingReader = holding(ledger.readLock(), allHold, () -> takeAndLeave("m"));
        CompletableFuture<Boolean> writer = holding(mutex, allHold, () -> {
            Await.until("the reader waits for m", () -> locks.checkedWaitCount() == 1);
            return ledger.writeLock().tryLock(LONG_WAIT_SECONDS, TimeUnit.SECONDS);
        });

        DeadlockException deadlock = victimOf(writer);
        assertTrue(deadlock.getMessage().contains("waits for " + TYPE + "/rw (write) held by "), deadlock.getMessage());
        assertTrue(waitingReader.get(LONG_WAIT_SECONDS, TimeUnit.SECONDS));
        assertTrue(idleReader.get(LONG_WAIT_SECONDS, TimeUnit.SECONDS));
    }

    @Test
    void aReaderWaitingForALockWhoseHolderReadsTooIsNoDeadlock() throws Exception {
        CountDownLatch bothHold = new CountDownLatch(2);
        CompletableFuture<Boolean> reader = holding(ledger.readLock(), bothHold, () -> takeAndLeave("m"));
        CompletableFuture<Boolean> holder = holding(mutex, bothHold, () -> {
            Await.until("the reader waits for m", () -> locks.checkedWaitCount() == 1);
            boolean read = ledger.readLock().tryLock(LONG_WAIT_SECONDS, TimeUnit.SECONDS);
            ledger.readLock().unlock();
            Thread.sleep(CHECK_DELAY.toMillis() * 3); // past the reader's check, which must find no cycle
            return read;
        });

        assertTrue(holder.get(LONG_WAIT_SECONDS, TimeUnit.SECONDS), "readers share the read lock");
        assertTrue(reader.get(LONG_WAIT_SECONDS, TimeUnit.SECONDS), "no deadlock: the reader got m");
    }

    /**
     * On a thread of its own: takes {@code held}, waits until every party holds what it holds, runs {@code then}
     * and lets {@code held} go.
     */
    private CompletableFuture<Boolean> holding(Lock held, CountDownLatch allHold, Callable<Boolean> then) {
        return parties.aside(() -> {
            assertTrue(held.tryLock(1, TimeUnit.SECONDS));
            try {
                allHold.countDown();
                allHold.await();
                return then.call();
            } finally {
                held.unlock();
            }
        });
    }

    private boolean takeAndLeave(String key) throws InterruptedException {
        return parties.takeAndLeave(key);
    }

    private static DeadlockException victimOf(CompletableFuture<Boolean> wait) {
        return DeadlockParties.victimOf(wait);
    }
}
