package io.lockfacade.bench.versions;

import io.lockfacade.client.distributed.DistributeLock;
import io.lockfacade.client.transport.ClientTransportSettings;
import io.lockfacade.client.transport.MemoryLockServiceProxies;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One build's {@link DistributeLock}, with its default settings, against one master, loaded by
 * {@link VersionedClient} from that build's jar. It uses only what every build since sessions has ({@code
 * DistributeLock(MemoryLockService)}, {@code MemoryLockServiceProxies.create(URI, ClientTransportSettings)}), so
 * the same class file runs on the client before a change and after it. Its methods take and return JDK types only:
 * they are called across class loaders.
 */
public final class MutexProbe implements AutoCloseable {

    private static final long LOCK_TIMEOUT_MILLIS = 10_000;
    private static final String S1_TYPE = "versions-s1";
    private static final String S3_TYPE = "versions-s3";

    private final DistributeLock lock;
    private final String keyPrefix;
    private long sequence;

    /**
     * @param masterUrl the master's Hessian endpoint
     * @param keyPrefix makes this probe's keys its own
     */
    public MutexProbe(String masterUrl, String keyPrefix) {
        this.lock = new DistributeLock(MemoryLockServiceProxies.create(URI.create(masterUrl),
                ClientTransportSettings.defaults()));
        this.keyPrefix = keyPrefix;
    }

    /**
     * S1: one thread locks and unlocks {@code pairs} fresh keys.
     *
     * @return each pair's time in nanoseconds
     * @throws TimeoutException if a fresh key was not granted within the lock timeout
     */
    public long[] lockUnlockFreshKeys(int pairs) throws TimeoutException {
        long[] nanos = new long[pairs];
        for (int i = 0; i < pairs; i++) {
            String key = keyPrefix + "-" + sequence++;
            long start = System.nanoTime();
            lock.lock(S1_TYPE, key, LOCK_TIMEOUT_MILLIS);
            lock.unlock(S1_TYPE, key);
            nanos[i] = System.nanoTime() - start;
        }
        return nanos;
    }

    /**
     * S3: {@code threads} threads lock and unlock one key with an empty critical section for {@code millis}.
     *
     * @return lock+unlock pairs per second
     * @throws IllegalStateException if two threads held the lock at once, or a thread failed
     */
    public double contendOneKey(int threads, long millis) throws InterruptedException {
        String key = keyPrefix + "-hot";
        AtomicLong pairs = new AtomicLong();
        AtomicLong holders = new AtomicLong();
        List<Throwable> failures = new ArrayList<>();
        long end = System.nanoTime() + millis * 1_000_000;
        List<Thread> workers = new ArrayList<>();
        long start = System.nanoTime();
        for (int t = 0; t < threads; t++) {
            Thread worker = new Thread(() -> {
                while (System.nanoTime() < end) {
                    lockOrFail(key);
                    try {
                        if (holders.incrementAndGet() != 1) {
                            throw new IllegalStateException("two holders of " + key + " at once");
                        }
                        holders.decrementAndGet();
                    } finally {
                        lock.unlock(S3_TYPE, key);
                    }
                    pairs.incrementAndGet();
                }
            }, "versions-s3-" + t);
            worker.setUncaughtExceptionHandler((thread, failure) -> {
                synchronized (failures) {
                    failures.add(failure);
                }
            });
            workers.add(worker);
            worker.start();
        }
        for (Thread worker : workers) {
            worker.join(millis + LOCK_TIMEOUT_MILLIS * 2);
            if (worker.isAlive()) {
                throw new IllegalStateException(worker.getName() + " did not finish");
            }
        }
        synchronized (failures) {
            if (!failures.isEmpty()) {
                throw new IllegalStateException("a contending thread failed: " + failures.get(0), failures.get(0));
            }
        }
        return pairs.get() * 1e9 / (System.nanoTime() - start);
    }

    private void lockOrFail(String key) {
        try {
            lock.lock(S3_TYPE, key, LOCK_TIMEOUT_MILLIS);
        } catch (TimeoutException e) {
            throw new IllegalStateException("no grant of " + key + " within " + LOCK_TIMEOUT_MILLIS + " ms", e);
        }
    }

    @Override
    public void close() {
        lock.close();
    }
}
