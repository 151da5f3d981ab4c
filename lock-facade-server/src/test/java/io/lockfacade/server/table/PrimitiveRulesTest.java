package io.lockfacade.server.table;

import io.lockfacade.api.LockGrant;
import org.junit.jupiter.api.BeforeEach;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;

/**
 * What the rule tests of read-write locks, semaphores and leaderships share: a fresh machine on a hand-set clock
 * with the sessions {@code s1}, {@code s2} and {@code s3} open, and readers of typed outcomes.
 */
abstract class PrimitiveRulesTest {

    static final long TTL = 3_000;

    final LockMachine machine = new LockMachine();
    final HandSetClock clock = new HandSetClock();
    private long waiterIds;

    @BeforeEach
    void openSessions() {
        for (String session : new String[] {"s1", "s2", "s3"}) {
            assertInstanceOf(SessionOutcome.Alive.class, machine.sessions().open(session, TTL, clock.now()));
        }
    }

    /** @return a waiter id not used before in this test */
    long nextWaiter() {
        return ++waiterIds;
    }

    static LockGrant granted(PrimitiveOutcome outcome) {
        return assertInstanceOf(PrimitiveOutcome.Granted.class, outcome).handout().grant();
    }

    static Waiter parked(PrimitiveOutcome outcome) {
        return assertInstanceOf(PrimitiveOutcome.Parked.class, outcome).waiter();
    }
}
