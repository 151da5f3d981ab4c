package io.lockfacade.server.table;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The semaphore rules on a hand-set clock. */
class SemaphoresTest extends PrimitiveRulesTest {

    private static final LockKey DOWNSTREAM = new LockKey("rate", "payments-api");

    private final Semaphores semaphores = machine.semaphores();

    @Test
    void theFirstUserSetsTheCapacityAndLaterOnesCannotChangeIt() {
        granted(semaphores.acquire(DOWNSTREAM, "h1", 2, 3, "s1", 0, clock.now()));
        granted(semaphores.acquire(DOWNSTREAM, "h2", 1, 100, "s2", 0, clock.now()));

        assertInstanceOf(PrimitiveOutcome.Busy.class,
                semaphores.acquire(DOWNSTREAM, "h3", 1, 100, "s2", 0, clock.now()));
        assertEquals(3, view().capacity());
        assertEquals(0, view().available());
    }

    @Test
    void aRetriedAcquisitionReturnsTheSameGrantAndTakesNoMorePermits() {
        long token = granted(semaphores.acquire(DOWNSTREAM, "h1", 2, 3, "s1", 0, clock.now())).getFencingToken();

        PrimitiveOutcome.AlreadyHeld again = assertInstanceOf(PrimitiveOutcome.AlreadyHeld.class,
                semaphores.acquire(DOWNSTREAM, "h1", 2, 3, "s1", 0, clock.now()));

        assertEquals(token, again.handout().grant().getFencingToken());
        assertEquals(2, view().held());
    }

    @Test
    void moreThanTheCapacityIsRefusedAtOnce() {
        PrimitiveOutcome.Refused refused = assertInstanceOf(PrimitiveOutcome.Refused.class,
                semaphores.acquire(DOWNSTREAM, "h1", 4, 3, "s1", 1, clock.now()));

        assertTrue(refused.reason().contains("asks for 4 permits"), refused.reason());
    }

    @Test
    void waitersAreServedInOrderAndABigCallIsNotOvertakenBySmallOnes() {
        granted(semaphores.acquire(DOWNSTREAM, "h1", 2, 3, "s1", 0, clock.now()));
        Waiter big = parked(semaphores.acquire(DOWNSTREAM, "big", 3, 3, "s2", nextWaiter(), clock.now()));

        Waiter small = parked(semaphores.acquire(DOWNSTREAM, "small", 1, 3, "s2", nextWaiter(), clock.now()));
        List<Effects.Handover> handovers = semaphores.reduce(DOWNSTREAM, "h1", 0, clock.now()).effects()
                .handovers();

        assertEquals(List.of(big), handovers.stream().map(Effects.Handover::waiter).toList());
        assertEquals(1, view().waiting());
        assertFalse(handovers.stream().anyMatch(h -> h.waiter().equals(small)));
    }

    @Test
    void aHolderGivesBackPartOfItsPermitsAndARetryChangesNothing() {
        granted(semaphores.acquire(DOWNSTREAM, "h1", 3, 3, "s1", 0, clock.now()));

        semaphores.reduce(DOWNSTREAM, "h1", 1, clock.now());
        semaphores.reduce(DOWNSTREAM, "h1", 1, clock.now());

        assertEquals(1, view().held());
        assertInstanceOf(PrimitiveOutcome.NotHolder.class, semaphores.reduce(DOWNSTREAM, "h2", 0, clock.now()));
    }

    @Test
    void aLoweredCapacityTakesEffectAsPermitsComeBack() {
        granted(semaphores.acquire(DOWNSTREAM, "h1", 2, 3, "s1", 0, clock.now()));
        granted(semaphores.acquire(DOWNSTREAM, "h2", 1, 3, "s1", 0, clock.now()));
        semaphores.setCapacity(DOWNSTREAM, 1, clock.now());

        semaphores.reduce(DOWNSTREAM, "h1", 0, clock.now());

        assertInstanceOf(PrimitiveOutcome.Busy.class,
                semaphores.acquire(DOWNSTREAM, "h3", 1, 3, "s2", 0, clock.now()));
        semaphores.reduce(DOWNSTREAM, "h2", 0, clock.now());
        granted(semaphores.acquire(DOWNSTREAM, "h3", 1, 3, "s2", 0, clock.now()));
    }

    @Test
    void aRaisedCapacityLetsWaitersInAtOnce() {
        granted(semaphores.acquire(DOWNSTREAM, "h1", 1, 1, "s1", 0, clock.now()));
        Waiter waiting = parked(semaphores.acquire(DOWNSTREAM, "h2", 1, 1, "s2", nextWaiter(), clock.now()));

        PrimitiveOutcome raised = semaphores.setCapacity(DOWNSTREAM, 2, clock.now());

        assertEquals(waiting, raised.effects().handovers().get(0).waiter());
        assertTrue(raised.effects().handovers().get(0).isGranted());
    }

    @Test
    void aCrashedNodesPermitsComeBackWhenItsSessionTtlRunsOut() {
        granted(semaphores.acquire(DOWNSTREAM, "h1", 1, 1, "s1", 0, clock.now()));
        Waiter waiting = parked(semaphores.acquire(DOWNSTREAM, "h2", 1, 1, "s2", nextWaiter(), clock.now()));
        clock.advance(TTL - 1);
        machine.sessions().keepAlive("s2", clock.now());
        clock.advance(1);

        SessionOutcome.Ended ended = assertInstanceOf(SessionOutcome.Ended.class,
                machine.sessions().expire("s1", clock.now()));

        assertEquals(waiting, ended.effects().handovers().get(0).waiter());
        assertTrue(ended.effects().handovers().get(0).isGranted());
    }

    @Test
    void anIdleSemaphoreIsForgottenUnlessAnOperatorSetItsCapacity() {
        granted(semaphores.acquire(DOWNSTREAM, "h1", 1, 1, "s1", 0, clock.now()));
        semaphores.reduce(DOWNSTREAM, "h1", 0, clock.now());
        assertTrue(semaphores.describe(DOWNSTREAM).isEmpty());

        semaphores.setCapacity(DOWNSTREAM, 5, clock.now());
        granted(semaphores.acquire(DOWNSTREAM, "h1", 1, 1, "s1", 0, clock.now()));
        semaphores.reduce(DOWNSTREAM, "h1", 0, clock.now());

        assertEquals(5, view().capacity());
    }

    private SemaphoreView view() {
        return semaphores.describe(DOWNSTREAM).orElseThrow();
    }
}
