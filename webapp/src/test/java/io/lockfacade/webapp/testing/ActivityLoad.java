package io.lockfacade.webapp.testing;

import io.lockfacade.api.LockGrant;
import io.lockfacade.api.MemoryLockService;
import io.lockfacade.webapp.MasterServer;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Real Hessian traffic on a test master for its activity figures: grants made and released at once, and calls
 * parked behind a held lock. Every call goes over HTTP through Caucho's proxy, so the endpoint sees it as it would
 * a client's. {@link #close()} releases the held locks; each waiter releases what it is then granted, so the
 * whole queue drains at once and every thread ends.
 */
public final class ActivityLoad implements AutoCloseable {

    /** Longest a waiter may wait: below the test proxies' read timeout. */
    public static final Duration MAX_WAIT = Duration.ofSeconds(20);

    private static final long LEASE_MILLIS = 60_000;
    private static final Duration PATIENCE = Duration.ofSeconds(20);
    private static final Duration POLL = Duration.ofMillis(20);

    private final MasterServer master;
    private final MemoryLockService proxy;
    private final ExecutorService waiters;
    private final List<Future<?>> parked = new ArrayList<>();
    private final List<String[]> held = new ArrayList<>();
    private final AtomicInteger sequence = new AtomicInteger();

    private ActivityLoad(MasterServer master) {
        this.master = master;
        this.proxy = HessianClients.proxy(master.serviceUri());
        this.waiters = Executors.newCachedThreadPool(runnable -> {
            Thread thread = new Thread(runnable, "activity-waiter-" + sequence.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
    }

    /** @return a load generator on the master; close it when done */
    public static ActivityLoad on(MasterServer master) {
        return new ActivityLoad(master);
    }

    /** Takes {@code count} locks of a type and releases each at once: {@code count} grants. */
    public void grants(String type, int count) {
        for (int i = 0; i < count; i++) {
            String key = "burst-" + i;
            if (proxy.tryLock(type, key, "node-load:burst#1", LEASE_MILLIS, 0) == null) {
                throw new IllegalStateException(type + "/" + key + " is held by someone else");
            }
            proxy.unlock(type, key, "node-load:burst#1");
        }
    }

    /**
     * Holds {@code type/key} and parks {@code count} waiters on it, each waiting up to {@link #MAX_WAIT}; returns
     * once the endpoint counts them.
     */
    public void parkWaiters(String type, String key, int count) throws InterruptedException {
        String holder = "node-load:holder#" + sequence.incrementAndGet();
        if (proxy.tryLock(type, key, holder, LEASE_MILLIS, 0) == null) {
            throw new IllegalStateException(type + "/" + key + " is held by someone else");
        }
        held.add(new String[] {type, key, holder});
        int before = master.metrics().waiting().count();
        for (int i = 0; i < count; i++) {
            String owner = "node-w" + sequence.incrementAndGet() + ":worker#1";
            MemoryLockService client = HessianClients.proxy(master.serviceUri());
            parked.add(waiters.submit(() -> {
                LockGrant grant = client.tryLock(type, key, owner, LEASE_MILLIS, MAX_WAIT.toMillis());
                if (grant != null) {
                    client.unlock(type, key, owner);
                }
            }));
        }
        awaitWaiting(before + count);
    }

    /** Waits until the endpoint counts {@code expected} parked calls. */
    public void awaitWaiting(int expected) throws InterruptedException {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        while (master.metrics().waiting().count() != expected) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("expected " + expected + " parked calls, the endpoint counts "
                        + master.metrics().waiting().count());
            }
            Thread.sleep(POLL.toMillis());
        }
    }

    /** Releases the held locks, lets every waiter take and release its lock, and waits for their threads. */
    @Override
    public void close() throws Exception {
        for (String[] lock : held) {
            proxy.unlock(lock[0], lock[1], lock[2]);
        }
        held.clear();
        try {
            for (Future<?> waiter : parked) {
                waiter.get(MAX_WAIT.plus(PATIENCE).toSeconds(), TimeUnit.SECONDS);
            }
        } finally {
            parked.clear();
            waiters.shutdownNow();
        }
    }
}
