package io.lockfacade.server.table;

import io.lockfacade.api.PrimitiveLockService;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.lockfacade.server.table.AccessMode.READ;
import static io.lockfacade.server.table.AccessMode.WRITE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The read-write lock rules on a hand-set clock: commands in, typed outcomes out, no threads. */
class ReadWriteLocksTest extends PrimitiveRulesTest {

    private static final LockKey CACHE = new LockKey("cache", "prices");

    private final ReadWriteLocks locks = machine.readWriteLocks();

    @Test
    void readersOfDifferentOwnersHoldAtOnceEachWithItsOwnIncreasingToken() {
        long first = granted(locks.acquire(CACHE, "a", READ, "s1", 0, clock.now())).getFencingToken();
        long second = granted(locks.acquire(CACHE, "b", READ, "s2", 0, clock.now())).getFencingToken();

        assertTrue(second > first);
        assertEquals(2, locks.describe(CACHE).orElseThrow().readers().size());
    }

    @Test
    void aWriterExcludesReadersAndWritersOfOtherOwners() {
        granted(locks.acquire(CACHE, "w", WRITE, "s1", 0, clock.now()));

        assertInstanceOf(PrimitiveOutcome.Busy.class, locks.acquire(CACHE, "r", READ, "s2", 0, clock.now()));
        assertInstanceOf(PrimitiveOutcome.Busy.class, locks.acquire(CACHE, "w2", WRITE, "s2", 0, clock.now()));
    }

    @Test
    void askingAgainForAHeldModeReturnsTheSameGrant() {
        long token = granted(locks.acquire(CACHE, "a", READ, "s1", 0, clock.now())).getFencingToken();

        PrimitiveOutcome.AlreadyHeld again = assertInstanceOf(PrimitiveOutcome.AlreadyHeld.class,
                locks.acquire(CACHE, "a", READ, "s1", 0, clock.now()));

        assertEquals(token, again.handout().grant().getFencingToken());
        assertEquals(token, machine.lastToken());
    }

    @Test
    void onceAWriterWaitsNewReadersQueueBehindIt() {
        granted(locks.acquire(CACHE, "r1", READ, "s1", 0, clock.now()));
        Waiter writer = parked(locks.acquire(CACHE, "w", WRITE, "s2", nextWaiter(), clock.now()));

        Waiter lateReader = parked(locks.acquire(CACHE, "r2", READ, "s3", nextWaiter(), clock.now()));
        PrimitiveOutcome released = locks.release(CACHE, "r1", READ, clock.now());

        List<Effects.Handover> handovers = released.effects().handovers();
        assertEquals(List.of(writer), handovers.stream().map(Effects.Handover::waiter).toList());
        assertTrue(handovers.get(0).isGranted());
        List<Effects.Handover> next = locks.release(CACHE, "w", WRITE, clock.now()).effects().handovers();
        assertEquals(lateReader, next.get(0).waiter());
        assertTrue(next.get(0).isGranted());
    }

    @Test
    void releasingAWriterGrantsEveryReaderAtTheHeadOfTheLineUpToTheNextWriter() {
        granted(locks.acquire(CACHE, "w", WRITE, "s1", 0, clock.now()));
        Waiter r1 = parked(locks.acquire(CACHE, "r1", READ, "s2", nextWaiter(), clock.now()));
        Waiter r2 = parked(locks.acquire(CACHE, "r2", READ, "s3", nextWaiter(), clock.now()));
        parked(locks.acquire(CACHE, "w2", WRITE, "s2", nextWaiter(), clock.now()));
        Waiter r3 = parked(locks.acquire(CACHE, "r3", READ, "s3", nextWaiter(), clock.now()));

        List<Effects.Handover> handovers = locks.release(CACHE, "w", WRITE, clock.now()).effects().handovers();

        assertEquals(List.of(r1, r2), handovers.stream().map(Effects.Handover::waiter).toList());
        ReadWriteView view = locks.describe(CACHE).orElseThrow();
        assertEquals(1, view.readersWaiting());
        assertEquals(1, view.writersWaiting());
        assertTrue(handovers.stream().noneMatch(h -> h.waiter().equals(r3)));
    }

    @Test
    void aWriterTakesTheReadLockAndReleasesTheWriteLockToDowngrade() {
        long writeToken = granted(locks.acquire(CACHE, "a", WRITE, "s1", 0, clock.now())).getFencingToken();
        long readToken = granted(locks.acquire(CACHE, "a", READ, "s1", 0, clock.now())).getFencingToken();
        Waiter otherReader = parked(locks.acquire(CACHE, "b", READ, "s2", nextWaiter(), clock.now()));

        List<Effects.Handover> handovers = locks.release(CACHE, "a", WRITE, clock.now()).effects().handovers();

        assertTrue(readToken > writeToken);
        assertEquals(otherReader, handovers.get(0).waiter());
        ReadWriteView view = locks.describe(CACHE).orElseThrow();
        assertNull(view.writer());
        assertEquals(List.of("a", "b"), view.readers().stream().map(HolderView::owner).toList());
    }

    @Test
    void aReaderAskingForTheWriteLockIsRefusedAtOnceAndNothingChanges() {
        granted(locks.acquire(CACHE, "a", READ, "s1", 0, clock.now()));
        long lastToken = machine.lastToken();

        PrimitiveOutcome.Refused refused = assertInstanceOf(PrimitiveOutcome.Refused.class,
                locks.acquire(CACHE, "a", WRITE, "s1", nextWaiter(), clock.now()));

        assertTrue(refused.reason().contains("release the read lock first"), refused.reason());
        assertEquals(lastToken, machine.lastToken());
        ReadWriteView view = locks.describe(CACHE).orElseThrow();
        assertEquals(0, view.writersWaiting());
        assertEquals(1, view.readers().size());
    }

    @Test
    void aWithdrawnWriterLetsTheReadersBehindItIn() {
        granted(locks.acquire(CACHE, "r1", READ, "s1", 0, clock.now()));
        Waiter writer = parked(locks.acquire(CACHE, "w", WRITE, "s2", nextWaiter(), clock.now()));
        Waiter reader = parked(locks.acquire(CACHE, "r2", READ, "s3", nextWaiter(), clock.now()));

        PrimitiveOutcome withdrawn = locks.withdraw(CACHE, writer.id(), clock.now());

        assertInstanceOf(PrimitiveOutcome.Withdrawn.class, withdrawn);
        assertEquals(reader, withdrawn.effects().handovers().get(0).waiter());
        assertTrue(withdrawn.effects().handovers().get(0).isGranted());
    }

    @Test
    void onlyTheHolderOfAModeReleasesIt() {
        granted(locks.acquire(CACHE, "a", READ, "s1", 0, clock.now()));

        assertInstanceOf(PrimitiveOutcome.NotHolder.class, locks.release(CACHE, "b", READ, clock.now()));
        assertInstanceOf(PrimitiveOutcome.NotHolder.class, locks.release(CACHE, "a", WRITE, clock.now()));
        assertEquals(1, locks.describe(CACHE).orElseThrow().readers().size());
    }

    @Test
    void theEndOfASessionReleasesItsGrantsAndTheWaitersGetThem() {
        granted(locks.acquire(CACHE, "w", WRITE, "s1", 0, clock.now()));
        Waiter reader = parked(locks.acquire(CACHE, "r", READ, "s2", nextWaiter(), clock.now()));

        SessionOutcome.Ended ended = assertInstanceOf(SessionOutcome.Ended.class,
                machine.sessions().end("s1", Effects.Cause.RELEASED, clock.now()));

        assertEquals(1, ended.released());
        assertEquals(reader, ended.effects().handovers().get(0).waiter());
        assertTrue(ended.effects().handovers().get(0).isGranted());
    }

    @Test
    void aLapsedSessionsGrantIsFreedOnAccessAndItsSessionEndsWithIt() {
        granted(locks.acquire(CACHE, "w", WRITE, "s1", 0, clock.now()));
        clock.advance(TTL / 2);
        machine.sessions().keepAlive("s2", clock.now());
        clock.advance(TTL / 2);

        granted(locks.acquire(CACHE, "r", READ, "s2", 0, clock.now()));

        assertInstanceOf(PrimitiveOutcome.SessionGone.class, locks.acquire(CACHE, "w", WRITE, "s1", 0, clock.now()));
        assertInstanceOf(SessionOutcome.NotOpen.class, machine.sessions().keepAlive("s1", clock.now()));
    }

    @Test
    void aCallUnderAnEndedSessionIsRefusedAndChangesNothing() {
        machine.sessions().end("s1", Effects.Cause.RELEASED, clock.now());

        assertInstanceOf(PrimitiveOutcome.SessionGone.class, locks.acquire(CACHE, "a", READ, "s1", 1, clock.now()));
        assertTrue(locks.describe(CACHE).isEmpty());
        assertEquals(0, machine.lastToken());
    }

    @Test
    void anIdleLockLeavesNothingBehindInTheTableOrItsSession() {
        granted(locks.acquire(CACHE, "a", WRITE, "s1", 0, clock.now()));
        locks.release(CACHE, "a", WRITE, clock.now());

        assertEquals(0, locks.size());
        SessionOutcome.Ended ended = assertInstanceOf(SessionOutcome.Ended.class,
                machine.sessions().end("s1", Effects.Cause.RELEASED, clock.now()));
        assertEquals(0, ended.released());
    }

    @Test
    void anOperatorRemovesOneGrantByItsToken() {
        long a = granted(locks.acquire(CACHE, "a", READ, "s1", 0, clock.now())).getFencingToken();
        granted(locks.acquire(CACHE, "b", READ, "s2", 0, clock.now()));

        assertInstanceOf(PrimitiveOutcome.Released.class, locks.forceRelease(CACHE, a, clock.now()));
        assertInstanceOf(PrimitiveOutcome.NotHolder.class, locks.forceRelease(CACHE, a, clock.now()));

        assertEquals(List.of("b"), locks.describe(CACHE).orElseThrow().readers().stream()
                .map(HolderView::owner).toList());
    }

    @Test
    void aHolderStandsQuietUntilACallQueuesBehindItAndNotHeldOnceItLetsGo() {
        assertEquals(PrimitiveLockService.READ_WRITE_NOT_HELD, locks.waiterStanding(CACHE, "r1"));
        granted(locks.acquire(CACHE, "r1", READ, "s1", 0, clock.now()));
        granted(locks.acquire(CACHE, "r2", READ, "s2", 0, clock.now()));
        assertEquals(PrimitiveLockService.READ_WRITE_QUIET, locks.waiterStanding(CACHE, "r1"));
        assertEquals(PrimitiveLockService.READ_WRITE_NOT_HELD, locks.waiterStanding(CACHE, "w"));

        assertInstanceOf(PrimitiveOutcome.Busy.class, locks.acquire(CACHE, "w", WRITE, "s3", 0, clock.now()));
        assertEquals(PrimitiveLockService.READ_WRITE_QUIET, locks.waiterStanding(CACHE, "r1"),
                "a call that did not wait queued nothing");
        parked(locks.acquire(CACHE, "w", WRITE, "s3", nextWaiter(), clock.now()));
        assertEquals(PrimitiveLockService.READ_WRITE_WAITING, locks.waiterStanding(CACHE, "r1"));
        assertEquals(PrimitiveLockService.READ_WRITE_WAITING, locks.waiterStanding(CACHE, "r2"));

        locks.release(CACHE, "r1", READ, clock.now());
        assertEquals(PrimitiveLockService.READ_WRITE_NOT_HELD, locks.waiterStanding(CACHE, "r1"));
        locks.release(CACHE, "r2", READ, clock.now());
        assertEquals(PrimitiveLockService.READ_WRITE_QUIET, locks.waiterStanding(CACHE, "w"),
                "the writer got the lock and nobody waits behind it");
    }
}
