package io.lockfacade.bench.ha;

import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.cp.lock.FencedLock;
import io.lockfacade.bench.stats.LatencyHistogram;

import java.util.ArrayList;
import java.util.List;

/** S1 against Hazelcast CP: one client thread, lock+unlock of a new {@code FencedLock} each time. */
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
}
