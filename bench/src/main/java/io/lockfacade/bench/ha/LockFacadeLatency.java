package io.lockfacade.bench.ha;

import io.lockfacade.api.LockGrant;
import io.lockfacade.bench.stats.LatencyHistogram;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntFunction;

/**
 * S1 and S3 against a Lock Facade master (single or the group's leader), through the same
 * {@link LockCalls} client kind, so both differ only in the master.
 */
final class LockFacadeLatency {

    private static final String TYPE = "habench-latency";
    private static final long NO_WAIT = 0;

    private final List<String> endpoints;
    private final int leader;
    private final LockCalls.Kind client;

    /**
     * @param endpoints the master's endpoints
     * @param leader    the index to call first
     * @param client    the client to measure with
     */
    LockFacadeLatency(List<String> endpoints, int leader, LockCalls.Kind client) {
        this.endpoints = endpoints;
        this.leader = leader;
        this.client = client;
    }

    /**
     * Waits until the master grants (it may still be starting).
     *
     * @throws IllegalStateException if it does not within {@code timeout}
     */
    void awaitServing(Duration timeout) throws InterruptedException {
        LockCalls locks = client.create(endpoints, leader, Duration.ZERO);
        long deadline = System.nanoTime() + timeout.toNanos();
        locks.tryLock(TYPE, "ready", "ready", HaLimits.LOAD_LEASE.toMillis(), NO_WAIT, deadline);
        locks.unlock(TYPE, "ready", "ready", deadline);
    }

    /**
     * S1 and S3 of one master, after an untimed S3 pass: S3 takes paths S1 never does (parking, hand-over), and a
     * member started a moment ago was still compiling them during a first S3, at up to half the rate.
     *
     * @param label  names the keys, so each system and pass uses its own
     * @param warmup untimed S1 rounds before the timed ones
     * @param rounds timed S1 rounds
     * @param s3     how long each S3 pass runs
     */
    Measured measure(String label, int warmup, int rounds, Duration s3) throws InterruptedException {
        s3(label + "-warmup", s3);
        Latency s1 = s1(label, warmup, rounds);
        return new Measured(s1, s3(label, s3));
    }

    /**
     * S1 and S3 of one master.
     *
     * @param s1 lock+unlock latency, one thread
     * @param s3 lock+unlock pairs per second, 16 threads on one key
     */
    record Measured(Latency s1, double s3) {
        @Override
        public String toString() {
            return "S1 " + s1 + ", S3 " + s3 + "/s";
        }
    }

    /** S1: one thread, lock+unlock of a new key each time; {@code warmup} untimed rounds first. */
    Latency s1(String label, int warmup, int rounds) throws InterruptedException {
        LockCalls locks = client.create(endpoints, leader, Duration.ZERO);
        LatencyHistogram histogram = new LatencyHistogram();
        for (int i = 0; i < warmup + rounds; i++) {
            String key = label + "-s1-" + i;
            long start = System.nanoTime();
            LockGrant grant = locks.tryLock(TYPE, key, "s1", HaLimits.LOAD_LEASE.toMillis(), NO_WAIT, deadline())
                    .value();
            if (grant == null || !locks.unlock(TYPE, key, "s1", deadline()).value()) {
                throw new IllegalStateException("S1 lock+unlock of a free key failed on " + label);
            }
            if (i >= warmup) {
                histogram.recordNanos(System.nanoTime() - start);
            }
        }
        return Latency.of(histogram);
    }

    /** S4: two clients hand one lock back and forth ({@link HandOffLatency}); @return the hand-off latency */
    Latency s4(String label, int warmup, int rounds) throws Exception {
        String key = label + "-s4";
        return HandOffLatency.measure(side(key, "s4-a"), side(key, "s4-b"), warmup, rounds);
    }

    private HandOffLatency.Side side(String key, String owner) {
        LockCalls locks = client.create(endpoints, leader, HaLimits.S3_WAIT);
        return new HandOffLatency.Side() {
            @Override
            public void lock() throws InterruptedException {
                while (locks.tryLock(TYPE, key, owner, HaLimits.LOAD_LEASE.toMillis(), HaLimits.S3_WAIT.toMillis(),
                        deadline()).value() == null) {
                    Thread.onSpinWait();
                }
            }

            @Override
            public void unlock() throws InterruptedException {
                locks.unlock(TYPE, key, owner, deadline());
            }
        };
    }

    /** S3: {@link HaLimits#S3_THREADS} threads on one key for {@code duration}; @return lock+unlock pairs per second */
    double s3(String label, Duration duration) throws InterruptedException {
        return pairsPerSecond("s3-" + label, HaLimits.S3_THREADS, HaLimits.S3_WAIT, i -> label + "-s3",
                "s3-owner-", duration);
    }

    /**
     * S2: {@code threadCount} threads, each on a key of its own, for {@code duration}.
     *
     * @return lock+unlock pairs per second
     */
    double s2(String label, int threadCount, Duration duration) throws InterruptedException {
        return pairsPerSecond("s2-" + label, threadCount, Duration.ZERO, i -> label + "-s2-" + i, "s2-owner-",
                duration);
    }

    private double pairsPerSecond(String name, int threadCount, Duration wait, IntFunction<String> keyOfThread,
                                  String ownerPrefix, Duration duration) throws InterruptedException {
        AtomicLong pairs = new AtomicLong();
        return LoadThreads.ratePerSecond(name, threadCount, i -> {
            LockCalls locks = client.create(endpoints, leader, wait);
            String key = keyOfThread.apply(i);
            String owner = ownerPrefix + i;
            return () -> {
                LockGrant grant = locks.tryLock(TYPE, key, owner, HaLimits.LOAD_LEASE.toMillis(), wait.toMillis(),
                        deadline()).value();
                if (grant != null) {
                    locks.unlock(TYPE, key, owner, deadline());
                    pairs.incrementAndGet();
                }
            };
        }, duration, pairs::get);
    }

    private static long deadline() {
        return System.nanoTime() + HaLimits.RECOVERY_CAP.toNanos();
    }
}
