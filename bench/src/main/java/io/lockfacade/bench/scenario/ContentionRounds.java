package io.lockfacade.bench.scenario;

import io.lockfacade.api.DeadlockException;
import io.lockfacade.client.LockFacade;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Two contention workloads in alternating rounds (each first in every other round, after a warm-up window each),
 * so that both see the machine in the same state; a workload counts its lock+unlock pairs and the
 * {@link DeadlockException}s it meets. {@link #oneKey} is the usual one: {@value #THREADS} threads of this JVM
 * locking one key with an empty critical section.
 */
final class ContentionRounds {

    /** Threads contending in {@link #oneKey}. */
    static final int THREADS = 16;

    /**
     * @param first     acquisitions per second of the first workload
     * @param second    acquisitions per second of the second
     * @param deadlocks {@link DeadlockException}s seen, on either
     */
    record Result(double first, double second, long deadlocks) {
    }

    /** One thread's part of a workload: lock+unlock pairs until {@code endNanos}, counting deadlocks met. */
    interface ThreadWork {
        long pairsUntil(long endNanos, AtomicLong deadlocks) throws Exception;
    }

    private ContentionRounds() {
    }

    /** {@link #oneKey} on each facade, alternated. */
    static Result alternate(LockFacade first, LockFacade second, String lockType, int rounds, Duration window)
            throws Exception {
        return alternate(oneKey(first, lockType), oneKey(second, lockType), rounds, window);
    }

    /** Runs both workloads {@code rounds} times each for {@code window}, alternating which goes first. */
    static Result alternate(List<ThreadWork> first, List<ThreadWork> second, int rounds, Duration window)
            throws Exception {
        AtomicLong deadlocks = new AtomicLong();
        contend(first, window, deadlocks); // warm-up: both past the JIT's thresholds before measuring
        contend(second, window, deadlocks);
        long firstOps = 0;
        long secondOps = 0;
        for (int round = 0; round < rounds; round++) {
            boolean firstGoesFirst = round % 2 == 0; // neither always runs on the machine the other left
            if (firstGoesFirst) {
                firstOps += contend(first, window, deadlocks);
            }
            secondOps += contend(second, window, deadlocks);
            if (!firstGoesFirst) {
                firstOps += contend(first, window, deadlocks);
            }
        }
        double seconds = window.toNanos() * (double) rounds / TimeUnit.SECONDS.toNanos(1);
        return new Result(firstOps / seconds, secondOps / seconds, deadlocks.get());
    }

    /** @return {@value #THREADS} threads locking and unlocking one key of {@code lockType} on {@code locks} */
    static List<ThreadWork> oneKey(LockFacade locks, String lockType) {
        ThreadWork work = (endNanos, deadlocks) -> {
            long ops = 0;
            while (System.nanoTime() < endNanos) {
                try {
                    locks.lock(lockType, "one", 0);
                    locks.unlock(lockType, "one");
                    ops++;
                } catch (DeadlockException e) {
                    deadlocks.incrementAndGet();
                }
            }
            return ops;
        };
        return Collections.nCopies(THREADS, work);
    }

    private static long contend(List<ThreadWork> threads, Duration window, AtomicLong deadlocks) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(threads.size());
        try {
            long end = System.nanoTime() + window.toNanos();
            List<Future<Long>> counts = new ArrayList<>();
            for (ThreadWork work : threads) {
                Callable<Long> task = () -> work.pairsUntil(end, deadlocks);
                counts.add(pool.submit(task));
            }
            long total = 0;
            for (Future<Long> count : counts) {
                total += count.get(window.toMillis() * 10 + 60_000, TimeUnit.MILLISECONDS);
            }
            return total;
        } finally {
            pool.shutdownNow();
        }
    }
}
