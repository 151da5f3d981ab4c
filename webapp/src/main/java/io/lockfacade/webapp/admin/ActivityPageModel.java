package io.lockfacade.webapp.admin;

import io.lockfacade.webapp.activity.ActivityReport;

import java.util.List;
import java.util.Locale;

/**
 * What the activity page shows before its script takes over, in words: the same figures as the API.
 *
 * @param sampled         when the newest sample was taken ({@code HH:mm:ss} UTC), or empty before the first
 * @param grantsPerSecond grants in the last second
 * @param waiters         calls waiting now
 * @param longestWait     the longest current wait, e.g. {@code 3 s}
 * @param hottest         the hottest lock types, most wait first
 * @param windowSeconds   how far back the samples reach
 */
public record ActivityPageModel(String sampled, String grantsPerSecond, int waiters, String longestWait,
                                List<HotRow> hottest, long windowSeconds) {

    /**
     * One hot lock type.
     *
     * @param type       the lock type's tag
     * @param waitText   its wait time over the window, e.g. {@code 2 min 05 s}
     * @param waitMillis the same in milliseconds (the bar's length)
     * @param maxMillis  the hottest type's wait time (the bar's scale)
     */
    public record HotRow(String type, String waitText, long waitMillis, long maxMillis) {
    }

    /** @return the page model of a report */
    public static ActivityPageModel of(ActivityReport report) {
        long max = report.hottestTypes().isEmpty() ? 0 : report.hottestTypes().get(0).waitMillis();
        List<HotRow> rows = report.hottestTypes().stream().map(hot -> new HotRow(hot.type(),
                AdminFormats.duration(hot.waitMillis()), hot.waitMillis(), max)).toList();
        String sampled = report.sampledAt() == null ? "" : AdminFormats.clock(report.sampledAtEpochMillis());
        return new ActivityPageModel(sampled, String.format(Locale.ROOT, "%.0f", report.grantsPerSecond()),
                report.waiters(), AdminFormats.duration(report.longestWaitMillis()), rows, report.windowSeconds());
    }
}
