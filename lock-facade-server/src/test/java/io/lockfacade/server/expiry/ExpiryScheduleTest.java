package io.lockfacade.server.expiry;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ExpiryScheduleTest {

    private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);
    private final ExpirySchedule<String> schedule = new ExpirySchedule<>(Duration.ofMillis(10));

    @Test
    void drainVisitsOnlyKeysWhoseSlotIsDueNotEveryScheduledKey() {
        for (int i = 0; i < 100_000; i++) {
            schedule.schedule(("t/" + "later-" + i), 0, schedule.slotOf(60_000 * MS));
        }
        for (int i = 0; i < 10; i++) {
            schedule.schedule(("t/" + "soon-" + i), 0, schedule.slotOf(100 * MS));
        }
        List<String> visited = new ArrayList<>();

        schedule.drainDue(200 * MS, (visitedKey, stamp) -> visited.add(visitedKey));

        assertEquals(10, visited.size());
        assertTrue(visited.stream().allMatch(key -> key.startsWith("t/soon-")));
    }

    @Test
    void keyIsNotVisitedBeforeItsSlotEnds() {
        schedule.schedule(("t/" + "k"), 0, schedule.slotOf(105 * MS));
        List<String> visited = new ArrayList<>();

        schedule.drainDue(105 * MS, (visitedKey, stamp) -> visited.add(visitedKey));
        assertEquals(0, visited.size());
        schedule.drainDue(110 * MS, (visitedKey, stamp) -> visited.add(visitedKey));

        assertEquals(1, visited.size());
    }

    @Test
    void keyScheduledIntoDrainedSlotIsStillVisited() {
        schedule.drainDue(500 * MS, (visitedKey, stamp) -> { });
        List<String> visited = new ArrayList<>();

        schedule.schedule(("t/" + "late"), 0, schedule.slotOf(300 * MS));
        schedule.drainDue(500 * MS, (visitedKey, stamp) -> visited.add(visitedKey));

        assertEquals(List.of(("t/" + "late")), visited);
    }

    @Test
    void unscheduledKeyIsNotVisited() {
        String key = "t/k";
        long slot = schedule.schedule(key, 0, schedule.slotOf(100 * MS));
        List<String> visited = new ArrayList<>();

        schedule.unschedule(key, 0, slot);
        schedule.drainDue(1_000 * MS, (visitedKey, stamp) -> visited.add(visitedKey));

        assertEquals(0, visited.size());
    }

    @Test
    void nextDeadlineIsTheEarliestSlotEnd() {
        assertEquals(Long.MAX_VALUE, schedule.nextDeadlineNanos(0));
        schedule.schedule(("t/" + "a"), 0, schedule.slotOf(95 * MS));
        schedule.schedule(("t/" + "b"), 0, schedule.slotOf(42 * MS));

        assertEquals(50 * MS, schedule.nextDeadlineNanos(0));
    }
}
