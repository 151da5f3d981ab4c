package io.lockfacade.webapp.activity;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The ring's bound and the report's figures, from samples made by hand. */
class ActivityReportTest {

    private static final Duration SECOND = Duration.ofSeconds(1);
    private static final long MILLIS = 1_000_000;

    private static ActivitySample sample(long at, long grants, int waiters, long longestMillis,
                                         Map<String, Long> waitMillis) {
        Map<String, Long> nanos = new HashMap<>();
        waitMillis.forEach((type, millis) -> nanos.put(type, millis * MILLIS));
        return new ActivitySample(at, grants, waiters, longestMillis * MILLIS, nanos);
    }

    @Test
    void theRingKeepsTheNewestSamplesOldestFirst() {
        ActivityRing ring = new ActivityRing(3);
        for (long at = 1; at <= 5; at++) {
            ring.add(sample(at, at, 0, 0, Map.of()));
        }
        assertEquals(List.of(3L, 4L, 5L), ring.snapshot().stream().map(ActivitySample::epochMillis).toList());
        assertThrows(IllegalArgumentException.class, () -> new ActivityRing(0));
    }

    @Test
    void theFiguresAreThoseOfTheNewestSample() {
        ActivityReport report = ActivityReport.of(List.of(
                sample(1_000, 40, 1, 200, Map.of()),
                sample(2_000, 25, 3, 1_500, Map.of())), SECOND, 10);
        assertEquals(25.0, report.grantsPerSecond());
        assertEquals(3, report.waiters());
        assertEquals(1_500, report.longestWaitMillis());
        assertEquals("1970-01-01T00:00:02Z", report.sampledAt());
        assertEquals(2_000, report.sampledAtEpochMillis());
        assertEquals(List.of(new ActivityReport.Point(1_000, 40, 1, 200), new ActivityReport.Point(2_000, 25, 3, 1_500)),
                report.samples());
        assertEquals(2, report.windowSeconds());
    }

    @Test
    void theHottestTypesSumTheirWaitOverTheWindowAndAreCutAtTheLimit() {
        ActivityReport report = ActivityReport.of(List.of(
                sample(1_000, 0, 0, 0, Map.of("order", 300L, "invoice", 900L, "report", 10L)),
                sample(2_000, 0, 0, 0, Map.of("order", 700L, "stock", 5L))), SECOND, 2);
        assertEquals(List.of(new ActivityReport.HotType("order", 1_000), new ActivityReport.HotType("invoice", 900)),
                report.hottestTypes());
    }

    @Test
    void tiesAreRankedByName() {
        ActivityReport report = ActivityReport.of(List.of(sample(1_000, 0, 0, 0, Map.of("b", 5L, "a", 5L))),
                SECOND, 10);
        assertEquals(List.of("a", "b"), report.hottestTypes().stream().map(ActivityReport.HotType::type).toList());
    }

    @Test
    void beforeTheFirstSampleEverythingIsZero() {
        ActivityReport report = ActivityReport.of(List.of(), SECOND, 10);
        assertNull(report.sampledAt());
        assertEquals(0, report.waiters());
        assertEquals(List.of(), report.samples());
        assertEquals(List.of(), report.hottestTypes());
    }
}
