package io.lockfacade.bench.ha;

import io.lockfacade.bench.stats.LatencyHistogram;

/**
 * A latency result in milliseconds.
 *
 * @param p50Millis  median
 * @param p99Millis  99th percentile
 * @param meanMillis mean: what a rate of one call after another follows
 * @param count      samples
 */
record Latency(double p50Millis, double p99Millis, double meanMillis, long count) {

    private static final double MICROS_PER_MILLI = 1000.0;

    /** @return the percentiles of {@code histogram} */
    static Latency of(LatencyHistogram histogram) {
        return new Latency(histogram.p50Micros() / MICROS_PER_MILLI, histogram.p99Micros() / MICROS_PER_MILLI,
                histogram.meanMicros() / MICROS_PER_MILLI, histogram.count());
    }
}
