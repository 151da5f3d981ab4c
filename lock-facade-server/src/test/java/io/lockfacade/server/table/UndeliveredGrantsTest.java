package io.lockfacade.server.table;

import org.junit.jupiter.api.Test;

import static io.lockfacade.server.table.AccessMode.WRITE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A grant of a read-write lock, semaphore or leadership whose reply never reached its call is given back, unless the
 * holder asked again meanwhile and another call may have got the same grant, as for a lock.
 */
class UndeliveredGrantsTest extends PrimitiveRulesTest {

    private static final LockKey KEY = new LockKey("jobs", "import");

    @Test
    void anUndeliveredWriteGrantIsReleasedAndTheNextCallGetsTheLock() {
        long token = granted(machine.readWriteLocks().acquire(KEY, "a", WRITE, "s1", 0, clock.now()))
                .getFencingToken();
        Waiter next = parked(machine.readWriteLocks().acquire(KEY, "b", WRITE, "s2", nextWaiter(), clock.now()));

        PrimitiveOutcome outcome = machine.readWriteLocks().releaseUndelivered(KEY, token, clock.now());

        assertInstanceOf(PrimitiveOutcome.Released.class, outcome);
        assertEquals(next, outcome.effects().handovers().get(0).waiter());
    }

    @Test
    void permitsHandedToARetryTooStayHeldUntilEveryHandoutCameBackUndelivered() {
        long token = granted(machine.semaphores().acquire(KEY, "h", 2, 2, "s1", 0, clock.now())).getFencingToken();
        PrimitiveOutcome.AlreadyHeld retry = assertInstanceOf(PrimitiveOutcome.AlreadyHeld.class,
                machine.semaphores().acquire(KEY, "h", 2, 2, "s1", 0, clock.now()));
        assertEquals(2, retry.handout().sequence());

        assertInstanceOf(PrimitiveOutcome.NotHolder.class,
                machine.semaphores().releaseUndelivered(KEY, token, clock.now()));
        assertEquals(2, machine.semaphores().describe(KEY).orElseThrow().held());

        assertInstanceOf(PrimitiveOutcome.Released.class,
                machine.semaphores().releaseUndelivered(KEY, token, clock.now()));
        assertTrue(machine.semaphores().describe(KEY).isEmpty());
    }

    @Test
    void anUndeliveredElectionElectsTheNextParticipant() {
        LockKey leadership = Leaderships.key("import");
        long epoch = granted(machine.leaderships().join(leadership, "a", "s1", 0, clock.now())).getFencingToken();
        machine.leaderships().join(leadership, "b", "s2", 0, clock.now());

        machine.leaderships().releaseUndelivered(leadership, epoch, clock.now());

        LeadershipView view = machine.leaderships().describe(leadership).orElseThrow();
        assertEquals("b", view.leader());
        assertTrue(view.epoch() > epoch);
    }

    @Test
    void aGrantThatIsNoLongerCurrentIsLeftAlone() {
        long token = granted(machine.readWriteLocks().acquire(KEY, "a", WRITE, "s1", 0, clock.now()))
                .getFencingToken();
        machine.readWriteLocks().release(KEY, "a", WRITE, clock.now());
        granted(machine.readWriteLocks().acquire(KEY, "b", WRITE, "s2", 0, clock.now()));

        assertInstanceOf(PrimitiveOutcome.NotHolder.class,
                machine.readWriteLocks().releaseUndelivered(KEY, token, clock.now()));
        assertEquals("b", machine.readWriteLocks().describe(KEY).orElseThrow().writer().owner());
    }
}
