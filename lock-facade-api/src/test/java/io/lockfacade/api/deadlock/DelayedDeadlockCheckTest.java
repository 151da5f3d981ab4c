package io.lockfacade.api.deadlock;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The wait-for graph and its delayed check on a hand-set clock. Threads are named {@code node:thread}, as the
 * master names them; locks {@code type/key}.
 */
class DelayedDeadlockCheckTest {

    private static final long DELAY = TimeUnit.MILLISECONDS.toNanos(100);

    private final WaitForGraph<String, String> graph = new WaitForGraph<>();
    private final DelayedDeadlockCheck<String, String> check = new DelayedDeadlockCheck<>(graph);

    @Test
    void twoThreadsOnTwoNodesInCrossingOrdersAreOneCycleWhoseVictimIsTheClosingWait() {
        crossingWaits();

        WaitCycle<String, String> cycle = onlyCycleDueAt(DELAY + 10);

        assertEquals("n2:b", cycle.victim());
        assertEquals("deadlock: n1:a waits for t/2 held by n2:b, n2:b waits for t/1 held by n1:a;"
                + " victim n2:b (the youngest wait)", cycle.describe(String::valueOf, String::valueOf));
        assertEquals(null, graph.waitOf("n2:b"), "the victim's wait ends");
        assertTrue(check.due(DELAY * 10).isEmpty(), "reported once");
    }

    @Test
    void threeThreadsOnThreeNodesFormOneCycle() {
        ring(3);
        assertEquals(3, onlyCycleDueAt(3 + DELAY).edges().size());
    }

    @Test
    void fiveThreadsOnFiveNodesFormOneCycleWhoseVictimIsTheYoungestWait() {
        ring(5);
        WaitCycle<String, String> cycle = onlyCycleDueAt(5 + DELAY);
        assertEquals(5, cycle.edges().size());
        assertEquals("n5:t", cycle.victim());
    }

    @Test
    void aCycleThroughALocalWaitBehindAThreadOfTheSameNodeIsFound() {
        holds("n1:a", "t/a");
        holds("n1:b", "t/b");
        holds("n2:c", "t/k");
        check.waitBegan("n1:a", "t/k", 0, DELAY); // the node's remote waiter for t/k
        check.waitBegan("n1:b", "t/k", 1, DELAY); // queued on the node behind n1:a, holding t/b
        check.waitBegan("n2:c", "t/b", 2, DELAY);

        WaitCycle<String, String> cycle = onlyCycleDueAt(2 + DELAY);

        assertEquals(List.of("n1:b", "n2:c"), cycle.edges().stream().map(WaitEdge::waiter).sorted().toList());
        assertEquals("n2:c", cycle.victim());
    }

    @Test
    void aChainOfWaitsIsNoCycle() {
        holds("n1:a", "t/1");
        holds("n2:b", "t/2");
        holds("n3:c", "t/3");
        check.waitBegan("n1:a", "t/2", 0, DELAY);
        check.waitBegan("n2:b", "t/3", 1, DELAY);
        assertTrue(check.due(DELAY * 10).isEmpty());
    }

    @Test
    void aWaitForALockWhoseHolderIsUnknownIsNoCycle() {
        holds("n1:a", "t/1");
        check.waitBegan("n1:a", "t/free", 0, DELAY);
        check.waitBegan("n2:b", "t/1", 1, DELAY); // holds nothing
        assertTrue(check.due(DELAY * 10).isEmpty());
    }

    @Test
    void aCycleBrokenByATimeoutBeforeItsCheckIsNotReported() {
        crossingWaits();
        graph.waitEnded("n1:a");
        assertTrue(check.due(DELAY * 10).isEmpty());
    }

    @Test
    void aCycleBrokenByAnExpiredLockBeforeItsCheckIsNotReported() {
        crossingWaits();
        graph.released("n2:b", "t/2");
        assertTrue(check.due(DELAY * 10).isEmpty());
    }

    @Test
    void nothingIsReportedBeforeTheDelay() {
        crossingWaits();
        assertTrue(check.due(DELAY - 1).isEmpty());
        assertEquals(1, check.due(DELAY).size(), "the older wait's check finds the cycle the younger closed");
    }

    @Test
    void aNewWaitOfTheSameThreadIsCheckedOnItsOwnTime() {
        holds("n1:a", "t/1");
        holds("n2:b", "t/2");
        check.waitBegan("n2:b", "t/1", 0, DELAY);
        graph.waitEnded("n2:b");
        check.waitBegan("n1:a", "t/2", DELAY, DELAY);
        check.waitBegan("n2:b", "t/1", DELAY, DELAY);
        assertTrue(check.due(DELAY).isEmpty(), "the first wait of n2:b ended: its check finds nothing");
        assertEquals(1, check.due(2 * DELAY).size());
    }

    @Test
    void eachWaitIsCheckedAfterItsOwnDelay() {
        holds("n1:a", "t/1");
        holds("n2:b", "t/2");
        check.waitBegan("n1:a", "t/2", 0, 10 * DELAY);
        check.waitBegan("n2:b", "t/1", 10, DELAY / 2);
        assertEquals(List.of(), check.due(DELAY / 2 + 9));
        assertEquals("n2:b", onlyCycleDueAt(DELAY / 2 + 10).victim());
    }

    @Test
    void aCycleTheOwnersViewDoesNotConfirmIsNotReported() {
        WaitView<String, String> expiredT2 = new WaitView<>() {
            @Override
            public Wait<String> waitOf(String thread) {
                return graph.waitOf(thread);
            }

            @Override
            public java.util.Collection<String> holdersOf(String lock) {
                return lock.equals("t/2") ? List.of() : graph.holdersOf(lock);
            }
        };
        DelayedDeadlockCheck<String, String> viewed = new DelayedDeadlockCheck<>(graph, expiredT2);
        holds("n1:a", "t/1");
        holds("n2:b", "t/2");
        viewed.waitBegan("n1:a", "t/2", 0, DELAY);
        viewed.waitBegan("n2:b", "t/1", 10, DELAY);
        assertTrue(viewed.due(DELAY * 10).isEmpty());
    }

    @Test
    void aSearchReadsOnlyTheWaitersPathAmongAThousandWaits() {
        for (int i = 0; i < 1000; i++) {
            holds("n1:h" + i, "t/" + i);
            check.waitBegan("n2:w" + i, "t/" + i, 0, DELAY);
        }
        holds("n2:w7", "t/mine");
        check.waitBegan("n3:x", "t/mine", 1, DELAY);
        CountingView view = new CountingView(graph);

        assertTrue(CycleSearch.through(view, "n3:x").isEmpty());
        assertEquals(3, view.reads, "x's wait, t/mine's holder w7, w7's wait, t/7's holder h7 (running)");
    }

    private WaitCycle<String, String> onlyCycleDueAt(long nowNanos) {
        List<WaitCycle<String, String>> cycles = check.due(nowNanos);
        assertEquals(1, cycles.size(), () -> "cycles: " + cycles);
        return cycles.get(0);
    }

    /** Thread i of node i holds lock i and waits for lock i + 1, the last for lock 1; wait i begins at time i. */
    private void ring(int size) {
        for (int i = 1; i <= size; i++) {
            holds("n" + i + ":t", "t/" + i);
        }
        for (int i = 1; i <= size; i++) {
            check.waitBegan("n" + i + ":t", "t/" + (i % size + 1), i, DELAY);
        }
    }

    /** n1:a holds t/1 and waits for t/2 from time 0; n2:b holds t/2 and waits for t/1 from time 10. */
    private void crossingWaits() {
        holds("n1:a", "t/1");
        holds("n2:b", "t/2");
        check.waitBegan("n1:a", "t/2", 0, DELAY);
        check.waitBegan("n2:b", "t/1", 10, DELAY);
    }

    private void holds(String thread, String lock) {
        graph.held(thread, lock);
    }

    /** Counts the waits read through it. */
    private static final class CountingView implements WaitView<String, String> {
        private final WaitView<String, String> graph;
        int reads;

        CountingView(WaitView<String, String> graph) {
            this.graph = graph;
        }

        @Override
        public Wait<String> waitOf(String thread) {
            reads++;
            return graph.waitOf(thread);
        }

        @Override
        public java.util.Collection<String> holdersOf(String lock) {
            return graph.holdersOf(lock);
        }
    }
}
