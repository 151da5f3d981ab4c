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
            schedule.schedule(("t/" + "later-" + i), schedule.slotOf(60_000 * MS));
        }
        for (int i = 0; i < 10; i++) {
            schedule.schedule(("t/" + "soon-" + i), schedule.slotOf(100 * MS));
        }
        List<String> visited = new ArrayList<>();

        schedule.drainDue(200 * MS, visited::add);

        assertEquals(10, visited.size());
        assertTrue(visited.stream().allMatch(key -> key.startsWith("t/soon-")));
    }

    @Test
    void keyIsNotVisitedBeforeItsSlotEnds() {
        schedule.schedule(("t/" + "k"), schedule.slotOf(105 * MS));
        List<String> visited = new ArrayList<>();

        schedule.drainDue(105 * MS, visited::add);
        assertEquals(0, visited.size());
        schedule.drainDue(110 * MS, visited::add);

        assertEquals(1, visited.size());
    }

    @Test
    void keyScheduledIntoDrainedSlotIsStillVisited() {
        schedule.drainDue(500 * MS, key -> { });
        List<String> visited = new ArrayList<>();

        schedule.schedule(("t/" + "late"), schedule.slotOf(300 * MS));
        schedule.drainDue(500 * MS, visited::add);

        assertEquals(List.of(("t/" + "late")), visited);
    }

    @Test
    void unscheduledKeyIsNotVisited() {
        String key = "t/k";
        long slot = schedule.schedule(key, schedule.slotOf(100 * MS));
        List<String> visited = new ArrayList<>();

        schedule.unschedule(key, slot);
        schedule.drainDue(1_000 * MS, visited::add);

        assertEquals(0, visited.size());
    }

    @Test
    void nextDeadlineIsTheEarliestSlotEnd() {
        assertEquals(Long.MAX_VALUE, schedule.nextDeadlineNanos(0));
        schedule.schedule(("t/" + "a"), schedule.slotOf(95 * MS));
        schedule.schedule(("t/" + "b"), schedule.slotOf(42 * MS));

        assertEquals(50 * MS, schedule.nextDeadlineNanos(0));
    }
}
