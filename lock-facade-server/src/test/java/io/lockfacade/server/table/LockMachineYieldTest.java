package io.lockfacade.server.table;

import io.lockfacade.api.YieldOutcome;
import org.junit.jupiter.api.Test;

import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code yieldToWaiters} as one transition of the table: decided and done in the lock's own step. */
class LockMachineYieldTest {

    private static final LockKey KEY = new LockKey("order", "1");
    private static final long LEASE = 1_000;

    private final LockMachine machine = new LockMachine();
    private long nanos = TimeUnit.SECONDS.toNanos(1_000);

    @Test
    void theRuleReleasesOnlyAHoldersLockThatACallWaitsFor() {
        assertEquals(YieldOutcome.RELEASED, YieldRule.decide(true, true));
        assertEquals(YieldOutcome.KEPT, YieldRule.decide(true, false));
        assertEquals(YieldOutcome.NOT_HELD, YieldRule.decide(false, true));
        assertEquals(YieldOutcome.NOT_HELD, YieldRule.decide(false, false));
    }

    @Test
    void theHolderKeepsItsGrantWhileNoCallWaits() {
        long token = grant("a");

        Outcome.Kept kept = assertInstanceOf(Outcome.Kept.class, machine.yieldToWaiters(KEY, "a", now()));

        assertEquals(token, kept.lock().fencingToken());
        assertEquals(Effects.NONE, kept.effects());
        assertFalse(machine.hasWaiters(KEY));
    }

    @Test
    void theHolderHandsTheLockToTheOldestWaiterInTheSameStep() {
        grant("a");
        machine.acquire(KEY, "b", LEASE, null, 1, now());
        machine.acquire(KEY, "c", LEASE, null, 2, now());
        assertTrue(machine.hasWaiters(KEY));

        Outcome.Released released = assertInstanceOf(Outcome.Released.class,
                machine.yieldToWaiters(KEY, "a", now()));

        Effects.Handover handover = released.effects().handovers().get(0);
        assertEquals(1, handover.waiter().id());
        assertEquals("b", machine.describe(KEY, nanos).orElseThrow().owner());
        assertEquals(1, machine.describe(KEY, nanos).orElseThrow().waiters(), "c still waits");
    }

    @Test
    void anyoneButTheHolderChangesNothing() {
        long token = grant("a");
        machine.acquire(KEY, "b", LEASE, null, 1, now());

        assertInstanceOf(Outcome.NotHolder.class, machine.yieldToWaiters(KEY, "b", now()));
        assertInstanceOf(Outcome.NotHolder.class, machine.yieldToWaiters(new LockKey("order", "free"), "a", now()));

        assertEquals(token, machine.describe(KEY, nanos).orElseThrow().fencingToken());
        assertTrue(machine.hasWaiters(KEY));
    }

    @Test
    void aHolderWhoseLeaseRanOutHoldsNothingToYield() {
        grant("a");
        machine.acquire(KEY, "b", LEASE, null, 1, now());
        nanos += TimeUnit.MILLISECONDS.toNanos(LEASE);

        Outcome outcome = machine.yieldToWaiters(KEY, "a", now());

        assertInstanceOf(Outcome.NotHolder.class, outcome);
        assertEquals(1, outcome.effects().handovers().size(), "the expiry found on access handed it on");
        assertEquals("b", machine.describe(KEY, nanos).orElseThrow().owner());
    }

    private long grant(String owner) {
        Outcome.Granted granted = assertInstanceOf(Outcome.Granted.class,
                machine.acquire(KEY, owner, LEASE, null, 0, now()));
        return granted.handout().grant().getFencingToken();
    }

    private Moment now() {
        return new Moment(nanos, 0);
    }
}
