package io.lockfacade.webapp.metrics;

import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Wait time counted where it is spent, on a clock moved by hand. */
class WaitingCallsTest {

    private final AtomicLong now = new AtomicLong(1_000);
    private final WaitingCalls waiting = new WaitingCalls(now::get);

    @Test
    void aWaitSpanningDrainsAddsItsPartToEach() {
        WaitingCalls.Wait wait = waiting.begin("order");
        now.addAndGet(300);
        assertEquals(new WaitingCalls.Drained(1, 300, Map.of("order", 300L)), waiting.drain());
        now.addAndGet(1_000);
        assertEquals(new WaitingCalls.Drained(1, 1_300, Map.of("order", 1_000L)), waiting.drain());
        now.addAndGet(200);
        waiting.end(wait);
        now.addAndGet(500);
        assertEquals(new WaitingCalls.Drained(0, 0, Map.of("order", 200L)), waiting.drain());
        assertEquals(new WaitingCalls.Drained(0, 0, Map.of()), waiting.drain());
    }

    @Test
    void theLongestWaitIsTheOldestStillWaiting() {
        WaitingCalls.Wait first = waiting.begin("order");
        now.addAndGet(100);
        waiting.begin("invoice");
        now.addAndGet(50);
        assertEquals(2, waiting.count());
        assertEquals(150, waiting.longestWaitNanos());
        waiting.end(first);
        assertEquals(50, waiting.longestWaitNanos());
        assertEquals(new WaitingCalls.Drained(1, 50, Map.of("order", 150L, "invoice", 50L)), waiting.drain());
    }

    @Test
    void endingAWaitTwiceCountsItOnce() {
        WaitingCalls.Wait wait = waiting.begin("order");
        now.addAndGet(100);
        waiting.end(wait);
        now.addAndGet(100);
        waiting.end(wait);
        assertEquals(Map.of("order", 100L), waiting.drain().waitNanosByType());
        assertEquals(0, waiting.count());
    }

    @Test
    void callsBegunBetweenDrainsCountOnlyFromTheirStart() {
        waiting.begin("order");
        now.addAndGet(1_000);
        waiting.drain();
        now.addAndGet(400);
        waiting.begin("order");
        now.addAndGet(600);
        assertEquals(new WaitingCalls.Drained(2, 2_000, Map.of("order", 1_000L + 600L)), waiting.drain());
        now.addAndGet(1_000);
        assertEquals(Map.of("order", 2_000L), waiting.drain().waitNanosByType());
    }

    @Test
    void aCallBegunAndEndedBetweenDrainsCountsItsWholeWait() {
        now.addAndGet(100);
        WaitingCalls.Wait brief = waiting.begin("invoice");
        now.addAndGet(250);
        waiting.end(brief);
        now.addAndGet(650);
        assertEquals(new WaitingCalls.Drained(0, 0, Map.of("invoice", 250L)), waiting.drain());
    }
}
