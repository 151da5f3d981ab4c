package io.lockfacade.bench.stats;

import org.HdrHistogram.Histogram;

import java.util.concurrent.TimeUnit;

/**
 * Latencies in nanoseconds, summarised as percentiles with three significant digits (HdrHistogram), from one
 * nanosecond to {@link #HIGHEST_TRACKABLE}. Not thread-safe: one per thread, then {@link #add} them.
 */
public final class LatencyHistogram {

    /** Longest latency recorded as itself; longer ones are recorded as this. */
    public static final long HIGHEST_TRACKABLE = TimeUnit.MINUTES.toNanos(2);

    private static final int SIGNIFICANT_DIGITS = 3;
    private static final double NANOS_PER_MICRO = 1_000.0;
    private static final double MEDIAN = 50.0;
    private static final double P99 = 99.0;

    private final Histogram histogram = new Histogram(HIGHEST_TRACKABLE, SIGNIFICANT_DIGITS);

    /** Records one latency; values below 1 ns count as 1 ns, above the highest trackable as that. */
    public void recordNanos(long nanos) {
        histogram.recordValue(Math.max(1, Math.min(HIGHEST_TRACKABLE, nanos)));
    }

    /** Adds every value of {@code other} to this one. */
    public void add(LatencyHistogram other) {
        histogram.add(other.histogram);
    }

    /** @return how many values were recorded */
    public long count() {
        return histogram.getTotalCount();
    }

    /** @return the given percentile in microseconds, or NaN if nothing was recorded */
    public double percentileMicros(double percentile) {
        return count() == 0 ? Double.NaN : histogram.getValueAtPercentile(percentile) / NANOS_PER_MICRO;
    }

    /** @return the median in microseconds */
    public double p50Micros() {
        return percentileMicros(MEDIAN);
    }

    /** @return the 99th percentile in microseconds */
    public double p99Micros() {
        return percentileMicros(P99);
    }

    /** @return the mean in microseconds, or NaN if nothing was recorded */
    public double meanMicros() {
        return count() == 0 ? Double.NaN : histogram.getMean() / NANOS_PER_MICRO;
    }

    /** @return the largest value in microseconds, or NaN if nothing was recorded */
    public double maxMicros() {
        return count() == 0 ? Double.NaN : histogram.getMaxValue() / NANOS_PER_MICRO;
    }
}
