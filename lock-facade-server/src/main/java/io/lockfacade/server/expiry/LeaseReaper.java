package io.lockfacade.server.expiry;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;

/**
 * The daemon thread that removes expired locks, named {@value #THREAD_NAME} in thread dumps.
 *
 * <p>It sleeps until the earliest scheduled lease end (or at most {@code maxIdle}), is woken early when a
 * shorter lease is scheduled, and then asks the table to expire what is due. It holds no lock while it sleeps.
 */
public final class LeaseReaper implements AutoCloseable {

    /** The reaper thread's name. */
    public static final String THREAD_NAME = "lock-facade-lease-reaper";

    private static final Logger LOG = LoggerFactory.getLogger(LeaseReaper.class);

    /** What the reaper drives: the due expiry visits of the lock table (see the service's expiry sweep). */
    public interface Sweep {
        /** Expires every lock whose lease ended at or before {@code nowNanos}. */
        void expireDue(long nowNanos);

        /** @return the end of the earliest scheduled lease, at least {@code nowNanos}; {@link Long#MAX_VALUE} if none */
        long nextDeadlineNanos(long nowNanos);
    }

    private final Sweep sweep;
    private final LongSupplier nanoClock;
    private final long maxIdleNanos;
    private final Thread thread;
    private volatile boolean running = true;
    private volatile long plannedWakeNanos;

    /**
     * @param sweep     what to expire
     * @param nanoClock the clock the table uses
     * @param maxIdle   the longest the reaper sleeps without looking
     */
    public LeaseReaper(Sweep sweep, LongSupplier nanoClock, Duration maxIdle) {
        this.sweep = sweep;
        this.nanoClock = nanoClock;
        this.maxIdleNanos = maxIdle.toNanos();
        this.thread = new Thread(this::run, THREAD_NAME);
        this.thread.setDaemon(true);
    }

    /** Starts the thread. */
    public void start() {
        thread.start();
    }

    /** Wakes the reaper if {@code deadlineNanos} comes before its planned wake-up. */
    public void deadlineScheduled(long deadlineNanos) {
        if (deadlineNanos < plannedWakeNanos) {
            LockSupport.unpark(thread);
        }
    }

    private void run() {
        while (running) {
            try {
                sweep.expireDue(nanoClock.getAsLong());
            } catch (RuntimeException e) {
                LOG.error("lease expiry failed; retrying on the next round", e);
            }
            long now = nanoClock.getAsLong();
            long delay = delayUntil(sweep.nextDeadlineNanos(now), now);
            plannedWakeNanos = now + delay;
            // A deadline scheduled from here on sees the new plan and unparks us; the permit is kept until we park.
            if (sweep.nextDeadlineNanos(now) < now + delay) {
                continue;
            }
            LockSupport.parkNanos(this, delay);
        }
    }

    private long delayUntil(long deadlineNanos, long nowNanos) {
        return deadlineNanos == Long.MAX_VALUE ? maxIdleNanos : Math.min(maxIdleNanos, Math.max(0, deadlineNanos - nowNanos));
    }

    /** Stops the thread and waits briefly for it to finish. */
    @Override
    public void close() {
        running = false;
        LockSupport.unpark(thread);
        try {
            thread.join(TimeUnit.SECONDS.toMillis(2));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
