package io.lockfacade.bench.scenario;

import io.lockfacade.api.DeadlockException;
import io.lockfacade.client.LockFacade;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Two threads take two locks in crossing orders: the first holds {@code a} and waits for {@code b}, the second, a
 * little later, holds {@code b} and waits for {@code a}, closing the cycle. Each side may use a lock facade of its
 * own (two nodes) or both the same one (one node, one JVM).
 */
final class CrossingPair {

    private static final long LONG_WAIT_MILLIS = 30_000;
    private static final long STAGGER_MILLIS = 20;

    /**
     * @param victims         how many of the two threads were told {@link DeadlockException}
     * @param victimWaitNanos from the start of the closing (later) wait to the victim's exception
     */
    record Result(int victims, long victimWaitNanos) {
    }

    private CrossingPair() {
    }

    static Result run(LockFacade locks, String lockType) throws Exception {
        return run(locks, locks, lockType);
    }

    static Result run(LockFacade firstLocks, LockFacade secondLocks, String lockType) throws Exception {
        ExecutorService threads = Executors.newFixedThreadPool(2);
        try {
            CountDownLatch bothHold = new CountDownLatch(2);
            long[] waitStarts = new long[2];
            Future<Long> first = threads.submit(() -> side(firstLocks, lockType, "a", "b", bothHold, waitStarts, 0));
            Future<Long> second = threads.submit(() -> side(secondLocks, lockType, "b", "a", bothHold, waitStarts, 1));
            long firstEnd = first.get(LONG_WAIT_MILLIS * 2, TimeUnit.MILLISECONDS);
            long secondEnd = second.get(LONG_WAIT_MILLIS * 2, TimeUnit.MILLISECONDS);
            long closingStart = Math.max(waitStarts[0], waitStarts[1]);
            int victims = (firstEnd > 0 ? 1 : 0) + (secondEnd > 0 ? 1 : 0);
            return new Result(victims, Math.max(firstEnd, secondEnd) - closingStart);
        } finally {
            threads.shutdownNow();
        }
    }

    /** @return when this side was told {@link DeadlockException}, or 0 if it got both locks */
    private static long side(LockFacade locks, String lockType, String mine, String theirs, CountDownLatch bothHold,
                             long[] waitStarts, int index) throws Exception {
        locks.lock(lockType, mine, 0);
        try {
            bothHold.countDown();
            bothHold.await();
            if (index == 1) {
                Thread.sleep(STAGGER_MILLIS);
            }
            synchronized (waitStarts) {
                waitStarts[index] = System.nanoTime();
            }
            locks.lock(lockType, theirs, LONG_WAIT_MILLIS);
            locks.unlock(lockType, theirs);
            return 0;
        } catch (DeadlockException e) {
            return System.nanoTime();
        } finally {
            locks.unlock(lockType, mine);
        }
    }
}
