package io.lockfacade.client;

import io.lockfacade.api.DeadlockException;
import io.lockfacade.client.deadlock.DeadlockDetection;
import io.lockfacade.testsupport.await.Await;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Deadlocks among the threads of one JVM on its own locks, found without a remote call: {@code MemoryLock} and the
 * local arbitration of {@code DistributeLock} both extend this class. Each test knows the real thread states it
 * made, so every report is checked against them.
 */
public abstract class LocalDeadlockContractTest {

    private static final String TYPE = "accounts";
    private static final Duration CHECK_DELAY = Duration.ofMillis(50);
    private static final long LONG_WAIT_MILLIS = 30_000;

    private final ExecutorService threads = Executors.newCachedThreadPool();
    private LockFacade locks;

    /** @return a fresh lock facade with nothing held, detecting deadlocks as told */
    protected abstract LockFacade newLocks(DeadlockDetection detection) throws Exception;

    /** @return how many threads of the facade wait long enough to be checked */
    protected abstract int checkedWaitCount();

    /** Releases whatever {@link #newLocks} started. */
    protected abstract void closeLocks() throws Exception;

    /** @return how many deadlock victims the facade's observer heard of, or empty if it has no observer */
    protected OptionalLong victimsObserved() {
        return OptionalLong.empty();
    }

    @AfterEach
    void stopThreadsAndLocks() throws Exception {
        threads.shutdownNow();
        assertTrue(threads.awaitTermination(10, TimeUnit.SECONDS));
        closeLocks();
    }

    @Test
    void twoThreadsInCrossingOrdersMakeOneVictimTheClosingWaitWhichKeepsWhatItHolds() throws Exception {
        locks = newLocks(DeadlockDetection.after(CHECK_DELAY));
        List<Future<String>> ring = startRing(2);

        assertEquals("completed", ring.get(0).get(LONG_WAIT_MILLIS, TimeUnit.MILLISECONDS));
        String victim = ring.get(1).get(LONG_WAIT_MILLIS, TimeUnit.MILLISECONDS);
        assertTrue(victim.startsWith("victim, still holding it/1: deadlock: "), victim);
        assertTrue(victim.contains("waits for " + TYPE + "/0 held by") && victim.contains("waits for " + TYPE
                + "/1 held by"), victim);
        victimsObserved().ifPresent(count -> assertEquals(1, count));
    }

    @Test
    void fiveThreadsInARingMakeOneVictimAndTheOthersComplete() throws Exception {
        locks = newLocks(DeadlockDetection.after(CHECK_DELAY));
        List<Future<String>> ring = startRing(5);

        for (int i = 0; i < 4; i++) {
            assertEquals("completed", ring.get(i).get(LONG_WAIT_MILLIS, TimeUnit.MILLISECONDS), "thread " + i);
        }
        assertTrue(ring.get(4).get(LONG_WAIT_MILLIS, TimeUnit.MILLISECONDS).startsWith("victim"));
    }

    @Test
    void withDetectionOffACrossingPairWaitsUntilATimeoutEndsIt() throws Exception {
        locks = newLocks(DeadlockDetection.OFF);
        CountDownLatch bothHold = new CountDownLatch(2);
        Future<String> impatient = threads.submit(() -> crossing(bothHold, "0", "1", 500));
        Future<String> patient = threads.submit(() -> crossing(bothHold, "1", "0", LONG_WAIT_MILLIS));

        assertEquals("timed out", impatient.get(LONG_WAIT_MILLIS, TimeUnit.MILLISECONDS));
        assertEquals("completed", patient.get(LONG_WAIT_MILLIS, TimeUnit.MILLISECONDS));
    }

    @Test
    void anUninterruptibleCheckedWaitOutlastsTheCallersInterruptAndKeepsIt() throws Exception {
        locks = newLocks(DeadlockDetection.after(CHECK_DELAY));
        CountDownLatch release = new CountDownLatch(1);
        Future<?> holder = holdUntil("0", release);
        List<Thread> waiter = new ArrayList<>();
        Future<Boolean> waiting = threads.submit(() -> {
            synchronized (waiter) {
                waiter.add(Thread.currentThread());
            }
            locks.lock(TYPE, "0", LONG_WAIT_MILLIS);
            locks.unlock(TYPE, "0");
            return Thread.currentThread().isInterrupted();
        });
        Await.until("the waiter's wait is checked", () -> checkedWaitCount() == 1);
        synchronized (waiter) {
            waiter.get(0).interrupt();
        }
        Thread.sleep(CHECK_DELAY.toMillis() * 3); // past its check, which must find no cycle
        assertFalse(waiting.isDone(), "an interrupt does not end an uninterruptible wait");
        release.countDown();

        holder.get(LONG_WAIT_MILLIS, TimeUnit.MILLISECONDS);
        assertTrue(waiting.get(LONG_WAIT_MILLIS, TimeUnit.MILLISECONDS), "the caller's interrupt is set again");
    }

    @Test
    void aChainOfWaitsIsNoDeadlock() throws Exception {
        locks = newLocks(DeadlockDetection.after(Duration.ZERO));
        CountDownLatch release = new CountDownLatch(1);
        Future<?> holder = holdUntil("2", release);
        Future<String> middle = threads.submit(() -> crossing(new CountDownLatch(0), "1", "2", LONG_WAIT_MILLIS));
        Await.until("the middle thread waits", () -> checkedWaitCount() == 1);
        Thread.sleep(CHECK_DELAY.toMillis() * 2); // past its check, which must find no cycle
        release.countDown();

        holder.get(LONG_WAIT_MILLIS, TimeUnit.MILLISECONDS);
        assertEquals("completed", middle.get(LONG_WAIT_MILLIS, TimeUnit.MILLISECONDS));
    }

    @Test
    void threadsTakingLocksInOneOrderAreNeverReportedEvenWhenEveryWaitIsChecked() throws Exception {
        locks = newLocks(DeadlockDetection.after(Duration.ZERO));
        AtomicInteger reports = new AtomicInteger();
        runWorkers(150, random -> {
            int low = random.nextInt(4);
            int high = low + 1 + random.nextInt(4 - low);
            try {
                lockBoth(String.valueOf(low), String.valueOf(high));
            } catch (DeadlockException e) {
                reports.incrementAndGet();
            }
        });
        assertEquals(0, reports.get(), "no cycle can form when every thread takes the locks in one order");
    }

    @Test
    void threadsTakingLocksInRandomOrdersNeverWaitOutATimeoutAndNeverShareALock() throws Exception {
        locks = newLocks(DeadlockDetection.after(Duration.ZERO));
        AtomicInteger inside = new AtomicInteger();
        runWorkers(100, random -> { // a missed deadlock would wait out its 30 s and fail the run
            String first = String.valueOf(random.nextInt(3));
            String second = String.valueOf((Integer.parseInt(first) + 1 + random.nextInt(2)) % 3);
            locks.lock(TYPE, first, LONG_WAIT_MILLIS);
            try {
                locks.lock(TYPE, second, LONG_WAIT_MILLIS);
                assertEquals(1, inside.incrementAndGet(), "two threads held both locks of one pair");
                inside.decrementAndGet();
                locks.unlock(TYPE, second);
            } catch (DeadlockException e) {
                assertTrue(locks.isHeldByCurrentThread(TYPE, first), "a victim keeps what it holds");
                assertFalse(locks.isHeldByCurrentThread(TYPE, second));
            } finally {
                locks.unlock(TYPE, first);
            }
        });
    }

    /** @return a thread that holds {@code key} from before this returns until {@code release} opens */
    private Future<?> holdUntil(String key, CountDownLatch release) throws InterruptedException {
        CountDownLatch holding = new CountDownLatch(1);
        Future<?> holder = threads.submit(() -> {
            locks.lock(TYPE, key, 0);
            holding.countDown();
            release.await();
            locks.unlock(TYPE, key);
            return null;
        });
        holding.await();
        return holder;
    }

    /** Runs six threads, each doing {@code rounds} rounds with its own seeded random, within the long wait. */
    private void runWorkers(int rounds, Round round) throws Exception {
        List<Future<?>> workers = new ArrayList<>();
        for (int t = 0; t < 6; t++) {
            Random random = new Random(t);
            workers.add(threads.submit(() -> {
                for (int i = 0; i < rounds; i++) {
                    round.run(random);
                }
                return null;
            }));
        }
        for (Future<?> worker : workers) {
            worker.get(LONG_WAIT_MILLIS, TimeUnit.MILLISECONDS);
        }
    }

    /** One round of a worker. */
    private interface Round {
        void run(Random random) throws Exception;
    }

    /**
     * Thread i holds lock i, then waits for lock i + 1 (the last for lock 0), each wait beginning after the previous
     * one is recorded, so the last thread's wait closes the ring.
     *
     * @return each thread's end: "completed", or "victim, still holding it/i: MESSAGE"
     */
    private List<Future<String>> startRing(int size) throws Exception {
        CountDownLatch allHold = new CountDownLatch(size);
        List<CountDownLatch> turns = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            turns.add(new CountDownLatch(1));
        }
        List<Future<String>> ring = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            String mine = String.valueOf(i);
            String next = String.valueOf((i + 1) % size);
            CountDownLatch turn = turns.get(i);
            ring.add(threads.submit(() -> {
                locks.lock(TYPE, mine, 0);
                allHold.countDown();
                allHold.await();
                turn.await();
                try {
                    locks.lock(TYPE, next, LONG_WAIT_MILLIS);
                    locks.unlock(TYPE, next);
                    return "completed";
                } catch (DeadlockException e) { // told by an interrupt, which must not be left set
                    return (Thread.currentThread().isInterrupted() ? "interrupted " : "") + "victim, still holding it/"
                            + (locks.isHeldByCurrentThread(TYPE, mine) ? mine : "nothing") + ": " + e.getMessage();
                } finally {
                    locks.unlock(TYPE, mine);
                }
            }));
        }
        for (int i = 0; i < size; i++) {
            turns.get(i).countDown();
            int waiting = i + 1;
            Await.until(waiting + " threads wait", () -> checkedWaitCount() >= waiting);
        }
        return ring;
    }

    private String crossing(CountDownLatch bothHold, String mine, String theirs, long waitMillis) throws Exception {
        locks.lock(TYPE, mine, 0);
        try {
            bothHold.countDown();
            bothHold.await();
            locks.lock(TYPE, theirs, waitMillis);
            locks.unlock(TYPE, theirs);
            return "completed";
        } catch (TimeoutException e) {
            return "timed out";
        } finally {
            locks.unlock(TYPE, mine);
        }
    }

    private void lockBoth(String first, String second) throws TimeoutException {
        locks.lock(TYPE, first, LONG_WAIT_MILLIS);
        try {
            locks.lock(TYPE, second, LONG_WAIT_MILLIS);
            locks.unlock(TYPE, second);
        } finally {
            locks.unlock(TYPE, first);
        }
    }
}
