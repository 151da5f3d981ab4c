package io.lockfacade.server.service;

import io.lockfacade.server.expiry.LeaseReaper;
import io.lockfacade.server.table.Handout;
import io.lockfacade.server.table.LockInfo;
import io.lockfacade.server.table.LockKey;
import io.lockfacade.server.table.LockMachine;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A live table on hand-driven clocks: tests move time and run the reaper's sweep themselves. Parked calls wait
 * {@link #WAIT_MILLIS} on a real timer, far longer than any test, so only the test ends them.
 */
public final class LiveTableFixture implements AutoCloseable {

    /** The expiry resolution. */
    public static final Duration TICK = Duration.ofMillis(10);
    /** How long a parked call waits. */
    public static final long WAIT_MILLIS = 60_000;

    /** Monotonic time. */
    public final AtomicLong nanos = new AtomicLong(TimeUnit.SECONDS.toNanos(1000));
    /** Wall-clock time. */
    public final AtomicLong wallMillis = new AtomicLong(1_000_000);
    private final ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1);
    /** The table under test. */
    public final LiveTable table;
    /** Its sessions. */
    public final LiveSessions sessions;
    private final LeaseReaper.Sweep sweep;

    /** A table reporting no events. */
    public LiveTableFixture() {
        this(LockEvents.NONE);
    }

    /** @param events told what the table decided */
    public LiveTableFixture(LockEvents events) {
        MasterClocks clocks = new MasterClocks(nanos::get, wallMillis::get,
                () -> TimeUnit.MILLISECONDS.toMicros(wallMillis.get()));
        table = new LiveTable(new LockMachine(), clocks, TICK, timer, events);
        sessions = new LiveSessions(table);
        sweep = table.sweep();
    }

    /** Moves both clocks. */
    public void advanceMillis(long millis) {
        nanos.addAndGet(TimeUnit.MILLISECONDS.toNanos(millis));
        wallMillis.addAndGet(millis);
    }

    /** Runs what the reaper would run now. */
    public void sweep() {
        sweep.expireDue(nanos.get());
    }

    /** @return the next deadline the reaper would wake for */
    public long nextDeadlineNanos() {
        return sweep.nextDeadlineNanos(nanos.get());
    }

    /** @return the grant, failing the test if the lock is not granted at once */
    public Handout grant(LockKey key, String owner, long leaseMillis) {
        return grantIn(key, owner, leaseMillis, null);
    }

    /** @return the grant under a session, failing the test if the lock is not granted at once */
    public Handout grantIn(LockKey key, String owner, long leaseMillis, String sessionId) {
        Handout handout = table.acquire(key, owner, leaseMillis, sessionId, 0).join();
        if (handout == null) {
            throw new AssertionError(owner + " expected to get " + key);
        }
        return handout;
    }

    /** @return the parked call, failing the test if the lock was granted at once */
    public CompletableFuture<Handout> park(LockKey key, String owner, long leaseMillis) {
        return parkIn(key, owner, leaseMillis, null);
    }

    /** @return the parked call under a session, failing the test if it was answered at once */
    public CompletableFuture<Handout> parkIn(LockKey key, String owner, long leaseMillis, String sessionId) {
        CompletableFuture<Handout> call = table.acquire(key, owner, leaseMillis, sessionId, WAIT_MILLIS);
        if (call.isDone()) {
            throw new AssertionError(owner + " expected to wait for " + key);
        }
        return call;
    }

    /** @return who holds the lock now, or {@code null} */
    public String holderOf(LockKey key) {
        return table.describe(key).map(LockInfo::owner).orElse(null);
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
