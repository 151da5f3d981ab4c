package io.lockfacade.client.distributed;

import io.lockfacade.testsupport.await.Await;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Threads of one node queued on one lock in a known order, each of which, once it holds the lock, notes its
 * fencing token and keeps the lock until the test lets it go: so that a test decides when each final unlock
 * happens, and sees which grant each thread got.
 */
final class LocalQueue {

    private final DistributeLock node;
    private final String lockType;
    private final String key;
    private final List<Future<Long>> tokens = new ArrayList<>();
    private final List<CountDownLatch> letGo = new ArrayList<>();
    private final List<CountDownLatch> holding = new ArrayList<>();

    /**
     * Queues {@code threads} threads on {@code node}'s lock, one after the other (the local lock is fair, so they
     * get it in that order).
     */
    static LocalQueue of(DistributeLock node, String lockType, String key, int threads, ExecutorService executor,
                         long patienceMillis) {
        LocalQueue queue = new LocalQueue(node, lockType, key);
        for (int i = 1; i <= threads; i++) {
            CountDownLatch gate = new CountDownLatch(1);
            CountDownLatch holds = new CountDownLatch(1);
            queue.letGo.add(gate);
            queue.holding.add(holds);
            queue.tokens.add(executor.submit(() -> {
                node.lock(lockType, key, patienceMillis);
                try {
                    holds.countDown();
                    long token = node.fencingToken(lockType, key).orElseThrow();
                    if (!gate.await(patienceMillis, TimeUnit.MILLISECONDS)) {
                        throw new IllegalStateException("never let go");
                    }
                    return token;
                } finally {
                    node.unlock(lockType, key);
                }
            }));
            int length = i;
            Await.until(length + " threads queue locally", () -> node.localQueueLength(lockType, key) == length);
        }
        return queue;
    }

    private LocalQueue(DistributeLock node, String lockType, String key) {
        this.node = node;
        this.lockType = lockType;
        this.key = key;
    }

    /**
     * For a node whose bound is one hand-off, once its holder has unlocked: lets thread 0 go, whose final unlock
     * reaches the bound and sends the question about other nodes; waits until thread 1 holds the lock and the
     * master's answer is {@code expected}; then lets every thread go.
     */
    void passTheBoundOnceAnswered(WaiterProbe.Answer expected) {
        letGo(0);
        awaitHolding(1);
        Await.until("the master answered " + expected, () -> node.probeAnswer(lockType, key) == expected);
        letAllGo();
    }

    /** Lets thread {@code index} (from 0, in queue order) unlock once it holds the lock. */
    void letGo(int index) {
        letGo.get(index).countDown();
    }

    /** Lets every thread unlock once it holds the lock. */
    void letAllGo() {
        letGo.forEach(CountDownLatch::countDown);
    }

    /** @return the token thread {@code index} held, once it has unlocked */
    Future<Long> token(int index) {
        return tokens.get(index);
    }

    /** Waits until thread {@code index} holds the lock (or has held it). */
    void awaitHolding(int index) {
        Await.until("thread " + index + " holds the lock", () -> holding.get(index).getCount() == 0);
    }
}
