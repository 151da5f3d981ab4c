package io.lockfacade.client.distributed;

import io.lockfacade.testsupport.await.Await;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import static io.lockfacade.client.distributed.ClusterFixture.KEY;
import static io.lockfacade.client.distributed.ClusterFixture.PATIENCE_MILLIS;
import static io.lockfacade.client.distributed.ClusterFixture.TYPE;
import static io.lockfacade.client.distributed.ClusterFixture.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Exclusion under contention, fair or not, and the {@code fairLocalLock} setting: a fair node serves its threads
 * first come, first served; a non-fair one lets a thread take a free lock ahead of a queued one.
 */
class LocalFairnessTest {

    /** Attempts at passing a queued thread that a fair node must refuse. */
    private static final int FAIR_ATTEMPTS = 100;

    /**
     * Most attempts a non-fair node gets to pass a queued thread once; it did in 7 to 30 of 100 attempts here (the
     * queued thread wakes only after the releasing one has tried), so 1,000 leave no room for chance.
     */
    private static final int NON_FAIR_ATTEMPTS = 1_000;

    private final ClusterFixture cluster = new ClusterFixture();

    @AfterEach
    void closeCluster() {
        cluster.close();
    }

    @ParameterizedTest(name = "fairLocalLock={0}")
    @ValueSource(booleans = {true, false})
    void sixteenThreadsOnTwoNodesNeverHoldTheLockTogetherAndTokensNeverDecrease(boolean fair) throws Exception {
        DistributeLock[] nodes = {cluster.node(ClusterFixture.settings("node-a").withFairLocalLock(fair)),
                cluster.node(ClusterFixture.settings("node-b").withFairLocalLock(fair))};
        int rounds = 300;
        AtomicInteger holders = new AtomicInteger();
        AtomicInteger overlaps = new AtomicInteger();
        AtomicInteger decreases = new AtomicInteger();
        AtomicLong lastToken = new AtomicLong();
        int[] counter = {0}; // guarded by the lock under test
        List<Future<Void>> workers = new ArrayList<>();
        for (int t = 0; t < 16; t++) {
            DistributeLock node = nodes[t % nodes.length];
            workers.add(cluster.inOtherThread(() -> {
                for (int i = 0; i < rounds; i++) {
                    node.lock(TYPE, KEY, PATIENCE_MILLIS);
                    try {
                        if (holders.incrementAndGet() != 1) {
                            overlaps.incrementAndGet();
                        }
                        long token = node.fencingToken(TYPE, KEY).orElseThrow();
                        if (token < lastToken.getAndSet(token)) {
                            decreases.incrementAndGet();
                        }
                        counter[0]++;
                        holders.decrementAndGet();
                    } finally {
                        node.unlock(TYPE, KEY);
                    }
                }
                return null;
            }));
        }
        for (Future<Void> worker : workers) {
            worker.get(60, TimeUnit.SECONDS);
        }

        assertEquals(0, overlaps.get());
        assertEquals(0, decreases.get());
        assertEquals(16 * rounds, counter[0]);
        assertEquals(0, nodes[0].localEntryCount() + nodes[1].localEntryCount());
        assertEquals(0, cluster.master.liveLocks());
    }

    @Test
    void aFairNodeNeverLetsTheReleasingThreadRetakeTheLockAheadOfAQueuedThread() throws Exception {
        DistributeLock node = cluster.node(ClusterFixture.settings("node-a"));

        assertEquals(0, retakesAheadOfAQueuedThread(node, FAIR_ATTEMPTS, FAIR_ATTEMPTS));
    }

    @Test
    void aNonFairNodeLetsTheReleasingThreadRetakeTheLockAheadOfAQueuedThread() throws Exception {
        DistributeLock node = cluster.node(ClusterFixture.settings("node-a").withFairLocalLock(false));

        assertEquals(1, retakesAheadOfAQueuedThread(node, NON_FAIR_ATTEMPTS, 1),
                "in " + NON_FAIR_ATTEMPTS + " attempts the releasing thread never took the lock before the queued one");
    }

    /**
     * Repeatedly: hold the lock, let another thread queue for it, release and at once try to take it again. The
     * other thread keeps the lock, once it has it, until this attempt is over, so this thread can only have got it
     * back ahead of the queued one.
     *
     * @param enough stop after this many retakes
     * @return how often the releasing thread got the lock back ahead of the queued thread
     */
    private int retakesAheadOfAQueuedThread(DistributeLock node, int attempts, int enough) throws Exception {
        int retakes = 0;
        for (int attempt = 0; attempt < attempts && retakes < enough; attempt++) {
            node.lock(TYPE, KEY, PATIENCE_MILLIS);
            CountDownLatch attemptOver = new CountDownLatch(1);
            Future<Void> queued = cluster.inOtherThread(() -> {
                node.lock(TYPE, KEY, PATIENCE_MILLIS);
                try {
                    assertTrue(attemptOver.await(PATIENCE_MILLIS, TimeUnit.MILLISECONDS), "attempt never ended");
                } finally {
                    node.unlock(TYPE, KEY);
                }
                return null;
            });
            Await.until("the other thread queues locally", () -> node.localQueueLength(TYPE, KEY) == 1);
            node.unlock(TYPE, KEY);
            if (node.tryLock(TYPE, KEY)) {
                retakes++;
                node.unlock(TYPE, KEY);
            }
            attemptOver.countDown();
            await(queued);
        }
        return retakes;
    }
}
