package io.lockfacade.bench.ha;

import io.lockfacade.api.LockGrant;

import java.time.Duration;
import java.util.List;

/**
 * What a benchmark client thread needs from a Lock Facade master or group: lock and unlock, retried until a
 * deadline while no leader answers, and which member answered. One instance per thread.
 */
interface LockCalls {

    /**
     * A call's result and the member that answered it.
     *
     * @param value     what the call returned
     * @param member    index of the member that answered
     * @param doneNanos {@link System#nanoTime()} when the answer arrived
     * @param <T>       the result type
     */
    record Answered<T>(T value, int member, long doneNanos) {
    }

    /**
     * @see io.lockfacade.api.MemoryLockService#tryLock
     * @throws InterruptedException  if the thread is interrupted between attempts
     * @throws IllegalStateException if no leader answered by {@code deadlineNanos}
     */
    Answered<LockGrant> tryLock(String type, String key, String owner, long leaseMillis, long waitMillis,
                                long deadlineNanos) throws InterruptedException;

    /**
     * @see io.lockfacade.api.MemoryLockService#unlock
     * @throws InterruptedException  if the thread is interrupted between attempts
     * @throws IllegalStateException if no leader answered by {@code deadlineNanos}
     */
    Answered<Boolean> unlock(String type, String key, String owner, long deadlineNanos) throws InterruptedException;

    /** Which client the benchmark drives the Lock Facade masters with. */
    enum Kind {
        /** The Java client's failover over the comma-separated master list (what applications get). */
        JAVA,
        /** The harness's own caller, written from the group contract alone ({@link LeaderFollowingLocks}). */
        CONTRACT;

        /**
         * @param endpoints   every member's Hessian endpoint (one for a single master)
         * @param first       index of the member believed to lead
         * @param longestWait the longest {@code waitMillis} the caller will pass
         * @return a new client for one thread
         */
        LockCalls create(List<String> endpoints, int first, Duration longestWait) {
            return this == JAVA ? new JavaClientLocks(endpoints, longestWait)
                    : new LeaderFollowingLocks(endpoints, first, longestWait);
        }
    }
}
