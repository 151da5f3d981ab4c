package io.lockfacade.webapp.activity;

import io.lockfacade.server.service.LiveTable;
import io.lockfacade.webapp.metrics.MetricsLimits;
import io.lockfacade.webapp.metrics.WaitingCalls;

import java.util.function.LongSupplier;

/**
 * The activity panel's data: a sampler filling a ring of {@link MetricsLimits#ACTIVITY_SAMPLES} one-second
 * samples (five minutes), and the {@link ActivityReport} computed from it on request. Memory is bounded by the
 * ring and the lock-type tag limit. Close it when the master stops.
 */
public final class MasterActivity implements AutoCloseable {

    private final ActivityRing ring;
    private final ActivitySampler sampler;

    private MasterActivity(ActivityRing ring, ActivitySampler sampler) {
        this.ring = ring;
        this.sampler = sampler;
    }

    /**
     * @param table   the master's lock table, for its grant counter
     * @param waiting the calls parked at the Hessian endpoint
     * @return the activity, sampling
     */
    public static MasterActivity start(LiveTable table, WaitingCalls waiting) {
        return start(table::grantCount, waiting);
    }

    /**
     * @param grantCount new grants so far (on a master-group member: the fresh grants it has applied)
     * @param waiting    the calls parked at the Hessian endpoint
     * @return the activity, sampling
     */
    public static MasterActivity start(LongSupplier grantCount, WaitingCalls waiting) {
        ActivityRing ring = new ActivityRing(MetricsLimits.ACTIVITY_SAMPLES);
        return new MasterActivity(ring, ActivitySampler.start(ring, grantCount, waiting));
    }

    /** @return the figures over the samples kept now */
    public ActivityReport report() {
        return ActivityReport.of(ring.snapshot(), MetricsLimits.SAMPLE_PERIOD, MetricsLimits.HOTTEST_TYPES);
    }

    /** Stops sampling. */
    @Override
    public void close() {
        sampler.close();
    }
}
