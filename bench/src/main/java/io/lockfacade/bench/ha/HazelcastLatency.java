package io.lockfacade.bench.ha;

import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.cp.lock.FencedLock;
import io.lockfacade.bench.stats.LatencyHistogram;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * S1, S2 and S4 against Hazelcast CP: S1 is one client thread, lock+unlock of a new {@code FencedLock} each time;
 * S2 is {@code threads} threads of one client, each locking and unlocking a {@code FencedLock} of its own; S4 hands
 * one {@code FencedLock} between two clients.
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

    /** S4 as {@link LockFacadeLatency#s4} measures it: two clients hand one {@code FencedLock} back and forth. */
    static Latency s4(HazelcastInstance first, HazelcastInstance second, int warmup, int rounds) throws Exception {
        return HandOffLatency.measure(side(first.getCPSubsystem().getLock("s4")),
                side(second.getCPSubsystem().getLock("s4")), warmup, rounds);
    }

    private static HandOffLatency.Side side(FencedLock lock) {
        return new HandOffLatency.Side() {
            @Override
            public void lock() {
                lock.lock();
            }

            @Override
            public void unlock() {
                lock.unlock();
            }
        };
    }
}
