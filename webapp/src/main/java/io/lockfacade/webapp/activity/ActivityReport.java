package io.lockfacade.webapp.activity;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The activity panel's figures, computed from the ring's samples: the JSON body of {@code /admin/api/activity}
 * and the model of {@code /admin/activity}. Durations are milliseconds.
 *
 * @param sampledAt         when the newest sample was taken (ISO-8601 UTC), or {@code null} before the first
 * @param sampledAtEpochMillis the same in epoch milliseconds, or 0 before the first
 * @param sampleMillis      the sampling period
 * @param windowSeconds     how far back the samples reach at most
 * @param grantsPerSecond   grants in the newest sample's period, per second
 * @param waiters           tryLock calls waiting at the newest sample
 * @param longestWaitMillis how long the longest of them had waited then
 * @param samples           every sample, oldest first
 * @param hottestTypes      the lock types with the most wait time over the samples, most first, at most
 *                          {@code limit}; ties by name
 */
public record ActivityReport(String sampledAt, long sampledAtEpochMillis, long sampleMillis, long windowSeconds, double grantsPerSecond,
                             int waiters, long longestWaitMillis, List<Point> samples, List<HotType> hottestTypes) {

    /**
     * One sample, for the chart.
     *
     * @param at                when it was taken, epoch milliseconds
     * @param grants            grants during its period
     * @param waiters           calls waiting at its end
     * @param longestWaitMillis the longest of their waits then
     */
    public record Point(long at, long grants, int waiters, long longestWaitMillis) {
    }

    /**
     * A lock type ranked by the time calls spent waiting for its locks.
     *
     * @param type       the lock type's tag ("other" gathers the types past the tag limit)
     * @param waitMillis wait time over the samples
     */
    public record HotType(String type, long waitMillis) {
    }

    /**
     * @param samples the ring's samples, oldest first
     * @param period  the sampling period
     * @param limit   how many hottest types to list
     * @return the report
     */
    public static ActivityReport of(List<ActivitySample> samples, Duration period, int limit) {
        long windowSeconds = period.multipliedBy(Math.max(1, samples.size())).toSeconds();
        List<Point> points = samples.stream().map(sample -> new Point(sample.epochMillis(), sample.grants(),
                sample.waiters(), Duration.ofNanos(sample.longestWaitNanos()).toMillis())).toList();
        if (samples.isEmpty()) {
            return new ActivityReport(null, 0, period.toMillis(), windowSeconds, 0, 0, 0, points, List.of());
        }
        ActivitySample newest = samples.get(samples.size() - 1);
        double perSecond = newest.grants() * (double) Duration.ofSeconds(1).toNanos() / period.toNanos();
        return new ActivityReport(Instant.ofEpochMilli(newest.epochMillis()).toString(), newest.epochMillis(),
                period.toMillis(),
                windowSeconds, perSecond, newest.waiters(), Duration.ofNanos(newest.longestWaitNanos()).toMillis(),
                points, hottest(samples, limit));
    }

    private static List<HotType> hottest(List<ActivitySample> samples, int limit) {
        Map<String, Long> totals = new HashMap<>();
        for (ActivitySample sample : samples) {
            sample.waitNanosByType().forEach((type, nanos) -> totals.merge(type, nanos, Long::sum));
        }
        List<Map.Entry<String, Long>> ranked = new ArrayList<>(totals.entrySet());
        ranked.sort(Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder())
                .thenComparing(Map.Entry.comparingByKey()));
        return ranked.stream().limit(limit)
                .map(entry -> new HotType(entry.getKey(), Duration.ofNanos(entry.getValue()).toMillis())).toList();
    }
}
