package io.lockfacade.server.service;

import io.lockfacade.api.LockLimits;
import io.lockfacade.server.table.Handout;
import io.lockfacade.server.table.LockInfo;
import io.lockfacade.server.table.LockKey;
import io.lockfacade.server.table.LockMachine;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The lock rules as the master applies them, on hand-driven clocks. */
class LiveTableTest {

    private static final LockKey ORDER_1 = new LockKey("order", "1");
    private static final long LEASE = 1_000;

    private final LiveTableFixture fx = new LiveTableFixture();

    @AfterEach
    void stop() {
        fx.close();
    }

    @Test
    void freeLockIsGrantedToCallerWithPositiveToken() {
        Handout handout = fx.grant(ORDER_1, "a", LEASE);

        assertEquals("a", handout.grant().getOwner());
        assertTrue(handout.grant().getFencingToken() > 0);
        assertEquals(LEASE, handout.grant().getLeaseMillis());
        assertEquals("a", fx.holderOf(ORDER_1));
    }

    @Test
    void holderAskingAgainGetsSameGrantAndExtendedLease() {
        Handout first = fx.grant(ORDER_1, "a", LEASE);
        fx.advanceMillis(900);

        Handout again = fx.grant(ORDER_1, "a", LEASE);
        fx.advanceMillis(900);
        fx.sweep();

        assertEquals(first.grant().getFencingToken(), again.grant().getFencingToken());
        assertEquals(2, again.sequence());
        assertEquals("a", fx.holderOf(ORDER_1));
    }

    @Test
    void waitingCallGrantedAtOnceEndsItsRegistrationWithoutAnException() {
        List<ParkedCall> told = new ArrayList<>();

        Handout granted = fx.table.acquire(ORDER_1, "a", LEASE, null, 5_000, told::add).join();

        assertEquals("a", granted.grant().getOwner());
        assertEquals(1, told.size(), "a call that may wait is told before its transition");
        CompletableFuture<Handout> registration = told.get(0).answer();
        assertTrue(registration.isDone(), "whoever heard of the call hears of its end");
        assertFalse(registration.isCompletedExceptionally(),
                "ended without an exception: none is made (and filled with a stack trace) on this hot path");
        assertNull(registration.join());
    }

    @Test
    void otherOwnerIsBusyWhenNotWaiting() {
        fx.grant(ORDER_1, "a", LEASE);

        assertNull(fx.table.acquire(ORDER_1, "b", LEASE, null, 0).join());
        assertEquals("a", fx.holderOf(ORDER_1));
    }

    @Test
    void unlockByAnotherOwnerChangesNothing() {
        Handout held = fx.grant(ORDER_1, "a", LEASE);

        assertFalse(fx.table.release(ORDER_1, "b"));

        assertEquals(held.grant().getFencingToken(), fx.table.describe(ORDER_1).orElseThrow().fencingToken());
    }

    @Test
    void unlockByHolderFreesLockAndItsType() {
        fx.grant(ORDER_1, "a", LEASE);

        assertTrue(fx.table.release(ORDER_1, "a"));

        assertNull(fx.holderOf(ORDER_1));
        assertTrue(fx.table.isTypeEmpty("order"));
        assertEquals(0, fx.table.size());
    }

    @Test
    void lockTypeIsEmptyOnlyWhenNoLockOfItIsHeld() {
        fx.grant(ORDER_1, "a", LEASE);
        fx.grant(new LockKey("order", "2"), "a", LEASE);

        fx.table.release(ORDER_1, "a");

        assertFalse(fx.table.isTypeEmpty("order"));
        assertTrue(fx.table.isTypeEmpty("stock"));
    }

    @Test
    void renewByAnotherOwnerFailsAndChangesNothing() {
        fx.grant(ORDER_1, "a", LEASE);

        assertFalse(fx.table.renew(ORDER_1, "b", 60_000));
        fx.advanceMillis(LEASE);

        assertNull(fx.holderOf(ORDER_1));
    }

    @Test
    void renewKeepsLockPastItsFirstLease() {
        fx.grant(ORDER_1, "a", LEASE);
        fx.advanceMillis(800);

        assertTrue(fx.table.renew(ORDER_1, "a", LEASE));
        fx.advanceMillis(800);
        fx.sweep();

        assertEquals("a", fx.holderOf(ORDER_1));
    }

    @Test
    void expiredLockIsFreeOnAccessBeforeReaperRuns() {
        fx.grant(ORDER_1, "a", LEASE);
        fx.advanceMillis(LEASE);

        Handout next = fx.grant(ORDER_1, "b", LEASE);

        assertEquals("b", next.grant().getOwner());
        assertFalse(fx.table.renew(ORDER_1, "a", LEASE));
    }

    @Test
    void reaperFreesExpiredLocksAndKeepsLiveOnes() {
        LockKey shortLived = new LockKey("order", "short");
        LockKey longLived = new LockKey("order", "long");
        fx.grant(shortLived, "a", 200);
        fx.grant(longLived, "a", 5_000);
        fx.advanceMillis(300);

        fx.sweep();

        assertNull(fx.holderOf(shortLived));
        assertEquals("a", fx.holderOf(longLived));
        assertEquals(1, fx.table.size());
    }

    @Test
    void renewedLockIsRescheduledAndExpiresAtItsNewDeadline() {
        fx.grant(ORDER_1, "a", 200);
        fx.advanceMillis(150);
        fx.table.renew(ORDER_1, "a", 200);
        fx.advanceMillis(100);
        fx.sweep();
        assertEquals("a", fx.holderOf(ORDER_1));

        fx.advanceMillis(200);
        fx.sweep();

        assertNull(fx.holderOf(ORDER_1));
        assertTrue(fx.table.isTypeEmpty("order"));
    }

    @Test
    void reaperLeavesNoEntryBehindForReleasedLocks() {
        for (int i = 0; i < 100; i++) {
            LockKey key = new LockKey("order", "k" + i);
            fx.grant(key, "a", 200);
            fx.table.release(key, "a");
        }
        fx.advanceMillis(300);

        fx.sweep();

        assertEquals(Long.MAX_VALUE, fx.nextDeadlineNanos());
    }

    @Test
    void forceRemoveReportsWhatWasHeldAndHolderLosesIt() {
        Handout held = fx.grant(ORDER_1, "a", LEASE);

        LockInfo removed = fx.table.forceRemove(ORDER_1).orElseThrow();

        assertEquals("a", removed.owner());
        assertEquals(held.grant().getFencingToken(), removed.fencingToken());
        assertFalse(fx.table.renew(ORDER_1, "a", LEASE));
        assertFalse(fx.table.release(ORDER_1, "a"));
        assertTrue(fx.table.forceRemove(ORDER_1).isEmpty());
    }

    @Test
    void forceRemoveWithAnOutdatedTokenLeavesTheNewHolderAlone() {
        Handout first = fx.grant(ORDER_1, "a", LEASE);
        fx.table.release(ORDER_1, "a");
        Handout second = fx.grant(ORDER_1, "b", LEASE);

        assertTrue(fx.table.forceRemove(ORDER_1, OptionalLong.of(first.grant().getFencingToken())).isEmpty());
        assertEquals("b", fx.holderOf(ORDER_1));
        assertEquals("b", fx.table.forceRemove(ORDER_1, OptionalLong.of(second.grant().getFencingToken()))
                .orElseThrow().owner());
    }

    @Test
    void aLockShowsTheWallClockTimeOfItsGrantWhateverTheTimeOfTheQuestion() {
        fx.advanceMillis(5_000);
        long grantedAt = fx.wallMillis.get();
        fx.grant(ORDER_1, "a", LEASE);
        fx.advanceMillis(300);

        for (int i = 0; i < 3; i++) {
            assertEquals(grantedAt, fx.table.describe(ORDER_1).orElseThrow().acquiredAtEpochMillis());
            fx.advanceMillis(1);
        }
    }

    @Test
    void aRefusedGrantLeavesNoParkedCallBehind() {
        ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1);
        try {
            MasterClocks exhausted = new MasterClocks(System::nanoTime, System::currentTimeMillis,
                    () -> LockLimits.FENCING_TOKEN_BOUND);
            LiveTable table = new LiveTable(new LockMachine(), exhausted, LiveTableFixture.TICK, timer,
                    LockEvents.NONE);

            assertThrows(IllegalStateException.class, () -> table.acquire(ORDER_1, "a", LEASE, null, 1_000));

            assertEquals(0, table.parkedCalls());
            assertEquals(0, table.size());
        } finally {
            timer.shutdownNow();
        }
    }

    @Test
    void namesAreSharedAcrossLocks() {
        Handout one = fx.grant(new LockKey(new String("order"), "1"), new String("node-a"), LEASE);
        Handout two = fx.grant(new LockKey(new String("order"), "2"), new String("node-a"), LEASE);

        assertSame(one.grant().getOwner(), two.grant().getOwner());
        assertSame(one.grant().getLockType(), two.grant().getLockType());
    }
}
