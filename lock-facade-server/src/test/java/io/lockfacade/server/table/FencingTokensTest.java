package io.lockfacade.server.table;

import io.lockfacade.api.LockLimits;
import io.lockfacade.server.fencing.WallClockFloor;
import org.junit.jupiter.api.Test;

import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Fencing tokens: strictly increasing within a table, across a single master's restarts, and below 2^53. */
class FencingTokensTest {

    private static final LockKey KEY = new LockKey("order", "1");

    @Test
    void tokensStrictlyIncreaseUnderAStandingFloor() {
        LockMachine machine = new LockMachine();
        long previous = 0;
        for (int i = 0; i < 10_000; i++) {
            long token = grant(machine, new Moment(i, 1_000));
            assertTrue(token > previous);
            previous = token;
            machine.release(KEY, "a", new Moment(i, 1_000));
        }
    }

    @Test
    void aRestartedMasterOnTheWallClockFloorIssuesTokensAboveThePreviousRun() {
        AtomicLong wallMillis = new AtomicLong(1_700_000_000_000L);
        WallClockFloor floor = new WallClockFloor(wallMillis::get);
        LockMachine firstRun = new LockMachine();
        long last = 0;
        for (int i = 0; i < 1_000; i++) {
            last = grant(firstRun, new Moment(i, floor.floor()));
            firstRun.release(KEY, "a", new Moment(i, floor.floor()));
        }
        wallMillis.addAndGet(1_000); // the restart takes a second; nothing was kept

        long afterRestart = grant(new LockMachine(), new Moment(0, floor.floor()));

        assertTrue(afterRestart > last);
    }

    @Test
    void aReplicatedTableFollowsItsLogIndexAndASnapshotKeepsTheOrder() {
        LockMachine leader = new LockMachine();
        assertEquals(7, grant(leader, new Moment(0, 7)));
        leader.release(KEY, "a", new Moment(0, 8));

        LockMachine newLeader = LockMachine.restore(leader.snapshot());

        assertEquals(9, grant(newLeader, new Moment(0, 9)));
        newLeader.release(KEY, "a", new Moment(0, 10));
        assertEquals(10, grant(newLeader, new Moment(0, 3)), "an old index never takes a token back");
    }

    @Test
    void anExhaustedTokenSpaceIsAnErrorAndChangesNothing() {
        LockMachine machine = new LockMachine();

        assertThrows(IllegalStateException.class,
                () -> machine.acquire(KEY, "a", 1_000, null, 0, new Moment(0, LockLimits.FENCING_TOKEN_BOUND)));

        assertEquals(0, machine.size());
        assertEquals(0, machine.lastToken());
        assertInstanceOf(Outcome.NotHolder.class, machine.forceRemove(KEY, OptionalLong.empty(), new Moment(0, 0)));
    }

    private static long grant(LockMachine machine, Moment at) {
        return assertInstanceOf(Outcome.Granted.class, machine.acquire(KEY, "a", 1_000, null, 0, at)).handout()
                .grant().getFencingToken();
    }
}
