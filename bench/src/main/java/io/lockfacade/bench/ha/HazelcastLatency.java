package io.lockfacade.bench.ha;

import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.cp.lock.FencedLock;
import io.lockfacade.bench.stats.LatencyHistogram;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * S1 and S2 against Hazelcast CP: S1 is one client thread, lock+unlock of a new {@code FencedLock} each time; S2 is
 * {@code threads} threads of one client, each locking and unlocking a {@code FencedLock} of its own.
 */
final class HazelcastLatency {

    private HazelcastLatency() {
    }

    /**
     * Measures S1. The lock proxies are created first (creating one is a Raft call of its own on the METADATA group,
     * which a Lock Facade key does not need), so only lock+unlock is timed.
     */
    static Latency s1(HazelcastInstance client, int warmup, int rounds) {
        List<FencedLock> locks = new ArrayList<>();
        for (int i = 0; i < warmup + rounds; i++) {
            locks.add(client.getCPSubsystem().getLock("s1-" + i));
        }
        LatencyHistogram histogram = new LatencyHistogram();
        for (int i = 0; i < locks.size(); i++) {
            FencedLock lock = locks.get(i);
            long start = System.nanoTime();
            lock.lock();
            lock.unlock();
            if (i >= warmup) {
                histogram.recordNanos(System.nanoTime() - start);
            }
        }
        return Latency.of(histogram);
    }

    /**
     * Measures S2 as {@link LockFacadeLatency#s2} does: the locks are created first, then each thread repeats
     * lock+unlock on its own lock for {@code duration}.
     *
     * @return lock+unlock pairs per second
     */
    static double s2(HazelcastInstance client, int threads, Duration duration) throws InterruptedException {
        AtomicLong pairs = new AtomicLong();
        List<FencedLock> locks = new ArrayList<>();
        for (int i = 0; i < threads; i++) {
            locks.add(client.getCPSubsystem().getLock("s2-" + i));
        }
        return LoadThreads.ratePerSecond("hz-s2", threads, i -> () -> {
            FencedLock lock = locks.get(i);
            lock.lock();
            lock.unlock();
            pairs.incrementAndGet();
        }, duration, pairs::get);
    }
}
