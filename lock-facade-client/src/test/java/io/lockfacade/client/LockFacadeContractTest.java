package io.lockfacade.client;

import io.lockfacade.testsupport.await.Await;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The contract every {@link LockFacade} keeps, whatever is behind it (Curator's {@code TestInterProcessMutexBase}
 * pattern): {@code MemoryLock}, {@code DistributeLock} on the master in this JVM (behind a fault-injecting decorator)
 * and {@code DistributeLock} on a real master over HTTP all extend this class.
 */
public abstract class LockFacadeContractTest {

    private static final String TYPE = "orders";
    private static final String KEY = "42";
    private static final long SHORT_WAIT_MILLIS = 50;

    private final ExecutorService others = Executors.newCachedThreadPool();
    private LockFacade locks;

    /** @return a fresh lock facade with nothing held, closed by {@link #closeLocks()} */
    protected abstract LockFacade newLocks() throws Exception;

    /** @return how many local entries (held, waited for or cached) the facade keeps */
    protected abstract int localEntryCount();

    /** Releases whatever {@link #newLocks()} started. */
    protected abstract void closeLocks() throws Exception;

    @BeforeEach
    void createLocks() throws Exception {
        locks = newLocks();
    }

    @AfterEach
    void stopThreadsAndLocks() throws Exception {
        others.shutdownNow();
        others.awaitTermination(10, TimeUnit.SECONDS);
        closeLocks();
    }

    @Test
    void reentrantAcquisitionNeedsAMatchingUnlockForEachLock() throws Exception {
        locks.lock(TYPE, KEY, 0);
        locks.lock(TYPE, KEY, 0);
        locks.unlock(TYPE, KEY);

        assertTrue(locks.isHeldByCurrentThread(TYPE, KEY));
        assertFalse(otherThreadTryLock());

        locks.unlock(TYPE, KEY);
        assertFalse(locks.isHeldByCurrentThread(TYPE, KEY));
        assertTrue(otherThreadTryLock());
    }

    @Test
    void unlockByAnotherThreadIsRefusedAndChangesNothing() throws Exception {
        locks.lock(TYPE, KEY, 0);

        Future<?> attempt = others.submit(() -> locks.unlock(TYPE, KEY));

        Exception failure = assertThrows(Exception.class, () -> attempt.get(5, TimeUnit.SECONDS));
        assertTrue(failure.getCause() instanceof IllegalMonitorStateException, failure.toString());
        assertTrue(locks.isHeldByCurrentThread(TYPE, KEY));
        locks.unlock(TYPE, KEY);
    }

    @Test
    void unlockWithoutHoldingThrowsIllegalMonitorState() {
        assertThrows(IllegalMonitorStateException.class, () -> locks.unlock(TYPE, KEY));
        assertEquals(0, localEntryCount());
    }

    @Test
    void tryLockWithTimeoutGivesUpWhileAnotherThreadHolds() throws Exception {
        holdInOtherThreadUntil(new CountDownLatch(1));

        long started = System.nanoTime();
        assertFalse(locks.tryLock(TYPE, KEY, SHORT_WAIT_MILLIS, TimeUnit.MILLISECONDS));

        assertTrue(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started) >= SHORT_WAIT_MILLIS);
    }

    @Test
    void lockTimeoutThrowsTimeoutExceptionAndHoldsNothing() throws Exception {
        holdInOtherThreadUntil(new CountDownLatch(1));

        assertThrows(TimeoutException.class, () -> locks.lock(TYPE, KEY, SHORT_WAIT_MILLIS));

        assertFalse(locks.isHeldByCurrentThread(TYPE, KEY));
    }

    @Test
    void waitingThreadGetsTheLockWhenTheHolderReleasesIt() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        holdInOtherThreadUntil(release);
        release.countDown();

        assertTrue(locks.tryLock(TYPE, KEY, 5, TimeUnit.SECONDS));
        locks.unlock(TYPE, KEY);
    }

    @Test
    void noEntryRemainsAfterHoldsTimeoutsAndReleases() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        holdInOtherThreadUntil(release);
        assertFalse(locks.tryLock(TYPE, KEY, SHORT_WAIT_MILLIS, TimeUnit.MILLISECONDS));
        assertFalse(locks.tryLock(TYPE, KEY));
        release.countDown();
        locks.lock(TYPE, "other", 0);
        locks.unlock(TYPE, "other");

        Await.until("the holder released", () -> locks.tryLock(TYPE, KEY));
        locks.unlock(TYPE, KEY);

        assertEquals(0, localEntryCount());
    }

    @Test
    void isLockTypeEmptyCountsOnlyHeldLocksOfThatType() throws Exception {
        assertTrue(locks.isLockTypeEmpty(TYPE));

        locks.lock(TYPE, KEY, 0);
        assertFalse(locks.isLockTypeEmpty(TYPE));
        assertTrue(locks.isLockTypeEmpty("invoices"));

        locks.unlock(TYPE, KEY);
        assertTrue(locks.isLockTypeEmpty(TYPE));
    }

    @Test
    void fencingTokenIncreasesPerAcquisitionAndStaysForReentry() throws Exception {
        locks.lock(TYPE, KEY, 0);
        long first = locks.fencingToken(TYPE, KEY).orElseThrow();
        locks.lock(TYPE, KEY, 0);
        assertEquals(first, locks.fencingToken(TYPE, KEY).orElseThrow());
        locks.unlock(TYPE, KEY);
        locks.unlock(TYPE, KEY);

        locks.lock(TYPE, KEY, 0);
        assertTrue(locks.fencingToken(TYPE, KEY).orElseThrow() > first);
        locks.unlock(TYPE, KEY);
        assertTrue(locks.fencingToken(TYPE, KEY).isEmpty());
    }

    @Test
    void interruptedTryLockThrowsAndHoldsNothing() throws Exception {
        holdInOtherThreadUntil(new CountDownLatch(1));
        Thread.currentThread().interrupt();

        assertThrows(InterruptedException.class, () -> locks.tryLock(TYPE, KEY, 5, TimeUnit.SECONDS));

        assertEquals(1, localEntryCount()); // only the other thread's hold
    }

    @Test
    void lockIgnoresAnInterruptButKeepsTheFlag() throws Exception {
        Thread.currentThread().interrupt();

        locks.lock(TYPE, KEY, SHORT_WAIT_MILLIS);

        assertTrue(Thread.interrupted());
        locks.unlock(TYPE, KEY);
    }

    @Test
    void badArgumentsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> locks.lock("", KEY, 0));
        assertThrows(IllegalArgumentException.class, () -> locks.tryLock(TYPE, "a\nb"));
        assertThrows(IllegalArgumentException.class, () -> locks.isLockTypeEmpty("x".repeat(257)));
        assertEquals(0, localEntryCount());
    }

    @Test
    void eightThreadsNeverHoldTheLockTogether() throws Exception {
        int threads = 8;
        int rounds = 500;
        AtomicInteger holders = new AtomicInteger();
        AtomicInteger overlaps = new AtomicInteger();
        int[] counter = {0};
        List<Future<?>> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            workers.add(others.submit(() -> {
                for (int i = 0; i < rounds; i++) {
                    locks.lock(TYPE, KEY, 0);
                    try {
                        if (holders.incrementAndGet() != 1) {
                            overlaps.incrementAndGet();
                        }
                        counter[0]++;
                        holders.decrementAndGet();
                    } finally {
                        locks.unlock(TYPE, KEY);
                    }
                }
                return null;
            }));
        }
        for (Future<?> worker : workers) {
            worker.get(20, TimeUnit.SECONDS);
        }

        assertEquals(0, overlaps.get());
        assertEquals(threads * rounds, counter[0]);
        assertEquals(0, localEntryCount());
    }

    private boolean otherThreadTryLock() throws Exception {
        return others.submit(() -> {
            boolean acquired = locks.tryLock(TYPE, KEY);
            if (acquired) {
                locks.unlock(TYPE, KEY);
            }
            return acquired;
        }).get(5, TimeUnit.SECONDS);
    }

    private void holdInOtherThreadUntil(CountDownLatch release) throws InterruptedException {
        CountDownLatch held = new CountDownLatch(1);
        others.submit(() -> {
            locks.lock(TYPE, KEY, 0);
            try {
                held.countDown();
                release.await(10, TimeUnit.SECONDS);
            } finally {
                locks.unlock(TYPE, KEY);
            }
            return null;
        });
        assertTrue(held.await(5, TimeUnit.SECONDS));
    }
}
