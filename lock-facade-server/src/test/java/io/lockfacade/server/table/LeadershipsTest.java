package io.lockfacade.server.table;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The leader-election rules on a hand-set clock. */
class LeadershipsTest extends PrimitiveRulesTest {

    private static final LockKey REPORTS = Leaderships.key("nightly-reports");

    private final Leaderships leaderships = machine.leaderships();

    @Test
    void theFirstParticipantLeadsWithAnEpochAndTheOthersWait() {
        long epoch = granted(leaderships.join(REPORTS, "a", "s1", 0, clock.now())).getFencingToken();

        parked(leaderships.join(REPORTS, "b", "s2", nextWaiter(), clock.now()));

        assertEquals(epoch, leaderships.standing(REPORTS, "a", clock.nanos()));
        assertEquals(0, leaderships.standing(REPORTS, "b", clock.nanos()));
        assertEquals(-1, leaderships.standing(REPORTS, "c", clock.nanos()));
    }

    @Test
    void joiningAgainChangesNothing() {
        long epoch = granted(leaderships.join(REPORTS, "a", "s1", 0, clock.now())).getFencingToken();

        PrimitiveOutcome.AlreadyHeld again = assertInstanceOf(PrimitiveOutcome.AlreadyHeld.class,
                leaderships.join(REPORTS, "a", "s1", 0, clock.now()));

        assertEquals(epoch, again.handout().grant().getFencingToken());
        assertEquals(epoch, machine.lastToken());
    }

    @Test
    void leavingHandsOverAtOnceWithAHigherEpoch() {
        long first = granted(leaderships.join(REPORTS, "a", "s1", 0, clock.now())).getFencingToken();
        Waiter next = parked(leaderships.join(REPORTS, "b", "s2", nextWaiter(), clock.now()));

        List<Effects.Handover> handovers = leaderships.leave(REPORTS, "a", clock.now()).effects().handovers();

        assertEquals(next, handovers.get(0).waiter());
        assertTrue(handovers.get(0).handout().grant().getFencingToken() > first);
        assertEquals(-1, leaderships.standing(REPORTS, "a", clock.nanos()));
    }

    @Test
    void aParticipantWhoseCallStoppedWaitingIsStillElectedAndLearnsItOnItsNextCall() {
        granted(leaderships.join(REPORTS, "a", "s1", 0, clock.now()));
        Waiter waiting = parked(leaderships.join(REPORTS, "b", "s2", nextWaiter(), clock.now()));
        leaderships.withdraw(REPORTS, waiting.id(), clock.now());

        assertTrue(leaderships.leave(REPORTS, "a", clock.now()).effects().handovers().isEmpty());

        assertInstanceOf(PrimitiveOutcome.AlreadyHeld.class, leaderships.join(REPORTS, "b", "s2", 0, clock.now()));
    }

    @Test
    void theLeadersSessionEndingElectsTheNextLiveParticipant() {
        granted(leaderships.join(REPORTS, "a", "s1", 0, clock.now()));
        leaderships.join(REPORTS, "b", "s2", 0, clock.now());
        Waiter c = parked(leaderships.join(REPORTS, "c", "s3", nextWaiter(), clock.now()));
        machine.sessions().end("s2", Effects.Cause.RELEASED, clock.now());

        SessionOutcome.Ended ended = assertInstanceOf(SessionOutcome.Ended.class,
                machine.sessions().end("s1", Effects.Cause.RELEASED, clock.now()));

        assertEquals(c, ended.effects().handovers().get(0).waiter());
        assertEquals("c", leaderships.describe(REPORTS).orElseThrow().leader());
    }

    @Test
    void aLapsedLeaderNoLongerLeadsEvenBeforeAnythingFreesIt() {
        granted(leaderships.join(REPORTS, "a", "s1", 0, clock.now()));
        clock.advance(TTL);

        assertEquals(-1, leaderships.standing(REPORTS, "a", clock.nanos()));
    }

    @Test
    void anOperatorRevokesTheLeaderOnlyUnderTheEpochItSaw() {
        long epoch = granted(leaderships.join(REPORTS, "a", "s1", 0, clock.now())).getFencingToken();
        leaderships.join(REPORTS, "b", "s2", 0, clock.now());

        assertInstanceOf(PrimitiveOutcome.NotHolder.class, leaderships.revoke(REPORTS, epoch + 1, clock.now()));
        assertInstanceOf(PrimitiveOutcome.Released.class, leaderships.revoke(REPORTS, epoch, clock.now()));

        assertEquals("b", leaderships.describe(REPORTS).orElseThrow().leader());
    }

    @Test
    void epochsAndLockTokensComeFromOneCounter() {
        long lockToken = machine.acquire(new LockKey("order", "1"), "x", 1_000, null, 0, clock.now()) instanceof
                Outcome.Granted g ? g.handout().grant().getFencingToken() : -1;

        long epoch = granted(leaderships.join(REPORTS, "a", "s1", 0, clock.now())).getFencingToken();

        assertTrue(epoch > lockToken && lockToken > 0);
    }

    @Test
    void aSessionsEndTakesOutItsOtherParticipantsAfterOneOfThemLeft() {
        granted(leaderships.join(REPORTS, "a", "s1", 0, clock.now()));
        leaderships.join(REPORTS, "a2", "s1", 0, clock.now());
        leaderships.join(REPORTS, "b", "s2", 0, clock.now());
        leaderships.leave(REPORTS, "a", clock.now());

        machine.sessions().end("s1", Effects.Cause.RELEASED, clock.now());

        assertEquals(List.of("b"), leaderships.describe(REPORTS).orElseThrow().participants());
        assertEquals("b", leaderships.describe(REPORTS).orElseThrow().leader());
    }
}
