package io.lockfacade.client;

import io.lockfacade.client.memory.MemoryLock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.Lock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The conveniences every {@link LockFacade} inherits, exercised on {@link MemoryLock}. */
class LockFacadeDefaultsTest {

    private static final String TYPE = "reports";
    private static final String KEY = "daily";

    private final LockFacade locks = new MemoryLock();
    private final ExecutorService others = Executors.newSingleThreadExecutor();

    @AfterEach
    void stopThreads() {
        others.shutdownNow();
    }

    @Test
    void acquireReturnsAHandleCarryingTheFencingTokenAndCloseReleases() throws Exception {
        try (LockHandle handle = locks.acquire(TYPE, KEY, Duration.ofSeconds(1))) {
            assertEquals(locks.fencingToken(TYPE, KEY).orElseThrow(), handle.fencingToken());
            assertFalse(handle.isLost());
        }
        assertFalse(locks.isHeldByCurrentThread(TYPE, KEY));
    }

    @Test
    void closingAHandleTwiceReleasesOnce() throws Exception {
        locks.lock(TYPE, KEY, 0);
        LockHandle inner = locks.acquire(TYPE, KEY, Duration.ZERO);

        inner.close();
        inner.close();

        assertTrue(locks.isHeldByCurrentThread(TYPE, KEY));
        locks.unlock(TYPE, KEY);
    }

    @Test
    @SuppressWarnings("try")
    void acquireThrowsTimeoutExceptionWhenAnotherThreadHolds() throws Exception {
        CountDownLatch held = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        others.submit(() -> {
            try (LockHandle handle = locks.acquire(TYPE, KEY, Duration.ofSeconds(1))) {
                held.countDown();
                release.await(5, TimeUnit.SECONDS);
            }
            return null;
        });
        assertTrue(held.await(5, TimeUnit.SECONDS));

        assertThrows(TimeoutException.class, () -> locks.acquire(TYPE, KEY, Duration.ofMillis(20)));
        release.countDown();
    }

    @Test
    void withLockReturnsTheResultAndReleases() throws Exception {
        String result = locks.withLock(TYPE, KEY, Duration.ofSeconds(1), () -> {
            assertTrue(locks.isHeldByCurrentThread(TYPE, KEY));
            return "done";
        });

        assertEquals("done", result);
        assertFalse(locks.isHeldByCurrentThread(TYPE, KEY));
    }

    @Test
    void withLockReleasesWhenTheSectionThrowsACheckedException() {
        assertThrows(IOException.class, () -> locks.withLock(TYPE, KEY, Duration.ofSeconds(1), () -> {
            throw new IOException("disk full");
        }));

        assertFalse(locks.isHeldByCurrentThread(TYPE, KEY));
    }

    @Test
    void lockViewLocksAndUnlocksTheNamedLock() throws Exception {
        Lock lock = locks.asLock(TYPE, KEY);

        lock.lock();
        assertTrue(locks.isHeldByCurrentThread(TYPE, KEY));
        assertTrue(lock.tryLock(1, TimeUnit.SECONDS));
        lock.unlock();
        lock.unlock();

        assertFalse(locks.isHeldByCurrentThread(TYPE, KEY));
        assertThrows(UnsupportedOperationException.class, lock::newCondition);
    }
}
