package io.lockfacade.bench.scenario;

import io.lockfacade.api.DeadlockException;
import io.lockfacade.client.LockFacade;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@value #THREADS} threads of this JVM lock and unlock one key with an empty critical section, on two lock
 * facades in alternating rounds (each first in every other round, after a warm-up window each), so that both see
 * the machine in the same state.
 */
final class ContentionRounds {

    /** Threads contending. */
    static final int THREADS = 16;

    /**
     * @param first     acquisitions per second of the first facade
     * @param second    acquisitions per second of the second
     * @param deadlocks {@link DeadlockException}s seen, on either
     */
    record Result(double first, double second, long deadlocks) {
    }

    private ContentionRounds() {
    }

    static Result alternate(LockFacade first, LockFacade second, String lockType, int rounds, Duration window)
            throws Exception {
        AtomicLong deadlocks = new AtomicLong();
        contend(first, lockType, window, deadlocks); // warm-up: both past the JIT's thresholds before measuring
        contend(second, lockType, window, deadlocks);
        long firstOps = 0;
        long secondOps = 0;
        for (int round = 0; round < rounds; round++) {
            boolean firstGoesFirst = round % 2 == 0; // neither always runs on the machine the other left
            if (firstGoesFirst) {
                firstOps += contend(first, lockType, window, deadlocks);
            }
            secondOps += contend(second, lockType, window, deadlocks);
            if (!firstGoesFirst) {
                firstOps += contend(first, lockType, window, deadlocks);
            }
        }
        double seconds = window.toNanos() * (double) rounds / TimeUnit.SECONDS.toNanos(1);
        return new Result(firstOps / seconds, secondOps / seconds, deadlocks.get());
    }

    private static long contend(LockFacade locks, String lockType, Duration window, AtomicLong deadlocks)
            throws Exception {
        ExecutorService threads = Executors.newFixedThreadPool(THREADS);
        try {
            long end = System.nanoTime() + window.toNanos();
            List<Future<Long>> counts = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                counts.add(threads.submit(() -> {
                    long ops = 0;
                    while (System.nanoTime() < end) {
                        try {
                            locks.lock(lockType, "one", 0);
                            locks.unlock(lockType, "one");
                            ops++;
                        } catch (DeadlockException e) {
                            deadlocks.incrementAndGet();
                        }
                    }
                    return ops;
                }));
            }
            long total = 0;
            for (Future<Long> count : counts) {
                total += count.get(window.toMillis() * 10 + 60_000, TimeUnit.MILLISECONDS);
            }
            return total;
        } finally {
            threads.shutdownNow();
        }
    }
}
