package io.lockfacade.client;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The contract of {@link LockFacade#semaphore}, whatever is behind it: {@code MemoryLock} and {@code DistributeLock}
 * on a real master over HTTP extend this class.
 */
public abstract class SemaphoreContractTest {

    private static final String TYPE = "downstream";
    private static final String KEY = "billing";
    private static final long SHORT_WAIT_MILLIS = 200;
    private static final long QUEUE_SETTLE_MILLIS = 500;

    private final ExecutorService others = Executors.newCachedThreadPool();
    private LockFacade locks;

    /** @return a fresh lock facade with nothing held, closed by {@link #closeLocks()} */
    protected abstract LockFacade newLocks() throws Exception;

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
    void neverMorePermitsHeldThanTheCapacity() throws Exception {
        int capacity = 3;
        AtomicInteger inUse = new AtomicInteger();
        AtomicInteger mostInUse = new AtomicInteger();
        AtomicInteger acquisitions = new AtomicInteger();
        List<Future<?>> workers = new ArrayList<>();
        for (int w = 0; w < 8; w++) {
            workers.add(others.submit(() -> {
                LockFacadeSemaphore permits = locks.semaphore(TYPE, KEY, capacity);
                for (int i = 0; i < 15; i++) {
                    int asked = 1 + ThreadLocalRandom.current().nextInt(2);
                    if (permits.tryAcquire(asked, 10, TimeUnit.SECONDS)) {
                        mostInUse.accumulateAndGet(inUse.addAndGet(asked), Math::max);
                        acquisitions.incrementAndGet();
                        Thread.sleep(1);
                        inUse.addAndGet(-asked);
                        permits.release(asked);
                    }
                }
                return null;
            }));
        }
        for (Future<?> worker : workers) {
            worker.get(60, TimeUnit.SECONDS);
        }
        assertTrue(mostInUse.get() <= capacity, "at most " + capacity + " permits in use, saw " + mostInUse.get());
        assertTrue(mostInUse.get() > 1, "the permits were shared, saw at most " + mostInUse.get());
        assertEquals(8 * 15, acquisitions.get(), "every acquisition got its permits within its wait");
        assertEquals(capacity, locks.semaphore(TYPE, KEY, capacity).availablePermits());
    }

    @Test
    void aWaiterForManyPermitsIsNotOvertakenByLaterCallsForFew() throws Exception {
        LockFacadeSemaphore permits = locks.semaphore(TYPE, KEY, 4);
        assertTrue(permits.tryAcquire(3, 0, TimeUnit.MILLISECONDS));
        Future<Boolean> many = others.submit(() -> holdBriefly(permits, 4, 20_000));
        Thread.sleep(QUEUE_SETTLE_MILLIS); // the waiter for four is queued by now
        Future<Boolean> few = others.submit(() -> holdBriefly(permits, 1, SHORT_WAIT_MILLIS));
        assertFalse(few.get(10, TimeUnit.SECONDS), "one free permit is not taken from under the waiter for four");
        permits.release(3);
        assertTrue(many.get(20, TimeUnit.SECONDS), "the waiter for four got them once they came back");
    }

    @Test
    void permitsBelongToTheThreadThatAcquiredThem() throws Exception {
        LockFacadeSemaphore permits = locks.semaphore(TYPE, KEY, 5);
        assertTrue(permits.tryAcquire(2, 1, TimeUnit.SECONDS));
        assertThrows(IllegalMonitorStateException.class, () -> permits.release(3), "more than it holds");
        Future<?> other = others.submit(() -> permits.release(1));
        Exception thrown = assertThrows(Exception.class, () -> other.get(10, TimeUnit.SECONDS));
        assertTrue(thrown.getCause() instanceof IllegalMonitorStateException, "another thread cannot release them");
        assertEquals(3, permits.availablePermits(), "refused releases change nothing");
        permits.release(1);
        permits.release(1);
        assertEquals(5, permits.availablePermits());
    }

    @Test
    void theFirstUserSetsTheCapacity() throws Exception {
        LockFacadeSemaphore first = locks.semaphore(TYPE, KEY, 2);
        assertTrue(first.tryAcquire(1, 1, TimeUnit.SECONDS));
        LockFacadeSemaphore later = locks.semaphore(TYPE, KEY, 10);
        assertEquals(1, later.availablePermits(), "the capacity stays 2 while the semaphore is in use");
        assertFalse(later.tryAcquire(2, 0, TimeUnit.MILLISECONDS));
        assertThrows(IllegalArgumentException.class, () -> later.tryAcquire(3, 0, TimeUnit.MILLISECONDS),
                "more than the capacity can never be granted");
        first.release(1);
    }

    @Test
    void badArgumentsAreRefusedAndChangeNothing() throws Exception {
        assertThrows(IllegalArgumentException.class, () -> locks.semaphore(TYPE, KEY, 0));
        assertThrows(IllegalArgumentException.class, () -> locks.semaphore("", KEY, 1));
        assertThrows(IllegalArgumentException.class, () -> locks.semaphore(TYPE, "bad\nkey", 1));
        LockFacadeSemaphore permits = locks.semaphore(TYPE, KEY, 2);
        assertThrows(IllegalArgumentException.class, () -> permits.tryAcquire(0, 1, TimeUnit.SECONDS));
        assertThrows(IllegalArgumentException.class, () -> permits.release(0));
        assertEquals(2, permits.availablePermits());
    }

    @Test
    void anInterruptedWaitHoldsNothingAndLetsTheNextWaiterGo() throws Exception {
        LockFacadeSemaphore permits = locks.semaphore(TYPE, KEY, 1);
        assertTrue(permits.tryAcquire(1, 0, TimeUnit.MILLISECONDS));
        Thread.currentThread().interrupt();
        assertThrows(InterruptedException.class, () -> permits.tryAcquire(1, 1, TimeUnit.SECONDS));
        assertFalse(Thread.currentThread().isInterrupted(), "the interrupt was consumed");
        Future<Boolean> next = others.submit(() -> holdBriefly(permits, 1, 20_000));
        permits.release(1);
        assertTrue(next.get(20, TimeUnit.SECONDS));
        assertEquals(1, permits.availablePermits());
    }

    private static boolean holdBriefly(LockFacadeSemaphore permits, int count, long waitMillis)
            throws InterruptedException {
        if (!permits.tryAcquire(count, waitMillis, TimeUnit.MILLISECONDS)) {
            return false;
        }
        permits.release(count);
        return true;
    }
}
