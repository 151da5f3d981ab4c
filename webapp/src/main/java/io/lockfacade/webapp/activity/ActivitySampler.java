package io.lockfacade.webapp.activity;

import io.lockfacade.webapp.metrics.MetricsLimits;
import io.lockfacade.webapp.metrics.WaitingCalls;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * Takes one {@link ActivitySample} per {@link MetricsLimits#SAMPLE_PERIOD} on its own daemon thread
 * ({@value #THREAD_NAME}) into an {@link ActivityRing}: grants since the previous sample (from the table's grant
 * counter), and what {@link WaitingCalls} drained. A sample is a few counter reads and one pass over the waiting
 * calls; nothing else runs on the thread.
 */
public final class ActivitySampler implements AutoCloseable {

    /** The sampler thread's name. */
    public static final String THREAD_NAME = "lock-facade-activity";

    private static final Logger LOG = LoggerFactory.getLogger(ActivitySampler.class);

    private final ActivityRing ring;
    private final LongSupplier grantCount;
    private final WaitingCalls waiting;
    private final LongSupplier epochMillis;
    private final ScheduledExecutorService thread;
    private long lastGrantCount;

    private ActivitySampler(ActivityRing ring, LongSupplier grantCount, WaitingCalls waiting,
                            LongSupplier epochMillis) {
        this.ring = ring;
        this.grantCount = grantCount;
        this.waiting = waiting;
        this.epochMillis = epochMillis;
        this.lastGrantCount = grantCount.getAsLong();
        this.thread = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread sampler = new Thread(runnable, THREAD_NAME);
            sampler.setDaemon(true);
            return sampler;
        });
    }

    /**
     * Starts sampling every {@link MetricsLimits#SAMPLE_PERIOD}.
     *
     * @param ring       where samples go
     * @param grantCount the table's grants since start
     * @param waiting    the parked calls
     * @return the running sampler; close it when the master stops
     */
    public static ActivitySampler start(ActivityRing ring, LongSupplier grantCount, WaitingCalls waiting) {
        ActivitySampler sampler = new ActivitySampler(ring, grantCount, waiting, System::currentTimeMillis);
        long period = MetricsLimits.SAMPLE_PERIOD.toMillis();
        sampler.thread.scheduleAtFixedRate(sampler::sampleQuietly, period, period, TimeUnit.MILLISECONDS);
        return sampler;
    }

    /** Takes one sample now; the thread does this every period. */
    void sample() {
        long grants = grantCount.getAsLong();
        WaitingCalls.Drained drained = waiting.drain();
        ring.add(new ActivitySample(epochMillis.getAsLong(), Math.max(0, grants - lastGrantCount),
                drained.waiters(), drained.longestWaitNanos(), drained.waitNanosByType()));
        lastGrantCount = grants;
    }

    private void sampleQuietly() {
        try {
            sample();
        } catch (RuntimeException e) {
            // A failed sample must not end the schedule: the next one tries again.
            LOG.warn("activity sample failed: {}", e.toString());
        }
    }

    /** Stops the thread; waits up to one period for a sample in progress. */
    @Override
    public void close() {
        thread.shutdownNow();
        try {
            thread.awaitTermination(MetricsLimits.SAMPLE_PERIOD.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
