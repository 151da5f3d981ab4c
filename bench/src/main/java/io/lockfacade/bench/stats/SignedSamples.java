package io.lockfacade.bench.stats;

import java.util.Arrays;

/**
 * Exact percentiles of values that may be negative (an interval between events of two JVMs can end before it
 * starts, e.g. a hand-off completed before the releasing call returned). Keeps every value: meant for thousands of
 * samples, not millions. Not thread-safe.
 */
public final class SignedSamples {

    private static final int INITIAL_CAPACITY = 1024;
    private static final double NANOS_PER_MICRO = 1_000.0;
    private static final double HUNDRED_PERCENT = 100.0;

    private long[] values = new long[INITIAL_CAPACITY];
    private int size;

    /** Records one value in nanoseconds. */
    public void recordNanos(long nanos) {
        if (size == values.length) {
            values = Arrays.copyOf(values, size * 2);
        }
        values[size++] = nanos;
    }

    /** @return how many values were recorded */
    public int count() {
        return size;
    }

    /** @return how many values were below zero */
    public long negativeCount() {
        return Arrays.stream(values, 0, size).filter(value -> value < 0).count();
    }

    /**
     * @param percentile 0 to 100
     * @return the value at that percentile (nearest rank) in microseconds, or NaN if nothing was recorded
     */
    public double percentileMicros(double percentile) {
        if (size == 0) {
            return Double.NaN;
        }
        long[] sorted = Arrays.copyOf(values, size);
        Arrays.sort(sorted);
        int rank = (int) Math.ceil(percentile / HUNDRED_PERCENT * size);
        return sorted[Math.max(0, Math.min(size - 1, rank - 1))] / NANOS_PER_MICRO;
    }
}
