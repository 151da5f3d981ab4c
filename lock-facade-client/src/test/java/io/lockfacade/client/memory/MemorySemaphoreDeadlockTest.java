package io.lockfacade.client.memory;

import io.lockfacade.api.DeadlockException;
import io.lockfacade.client.LockFacadeSemaphore;
import io.lockfacade.client.deadlock.DeadlockDetection;
import io.lockfacade.testsupport.await.Await;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link MemoryLock}'s semaphores wait in the same graph as its locks, under the master's rule: a permit wait waits
 * for a holder only when that holder is indispensable (capacity − its permits − the waiter's own &lt; asked). A
 * checked wait keeps its place in line.
 */
class MemorySemaphoreDeadlockTest {

    private static final String TYPE = "pool";
    private static final Duration CHECK_DELAY = Duration.ofMillis(50);
    private static final long LONG_WAIT_SECONDS = DeadlockParties.LONG_WAIT_SECONDS;

    private final MemoryLock locks = new MemoryLock(DeadlockDetection.after(CHECK_DELAY));
    private final DeadlockParties parties = new DeadlockParties(locks, TYPE);

    @AfterEach
    void stopThreads() throws InterruptedException {
        parties.close();
    }

    @Test
    void aPermitWaitThatOnlyAWaitingHolderCouldEndIsTheVictimAndKeepsItsLock() throws Exception {
        LockFacadeSemaphore pool = locks.semaphore(TYPE, "sem", 2);
        CountDownLatch bothHold = new CountDownLatch(2);
        CompletableFuture<Boolean> holder = parties.aside(() -> {
            assertTrue(pool.tryAcquire(2, 1, TimeUnit.SECONDS));
            try {
                bothHold.countDown();
                bothHold.await();
                return parties.takeAndLeave("m");
            } finally {
                pool.release(2);
            }
        });
        CompletableFuture<Boolean> waiter = parties.aside(() -> {
            locks.lock(TYPE, "m", 0);
            try {
                bothHold.countDown();
                bothHold.await();
                Await.until("the holder waits for m", () -> locks.checkedWaitCount() == 1);
                return pool.tryAcquire(1, LONG_WAIT_SECONDS, TimeUnit.SECONDS);
            } finally {
                assertTrue(locks.isHeldByCurrentThread(TYPE, "m"), "the victim keeps its lock");
                locks.unlock(TYPE, "m");
            }
        });

        DeadlockException deadlock = DeadlockParties.victimOf(waiter);
        assertTrue(deadlock.getMessage().contains("waits for " + TYPE + "/sem (1 permit) held by "),
                deadlock.getMessage());
        assertTrue(holder.get(LONG_WAIT_SECONDS, TimeUnit.SECONDS), "the older wait completes");
    }

    @Test
    void twoHoldersOfAFullSemaphoreWaitingForOneMoreEachMakeOneVictim() throws Exception {
        LockFacadeSemaphore pool = locks.semaphore(TYPE, "sem", 2);
        CountDownLatch bothHold = new CountDownLatch(2);
        AtomicInteger victims = new AtomicInteger();
        Callable<Boolean> holdOneAskOneMore = holdOneAskOneMore(pool, bothHold, victims);
        CompletableFuture<Boolean> a = parties.aside(holdOneAskOneMore);
        CompletableFuture<Boolean> b = parties.aside(holdOneAskOneMore);

        assertTrue(a.get(LONG_WAIT_SECONDS, TimeUnit.SECONDS) ^ b.get(LONG_WAIT_SECONDS, TimeUnit.SECONDS),
                "one got its second permit");
        assertEquals(1, victims.get(), "exactly one victim");
    }

    @Test
    void permitWaitsThatAHolderOutsideTheCycleCouldEndAreNoDeadlock() throws Exception {
        LockFacadeSemaphore pool = locks.semaphore(TYPE, "sem", 3);
        CountDownLatch allHold = new CountDownLatch(3);
        CountDownLatch letGo = new CountDownLatch(1);
        AtomicInteger victims = new AtomicInteger();
        Callable<Boolean> holdOneAskOneMore = holdOneAskOneMore(pool, allHold, victims);
        CompletableFuture<Boolean> outside = parties.aside(() -> {
            assertTrue(pool.tryAcquire(1, 1, TimeUnit.SECONDS));
            allHold.countDown();
            letGo.await();
            pool.release(1);
            return true;
        });
        CompletableFuture<Boolean> a = parties.aside(holdOneAskOneMore);
        CompletableFuture<Boolean> b = parties.aside(holdOneAskOneMore);
        allHold.await();
        Await.until("both wait", () -> locks.checkedWaitCount() == 2);
        Thread.sleep(CHECK_DELAY.toMillis() * 4); // past both checks, which must find no cycle

        assertFalse(a.isDone() || b.isDone(), "the holder outside may give its permit back: no deadlock");
        letGo.countDown();
        assertTrue(outside.get(LONG_WAIT_SECONDS, TimeUnit.SECONDS));
        assertTrue(a.get(LONG_WAIT_SECONDS, TimeUnit.SECONDS));
        assertTrue(b.get(LONG_WAIT_SECONDS, TimeUnit.SECONDS));
        assertEquals(0, victims.get());
    }

    /** Takes one permit, waits until every party holds, asks for one more and lets go; counts victims. */
    private static Callable<Boolean> holdOneAskOneMore(LockFacadeSemaphore pool, CountDownLatch allHold,
                                                       AtomicInteger victims) {
        return () -> {
            assertTrue(pool.tryAcquire(1, 1, TimeUnit.SECONDS));
            try {
                allHold.countDown();
                allHold.await();
                boolean more = pool.tryAcquire(1, LONG_WAIT_SECONDS, TimeUnit.SECONDS);
                pool.release(1);
                return more;
            } catch (DeadlockException e) {
                victims.incrementAndGet();
                return false;
            } finally {
                pool.release(1);
            }
        };
    }

    @Test
    void aCheckedWaitKeepsItsPlaceInLine() throws Exception {
        LockFacadeSemaphore pool = locks.semaphore(TYPE, "sem", 1);
        assertTrue(pool.tryAcquire(1, 1, TimeUnit.SECONDS));
        StringBuffer order = new StringBuffer();
        CompletableFuture<Boolean> first = parties.aside(() -> takeOneNoting(pool, order, "first "));
        Await.until("the first waits", () -> locks.checkedWaitCount() == 1);
        Thread.sleep(CHECK_DELAY.toMillis() * 3); // past its check
        CompletableFuture<Boolean> second = parties.aside(() -> takeOneNoting(pool, order, "second "));
        Await.until("both wait", () -> locks.checkedWaitCount() == 2);

        pool.release(1);
        assertTrue(first.get(LONG_WAIT_SECONDS, TimeUnit.SECONDS));
        assertTrue(second.get(LONG_WAIT_SECONDS, TimeUnit.SECONDS));
        assertEquals("first second ", order.toString());
    }

    private static boolean takeOneNoting(LockFacadeSemaphore pool, StringBuffer order, String name)
            throws InterruptedException {
        boolean taken = pool.tryAcquire(1, LONG_WAIT_SECONDS, TimeUnit.SECONDS);
        order.append(name);
        pool.release(1);
        return taken;
    }
}
