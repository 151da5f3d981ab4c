package io.lockfacade.reliability.testing;

import io.lockfacade.client.distributed.DistributeLock;
import io.lockfacade.client.distributed.DistributeLockSettings;
import io.lockfacade.client.transport.ClientTransportSettings;
import io.lockfacade.client.transport.MemoryLockServiceProxies;
import io.lockfacade.testsupport.await.Await;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A well-behaved client that keeps locking and unlocking its own keys (type {@value #TYPE}) on a background thread
 * while a test attacks the master, and records every failure and the longest cycle.
 */
public final class CorrectClient implements AutoCloseable {

    /** The lock type the correct client uses; tests leave it out of table comparisons. */
    public static final String TYPE = "good";

    private static final long LOCK_TIMEOUT_MILLIS = 10_000;
    private static final Duration CYCLE_POLL = Duration.ofMillis(20);

    private final DistributeLock locks;
    private final Thread thread;
    private final AtomicLong cycles = new AtomicLong();
    private final AtomicLong longestCycleMillis = new AtomicLong();
    private final List<String> failures = new ArrayList<>();
    private volatile boolean stopping;
    private long lastToken;

    /** Starts the client against {@code master}, with {@code secret} if not null. */
    public CorrectClient(URI master, String secret) {
        locks = new DistributeLock(MemoryLockServiceProxies.create(master,
                ClientTransportSettings.defaults().withConnectTimeout(Duration.ofSeconds(2)).withSecret(secret)),
                DistributeLockSettings.defaults().withNodeId("correct-client"));
        thread = new Thread(this::loop, "correct-client");
        thread.setDaemon(true);
        thread.start();
    }

    /** @return lock/unlock cycles completed */
    public long cycles() {
        return cycles.get();
    }

    /** @return the longest lock/unlock cycle, in milliseconds */
    public long longestCycleMillis() {
        return longestCycleMillis.get();
    }

    /** @return what went wrong, empty when every cycle worked */
    public synchronized List<String> failures() {
        return List.copyOf(failures);
    }

    /** Waits until at least {@code count} more cycles completed, or fails. */
    public void awaitCycles(long count, Duration timeout) throws InterruptedException {
        long target = cycles.get() + count;
        Await.until(timeout, CYCLE_POLL, () -> cycles.get() >= target,
                () -> "the correct client made no progress within " + timeout + ": " + failures());
    }

    /** Stops the loop, releases everything and checks nothing is left held. */
    @Override
    public void close() throws InterruptedException {
        stopping = true;
        thread.join(30_000);
        locks.close();
    }

    private void loop() {
        int i = 0;
        while (!stopping) {
            String key = "k" + (i++ % 4);
            long start = System.nanoTime();
            try {
                locks.lock(TYPE, key, LOCK_TIMEOUT_MILLIS);
                try {
                    long token = locks.fencingToken(TYPE, key).orElseThrow();
                    if (token <= lastToken) {
                        fail("token " + token + " not above the previous " + lastToken);
                    }
                    lastToken = token;
                } finally {
                    locks.unlock(TYPE, key);
                }
                cycles.incrementAndGet();
                longestCycleMillis.accumulateAndGet((System.nanoTime() - start) / 1_000_000, Math::max);
            } catch (Exception | Error e) {
                fail(e.toString());
            }
        }
    }

    private synchronized void fail(String what) {
        if (failures.size() < 20) {
            failures.add(what);
        }
    }
}
