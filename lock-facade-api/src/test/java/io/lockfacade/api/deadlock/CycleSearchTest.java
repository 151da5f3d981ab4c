package io.lockfacade.api.deadlock;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A cycle read from racing threads is reported only if a second read finds every wait and hold unchanged. */
class CycleSearchTest {

    private final WaitForGraph<String, String> graph = new WaitForGraph<>();

    @Test
    void aCycleWhoseWaitsAndHoldsAreUnchangedIsStillStanding() {
        WaitCycle<String, String> cycle = crossingCycle();
        assertTrue(CycleSearch.isStillStanding(graph, cycle));
    }

    @Test
    void aCycleOneOfWhoseWaitsWasReplacedByANewWaitIsNotStanding() {
        WaitCycle<String, String> cycle = crossingCycle();
        graph.waitEnded("a"); // timed out, then waits again for the same lock: another wait
        graph.waitBegan("a", "l2", 5);
        assertFalse(CycleSearch.isStillStanding(graph, cycle));
    }

    @Test
    void aCycleOneOfWhoseLocksChangedHandsIsNotStanding() {
        WaitCycle<String, String> cycle = crossingCycle();
        graph.released("b", "l2");
        graph.held("c", "l2");
        assertFalse(CycleSearch.isStillStanding(graph, cycle));
    }

    @Test
    void aThreadListedAmongTheHoldersOfWhatItWaitsForIsNoEdge() {
        graph.held("a", "l1");
        graph.held("b", "l1"); // a read lock shared by a and b
        graph.waitBegan("a", "l1", 0);
        assertTrue(graph.cycleThrough("a").isEmpty());
    }

    @Test
    void aLockHeldByManyIsACycleIfOneOfItsHoldersWaitsBack() {
        graph.held("a", "read");
        graph.held("b", "read");
        graph.held("c", "write");
        graph.waitBegan("c", "read", 0); // a writer waits for both readers
        graph.waitBegan("b", "write", 1);
        assertEquals("b", graph.cycleThrough("b").orElseThrow().victim());
    }

    @Test
    void aThreadCannotWaitTwice() {
        graph.waitBegan("a", "l1", 0);
        assertThrows(IllegalStateException.class, () -> graph.waitBegan("a", "l2", 1));
    }

    @Test
    void aCycleIsMadeOfAtLeastTwoWaitsThatClose() {
        Wait<String> wait = new Wait<>("l1", 1, 0);
        assertThrows(IllegalArgumentException.class,
                () -> new WaitCycle<>(java.util.List.of(new WaitEdge<>("a", wait, "b"))));
        assertThrows(IllegalArgumentException.class, () -> new WaitCycle<>(java.util.List.of(
                new WaitEdge<>("a", wait, "b"), new WaitEdge<>("b", wait, "c"))));
    }

    private WaitCycle<String, String> crossingCycle() {
        graph.held("a", "l1");
        graph.held("b", "l2");
        graph.waitBegan("a", "l2", 0);
        graph.waitBegan("b", "l1", 1);
        return graph.cycleThrough("a").orElseThrow();
    }
}
