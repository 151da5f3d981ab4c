package io.lockfacade.reliability;

import io.lockfacade.reliability.resource.FencedStore;
import io.lockfacade.reliability.resource.FencedStore.Outcome;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The fenced resource's rules, and what it counts as an overlap: the chaos run's verdict rests on them. */
class FencedStoreTest {

    private static final long HOLD = 100;

    private final FencedStore store = new FencedStore();

    @Test
    void aSectionWhoseTokenIsBelowTheLargestAcceptedIsRefusedAtEntry() {
        assertTrue(store.enter("t/k", 20, "n1", "a", HOLD));
        leaveReleased("a");

        assertFalse(store.enter("t/k", 10, "n2", "b", HOLD));
        assertFalse(store.write("b", true));
        assertEquals(1, store.verdict().refusedAtEntry());
    }

    @Test
    void aLargerTokenSupersedesTheOpenSectionWhoseLaterWritesAreRefused() {
        assertTrue(store.enter("t/k", 10, "n1", "paused", HOLD));
        assertTrue(store.write("paused", true));

        assertTrue(store.enter("t/k", 20, "n2", "next", HOLD));

        assertFalse(store.write("paused", true), "the superseded holder's write was accepted");
        assertTrue(store.write("next", true));
        FencedStore.Verdict verdict = store.verdict();
        assertEquals(1, verdict.preempted());
        assertEquals(1, verdict.staleWrites());
        assertEquals(1, verdict.staleWritesBelieved());
    }

    @Test
    void aSupersededHolderThatIsToldItLostTheLockIsNoOverlap() {
        store.enter("t/k", 10, "n1", "paused", HOLD);
        store.enter("t/k", 20, "n2", "next", HOLD);
        store.leave("paused");
        store.outcome("paused", Outcome.LOST);

        assertEquals(0, store.verdict().overlaps());
    }

    @Test
    void aSupersededHolderWhoseReleaseTheMasterConfirmedIsAnOverlap() {
        store.enter("t/k", 10, "n1", "first", HOLD);
        store.enter("t/k", 20, "n2", "second", HOLD);
        store.leave("first");
        store.outcome("first", Outcome.RELEASED);

        assertEquals(1, store.verdict().overlaps());
    }

    @Test
    void aSectionRefusedAtEntryWhoseReleaseTheMasterConfirmedIsAnOverlap() {
        store.enter("t/k", 20, "n1", "newer", HOLD);
        leaveReleased("newer");
        store.enter("t/k", 10, "n2", "older", HOLD);
        leaveReleased("older");

        assertEquals(1, store.verdict().overlaps(), "a token below one already granted was still valid");
    }

    @Test
    void twoThreadsInSectionsOfOneGrantAtOnceIsAnOverlap() {
        store.enter("t/k", 10, "n1", "thread-1", HOLD);
        store.enter("t/k", 10, "n1", "thread-2", HOLD);

        assertEquals(1, store.verdict().overlaps());
    }

    @Test
    void aGrantHandedToTheNextLocalThreadAfterTheFirstLeftIsNoOverlap() {
        store.enter("t/k", 10, "n1", "thread-1", HOLD);
        store.leave("thread-1");
        store.outcome("thread-1", Outcome.HANDED_OFF);
        assertTrue(store.enter("t/k", 10, "n1", "thread-2", HOLD));
        assertTrue(store.write("thread-2", true));
        leaveReleased("thread-2");

        assertEquals(0, store.verdict().overlaps());
    }

    @Test
    void aKilledNodesSectionsAreAbandonedNotJudged() {
        store.enter("t/k", 10, "n1", "dead", HOLD);
        store.nodeDied("n1");
        store.enter("t/k", 20, "n2", "next", HOLD);
        store.outcome("dead", Outcome.RELEASED);

        FencedStore.Verdict verdict = store.verdict();
        assertEquals(0, verdict.overlaps());
        assertEquals(1, verdict.abandoned());
    }

    private void leaveReleased(String section) {
        store.leave(section);
        store.outcome(section, Outcome.RELEASED);
    }
}
