package io.lockfacade.bench.ha;

import io.lockfacade.bench.stats.LatencyHistogram;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.locks.InterProcessMutex;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * S1 and S2 on a {@link ZooKeeperEnsemble} through Curator's {@link InterProcessMutex}, as its users lock: S1 one
 * thread's acquire+release p50 on a free lock, S2 {@link HaLimits#S2_THREADS} threads of this JVM each on a lock
 * of its own, pairs per second. Each thread keeps one lock path (a Curator lock on a new path first creates its
 * parent node, one more write that a reused path does not pay), so ZooKeeper is measured at its best.
 */
final class ZooKeeperLatency {

    private static final String ROOT = "/habench";
    private static final long ACQUIRE_TIMEOUT_SECONDS = 30;

    private ZooKeeperLatency() {
    }

    /** @return one thread's acquire+release of its own free lock, after {@code warmup} untimed rounds */
    static Latency s1(CuratorFramework client, int warmup, int rounds) throws Exception {
        InterProcessMutex mutex = new InterProcessMutex(client, ROOT + "/s1");
        for (int i = 0; i < warmup; i++) {
            lockUnlock(mutex);
        }
        LatencyHistogram histogram = new LatencyHistogram();
        for (int i = 0; i < rounds; i++) {
            long start = System.nanoTime();
            lockUnlock(mutex);
            histogram.recordNanos(System.nanoTime() - start);
        }
        return Latency.of(histogram);
    }

    /** @return acquire+release pairs per second of {@code threads} threads, each on a lock of its own */
    static double s2(CuratorFramework client, String name, int threads, Duration duration) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            long end = System.nanoTime() + duration.toNanos();
            List<Future<Long>> counts = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                InterProcessMutex mutex = new InterProcessMutex(client, ROOT + "/s2-" + name + "-" + t);
                counts.add(pool.submit(() -> {
                    long pairs = 0;
                    while (System.nanoTime() < end) {
                        lockUnlock(mutex);
                        pairs++;
                    }
                    return pairs;
                }));
            }
            long total = 0;
            for (Future<Long> count : counts) {
                total += count.get(duration.toMillis() + TimeUnit.SECONDS.toMillis(ACQUIRE_TIMEOUT_SECONDS * 2),
                        TimeUnit.MILLISECONDS);
            }
            return total / (duration.toNanos() / (double) TimeUnit.SECONDS.toNanos(1));
        } finally {
            pool.shutdownNow();
        }
    }

    private static void lockUnlock(InterProcessMutex mutex) throws Exception {
        if (!mutex.acquire(ACQUIRE_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            throw new IllegalStateException("a free ZooKeeper lock was not acquired within "
                    + ACQUIRE_TIMEOUT_SECONDS + " s");
        }
        mutex.release();
    }
}
