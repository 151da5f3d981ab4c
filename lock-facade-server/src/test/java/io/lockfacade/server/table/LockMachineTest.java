package io.lockfacade.server.table;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The lock rules as a state machine on a hand-set clock: commands in, typed outcomes out, no threads. */
class LockMachineTest {

    private static final LockKey ORDER_1 = new LockKey("order", "1");
    private static final LockKey ORDER_2 = new LockKey("order", "2");
    private static final long LEASE = 1_000;
    private static final long TTL = 3_000;

    private final LockMachine machine = new LockMachine();
    private long millis = 1_000_000;
    private long waiterIds;

    @Test
    void aFreeLockIsGrantedWithAFreshTokenAtLeastTheFloor() {
        Outcome.Granted granted = assertInstanceOf(Outcome.Granted.class,
                machine.acquire(ORDER_1, "a", LEASE, null, 0, new Moment(nanos(), 5_000)));

        assertEquals(5_000, granted.handout().grant().getFencingToken());
        assertEquals(nanos() + TimeUnit.MILLISECONDS.toNanos(LEASE), granted.lock().endNanos());
        assertEquals(Effects.NONE, granted.effects());
    }

    @Test
    void tokensStrictlyIncreaseWhateverTheFloorDoes() {
        long first = grant(ORDER_1, "a", new Moment(nanos(), 9_000)).grant().getFencingToken();
        long second = grant(ORDER_2, "a", new Moment(nanos(), 10)).grant().getFencingToken();

        assertEquals(9_000, first);
        assertEquals(9_001, second);
        assertEquals(9_001, machine.lastToken());
    }

    @Test
    void theHolderAskingAgainGetsTheSameTokenAndALongerLease() {
        Handout first = grant(ORDER_1, "a");
        advance(900);

        Outcome.AlreadyHeld again = assertInstanceOf(Outcome.AlreadyHeld.class,
                machine.acquire(ORDER_1, "a", LEASE, null, 0, now()));

        assertEquals(first.grant(), again.handout().grant());
        assertEquals(first.grant().getFencingToken(), again.handout().grant().getFencingToken());
        assertEquals(2, again.handout().sequence());
        assertTrue(again.lock().endNanos() > again.previousEndNanos());
        assertEquals(1, machine.grantCount());
    }

    @Test
    void anotherOwnerIsBusyOrParksAndNothingElseChanges() {
        grant(ORDER_1, "a");

        assertInstanceOf(Outcome.Busy.class, machine.acquire(ORDER_1, "b", LEASE, null, 0, now()));
        Outcome.Parked parked = assertInstanceOf(Outcome.Parked.class,
                machine.acquire(ORDER_1, "b", LEASE, null, 7, now()));

        assertEquals(new Waiter(7, ORDER_1, "b", LEASE, null), parked.waiter());
        assertEquals("a", holder(ORDER_1));
    }

    @Test
    void unlockIsOwnerChecked() {
        Handout held = grant(ORDER_1, "a");
        TableSnapshot before = machine.snapshot();

        assertInstanceOf(Outcome.NotHolder.class, machine.release(ORDER_1, "b", now()));
        assertInstanceOf(Outcome.NotHolder.class, machine.renew(ORDER_1, "b", LEASE, now()));

        assertEquals(before, machine.snapshot());
        Outcome.Released released = assertInstanceOf(Outcome.Released.class, machine.release(ORDER_1, "a", now()));
        Effects.Ending ending = released.effects().endings().get(0);
        assertEquals(held.grant().getFencingToken(), ending.lock().fencingToken());
        assertEquals(Effects.Cause.RELEASED, ending.cause());
        assertTrue(machine.isTypeEmpty("order"));
    }

    @Test
    void releaseHandsTheLockToTheOldestWaiterInTheSameStep() {
        grant(ORDER_1, "a");
        Waiter b = park(ORDER_1, "b", null);
        park(ORDER_1, "c", null);

        Outcome.Released released = assertInstanceOf(Outcome.Released.class, machine.release(ORDER_1, "a", now()));

        Effects.Handover handover = released.effects().handovers().get(0);
        assertEquals(b, handover.waiter());
        assertEquals("b", handover.handout().grant().getOwner());
        assertEquals(1, released.effects().handovers().size());
        assertEquals("b", holder(ORDER_1));
    }

    @Test
    void anExpiryVisitGrantsTheOldestWaiter() {
        Handout held = grant(ORDER_1, "a");
        Waiter b = park(ORDER_1, "b", null);
        advance(LEASE - 1);
        assertInstanceOf(Outcome.StillHeld.class, machine.expire(ORDER_1, held.grant().getFencingToken(), now()));
        advance(1);

        Outcome outcome = machine.expire(ORDER_1, held.grant().getFencingToken(), now());

        Outcome.Released expired = assertInstanceOf(Outcome.Released.class, outcome);
        assertEquals(Effects.Cause.EXPIRED, expired.effects().endings().get(0).cause());
        assertEquals(b, expired.effects().handovers().get(0).waiter());
        assertTrue(expired.effects().handovers().get(0).handout().grant().getFencingToken()
                > held.grant().getFencingToken());
    }

    @Test
    void aVisitForAnOlderGrantLeavesTheNewOneAlone() {
        Handout old = grant(ORDER_1, "a");
        machine.release(ORDER_1, "a", now());
        grant(ORDER_1, "b");
        advance(LEASE / 2);

        assertInstanceOf(Outcome.NotHolder.class, machine.expire(ORDER_1, old.grant().getFencingToken(), now()));
        assertEquals("b", holder(ORDER_1));
    }

    @Test
    void anExpiredLockIsFreeOnAccessAndTheAccessReportsTheExpiry() {
        grant(ORDER_1, "a");
        advance(LEASE);

        Outcome.Granted granted = assertInstanceOf(Outcome.Granted.class,
                machine.acquire(ORDER_1, "b", LEASE, null, 0, now()));

        assertEquals(Effects.Cause.EXPIRED, granted.effects().endings().get(0).cause());
        assertInstanceOf(Outcome.NotHolder.class, machine.renew(ORDER_1, "a", LEASE, now()));
    }

    @Test
    void aRetriedWaitingCallReplacesTheEarlierOne() {
        grant(ORDER_1, "a");
        Waiter first = park(ORDER_1, "b", null);

        Outcome.Parked retry = assertInstanceOf(Outcome.Parked.class,
                machine.acquire(ORDER_1, "b", LEASE, null, ++waiterIds, now()));

        Effects.Handover answered = retry.effects().handovers().get(0);
        assertEquals(first, answered.waiter());
        assertFalse(answered.isGranted());
        assertEquals(1, machine.describe(ORDER_1, nanos()).orElseThrow().waiters());
    }

    @Test
    void aWithdrawnWaiterIsSkippedAndAnAnsweredOneCannotWithdraw() {
        grant(ORDER_1, "a");
        Waiter b = park(ORDER_1, "b", null);
        Waiter c = park(ORDER_1, "c", null);

        assertInstanceOf(Outcome.Withdrawn.class, machine.withdraw(ORDER_1, b.id()));
        Outcome released = machine.release(ORDER_1, "a", now());

        assertEquals(c, released.effects().handovers().get(0).waiter());
        assertInstanceOf(Outcome.NotWaiting.class, machine.withdraw(ORDER_1, c.id()));
    }

    @Test
    void anUndeliveredGrantGoesOnUnlessARetryWasHandedItSince() {
        grant(ORDER_1, "a");
        park(ORDER_1, "b", null);
        Handout toB = machine.release(ORDER_1, "a", now()).effects().handovers().get(0).handout();
        Handout retried = assertInstanceOf(Outcome.AlreadyHeld.class,
                machine.acquire(ORDER_1, "b", LEASE, null, 0, now())).handout();

        assertInstanceOf(Outcome.NotHolder.class, machine.releaseUndelivered(toB, now()));
        assertInstanceOf(Outcome.Released.class, machine.releaseUndelivered(retried, now()));
        assertNull(holder(ORDER_1));
    }

    @Test
    void aRetryThatOvertookItsLostOriginalKeepsTheSessionLock() {
        open("s1");
        // The client's retry runs first and its reply is delivered; the original call runs later, after its
        // client had given up on it, so its (second) handout of the same grant cannot be written.
        Handout retryDelivered = grantIn(ORDER_1, "a", "s1");
        Handout originalLost = assertInstanceOf(Outcome.AlreadyHeld.class,
                machine.acquire(ORDER_1, "a", 0, "s1", 0, now())).handout();

        assertInstanceOf(Outcome.NotHolder.class, machine.releaseUndelivered(originalLost, now()));

        assertEquals("a", holder(ORDER_1));
        assertEquals(1, machine.sessions().describe().get(0).locks());
        assertInstanceOf(Outcome.Released.class, machine.releaseUndelivered(retryDelivered, now()));
        assertNull(holder(ORDER_1));
    }

    @Test
    void forceRemovalChecksTheTokenTheOperatorSaw() {
        Handout first = grant(ORDER_1, "a");
        machine.release(ORDER_1, "a", now());
        Handout second = grant(ORDER_1, "b");

        assertInstanceOf(Outcome.NotHolder.class,
                machine.forceRemove(ORDER_1, OptionalLong.of(first.grant().getFencingToken()), now()));
        Outcome removed = machine.forceRemove(ORDER_1, OptionalLong.of(second.grant().getFencingToken()), now());

        assertEquals(Effects.Cause.REMOVED, removed.effects().endings().get(0).cause());
        assertNull(holder(ORDER_1));
    }

    @Test
    void sessionExpiryReleasesAllItsLocksAndGrantsTheOldestWaiters() {
        open("s1");
        open("s2");
        grantIn(ORDER_1, "a", "s1");
        grantIn(ORDER_2, "a", "s1");
        Waiter b = park(ORDER_1, "b", "s2");
        Waiter c = park(ORDER_1, "c", null);
        advance(TTL - 1);
        machine.sessions().keepAlive("s2", now());
        assertInstanceOf(SessionOutcome.StillOpen.class, machine.sessions().expire("s1", now()));
        advance(1);

        SessionOutcome.Ended ended = assertInstanceOf(SessionOutcome.Ended.class,
                machine.sessions().expire("s1", now()));

        assertEquals(2, ended.released());
        assertEquals(List.of(Effects.Cause.EXPIRED, Effects.Cause.EXPIRED),
                ended.effects().endings().stream().map(Effects.Ending::cause).toList());
        assertEquals(List.of(b), ended.effects().handovers().stream().map(Effects.Handover::waiter).toList());
        assertEquals(TTL, ended.effects().handovers().get(0).handout().grant().getLeaseMillis());
        assertEquals("b", holder(ORDER_1));
        assertEquals(1, machine.describe(ORDER_1, nanos()).orElseThrow().waiters());
        assertEquals(c, machine.snapshot().locks().get(0).waiters().get(0));
        assertNull(holder(ORDER_2));
    }

    @Test
    void keepAliveAfterExpiryEndsTheSessionAndItCannotGrantAnyMore() {
        open("s1");
        grantIn(ORDER_1, "a", "s1");
        advance(TTL);

        SessionOutcome.Ended ended = assertInstanceOf(SessionOutcome.Ended.class,
                machine.sessions().keepAlive("s1", now()));

        assertEquals(1, ended.released());
        assertInstanceOf(SessionOutcome.NotOpen.class, machine.sessions().keepAlive("s1", now()));
        assertInstanceOf(Outcome.SessionGone.class, machine.acquire(ORDER_1, "a", 0, "s1", 0, now()));
        assertNull(holder(ORDER_1));
        assertEquals(0, machine.sessions().size());
    }

    @Test
    void aLateKeepAliveCannotReviveASessionOnceOneOfItsLocksWasFreedForExpiry() {
        open("s1");
        grantIn(ORDER_1, "a", "s1");
        grantIn(ORDER_2, "a", "s1");
        Moment beforeTheEnd = new Moment(nanos() + TimeUnit.MILLISECONDS.toNanos(TTL - 1), 0);
        advance(TTL);
        grant(ORDER_1, "b"); // frees the lapsed grant on access, without a visit to the whole session

        // A keep-alive whose moment was taken before the end but applied after (its thread was descheduled).
        SessionOutcome.Ended ended = assertInstanceOf(SessionOutcome.Ended.class,
                machine.sessions().keepAlive("s1", beforeTheEnd));

        assertEquals(1, ended.released());
        assertNull(holder(ORDER_2));
        assertEquals("b", holder(ORDER_1));
    }

    @Test
    void forceExpiryEndsASessionAtOnceAndCountsAsRemoval() {
        open("s1");
        grantIn(ORDER_1, "a", "s1");
        Waiter b = park(ORDER_1, "b", null);

        SessionOutcome.Ended ended = assertInstanceOf(SessionOutcome.Ended.class,
                machine.sessions().end("s1", Effects.Cause.REMOVED, now()));

        assertEquals(Effects.Cause.REMOVED, ended.effects().endings().get(0).cause());
        assertEquals(b, ended.effects().handovers().get(0).waiter());
        assertInstanceOf(SessionOutcome.NotOpen.class, machine.sessions().end("s1", Effects.Cause.REMOVED, now()));
    }

    @Test
    void aRetryInsideASessionIsTheSameGrantAndARetriedOpenOnlyKeepsItAlive() {
        open("s1");
        advance(TTL / 2);
        SessionOutcome.Alive reopened = assertInstanceOf(SessionOutcome.Alive.class,
                machine.sessions().open("s1", TTL * 5, now()));
        assertEquals(TTL, reopened.ttlMillis());
        Handout first = grantIn(ORDER_1, "a", "s1");

        Outcome.AlreadyHeld again = assertInstanceOf(Outcome.AlreadyHeld.class,
                machine.acquire(ORDER_1, "a", 0, "s1", 0, now()));

        assertEquals(first.grant(), again.handout().grant());
        assertEquals(2, again.handout().sequence());
        assertEquals(1, machine.sessions().describe().get(0).locks());
    }

    @Test
    void aWaiterWhoseSessionEndedIsAnsweredWithoutTheLock() {
        open("s1");
        grant(ORDER_1, "a");
        Waiter doomed = park(ORDER_1, "b", "s1");
        Waiter next = park(ORDER_1, "c", null);
        machine.sessions().end("s1", Effects.Cause.RELEASED, now());

        Outcome released = machine.release(ORDER_1, "a", now());

        List<Effects.Handover> handovers = released.effects().handovers();
        assertEquals(doomed, handovers.get(0).waiter());
        assertFalse(handovers.get(0).isGranted());
        assertEquals(next, handovers.get(1).waiter());
        assertTrue(handovers.get(1).isGranted());
    }

    @Test
    void aKeepAliveKeepsEveryLockOfTheSessionPastItsTtl() {
        open("s1");
        grantIn(ORDER_1, "a", "s1");
        for (int i = 0; i < 5; i++) {
            advance(TTL / 2);
            assertInstanceOf(SessionOutcome.Alive.class, machine.sessions().keepAlive("s1", now()));
            assertInstanceOf(SessionOutcome.StillOpen.class, machine.sessions().expire("s1", now()));
        }
        assertEquals("a", holder(ORDER_1));
    }

    @Test
    void droppedWaitersAreAnsweredAndTheHoldersStay() {
        grant(ORDER_1, "a");
        Waiter b = park(ORDER_1, "b", null);

        Effects dropped = machine.dropWaiters();

        assertEquals(b, dropped.handovers().get(0).waiter());
        assertFalse(dropped.handovers().get(0).isGranted());
        assertEquals(0, machine.describe(ORDER_1, nanos()).orElseThrow().waiters());
        assertEquals("a", holder(ORDER_1));
    }

    @Test
    void extendingAllRunsEverySessionAndLeaseItsOwnLengthFromNowAndReportsEach() {
        open("s1");
        grantIn(ORDER_1, "a", "s1");
        Handout leased = grant(ORDER_2, "b");
        advance(LEASE - 1);
        List<String> sessions = new ArrayList<>();
        List<Outcome.Renewed> leases = new ArrayList<>();

        assertEquals(2, machine.extendAll(now(), (id, alive) -> {
            sessions.add(id);
            assertEquals(nanos() + TimeUnit.MILLISECONDS.toNanos(TTL), alive.endNanos());
        }, leases::add));

        assertEquals(List.of("s1"), sessions);
        assertEquals(1, leases.size());
        assertEquals(leased.grant().getFencingToken(), leases.get(0).lock().fencingToken());
        assertEquals(nanos() + TimeUnit.MILLISECONDS.toNanos(LEASE), leases.get(0).lock().endNanos());
        assertTrue(leases.get(0).previousEndNanos() < leases.get(0).lock().endNanos());
        assertEquals(nanos() + TimeUnit.MILLISECONDS.toNanos(TTL), machine.describe(ORDER_1, nanos()).orElseThrow()
                .endNanos());
        TableSnapshot extended = machine.snapshot();
        machine.extendAll(new Moment(nanos() - TimeUnit.MILLISECONDS.toNanos(LEASE / 2), 0), (id, alive) -> { },
                renewed -> { });
        assertEquals(extended, machine.snapshot(), "an earlier moment moves nothing back");
    }

    @Test
    void extendingAllRevivesWhatRanOutUnfreedButNotAnEndedSession() {
        open("s1");
        grantIn(ORDER_1, "a", "s1");
        open("s2");
        grant(ORDER_2, "b");
        machine.sessions().end("s1", Effects.Cause.RELEASED, now());
        advance(TTL);
        assertNull(holder(ORDER_2)); // a read that sees the lease and s2 run out frees nothing

        assertEquals(2, machine.extendAll(now(), (id, alive) -> assertEquals("s2", id), renewed -> { }));

        assertInstanceOf(SessionOutcome.NotOpen.class, machine.sessions().keepAlive("s1", now()));
        assertNull(holder(ORDER_1));
        assertEquals("b", holder(ORDER_2));
        assertInstanceOf(SessionOutcome.Alive.class, machine.sessions().keepAlive("s2", now()));
    }

    @Test
    void aRestoredSnapshotIsTheSameTableWithSessionsAndWaiters() {
        open("s1");
        grantIn(ORDER_1, "a", "s1");
        grant(ORDER_2, "b");
        park(ORDER_1, "c", null);

        LockMachine copy = LockMachine.restore(machine.snapshot());

        assertEquals(machine.snapshot(), copy.snapshot());
        SessionOutcome.Ended ended = assertInstanceOf(SessionOutcome.Ended.class,
                copy.sessions().end("s1", Effects.Cause.RELEASED, now()));
        assertEquals("c", ended.effects().handovers().get(0).handout().grant().getOwner());
        assertThrows(IllegalArgumentException.class, () -> LockMachine.restore(new TableSnapshot(0, 0,
                machine.snapshot().locks(), List.of())));
    }

    private Handout grant(LockKey key, String owner) {
        return grant(key, owner, now());
    }

    private Handout grant(LockKey key, String owner, Moment at) {
        return assertInstanceOf(Outcome.Granted.class, machine.acquire(key, owner, LEASE, null, 0, at)).handout();
    }

    private Handout grantIn(LockKey key, String owner, String sessionId) {
        return assertInstanceOf(Outcome.Granted.class, machine.acquire(key, owner, 0, sessionId, 0, now()))
                .handout();
    }

    private Waiter park(LockKey key, String owner, String sessionId) {
        return assertInstanceOf(Outcome.Parked.class,
                machine.acquire(key, owner, LEASE, sessionId, ++waiterIds, now())).waiter();
    }

    private void open(String sessionId) {
        assertInstanceOf(SessionOutcome.Alive.class, machine.sessions().open(sessionId, TTL, now()));
    }

    private String holder(LockKey key) {
        return machine.describe(key, nanos()).map(LockView::owner).orElse(null);
    }

    private void advance(long byMillis) {
        millis += byMillis;
    }

    private long nanos() {
        return TimeUnit.MILLISECONDS.toNanos(millis);
    }

    private Moment now() {
        return new Moment(nanos(), 0);
    }
}
