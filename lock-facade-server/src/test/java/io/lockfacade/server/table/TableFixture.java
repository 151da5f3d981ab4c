package io.lockfacade.server.table;

import io.lockfacade.server.expiry.ExpirySchedule;
import io.lockfacade.server.fencing.FencingTokenSource;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/** A lock table on a hand-driven clock: tests move time and run the reaper's sweep themselves. */
final class TableFixture {

    static final Duration TICK = Duration.ofMillis(10);

    final AtomicLong nanos = new AtomicLong(TimeUnit.SECONDS.toNanos(1000));
    final AtomicLong wallMicros = new AtomicLong(1_000_000);
    final ExpirySchedule expiries = new ExpirySchedule(TICK);
    final LockTable table = new LockTable(new FencingTokenSource(wallMicros::get), expiries, nanos::get,
            () -> TimeUnit.NANOSECONDS.toMillis(nanos.get()));

    void advanceMillis(long millis) {
        nanos.addAndGet(TimeUnit.MILLISECONDS.toNanos(millis));
    }

    void sweep() {
        table.expireDue(nanos.get());
    }

    Handout grant(LockKey key, String owner, long leaseMillis) {
        Acquisition acquisition = table.acquire(key, owner, leaseMillis, false);
        if (!acquisition.isGranted()) {
            throw new AssertionError(owner + " expected to get " + key);
        }
        return acquisition.handout();
    }

    Waiter park(LockKey key, String owner, long leaseMillis) {
        Acquisition acquisition = table.acquire(key, owner, leaseMillis, true);
        if (!acquisition.isWaiting()) {
            throw new AssertionError(owner + " expected to wait for " + key);
        }
        return acquisition.waiter();
    }

    String holderOf(LockKey key) {
        return table.describe(key).map(LockInfo::owner).orElse(null);
    }
}
