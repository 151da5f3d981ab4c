package io.lockfacade.server.session;

import io.lockfacade.api.SessionExpiredException;
import io.lockfacade.server.expiry.ExpirySchedule;
import io.lockfacade.server.fencing.FencingTokenSource;
import io.lockfacade.server.table.Acquisition;
import io.lockfacade.server.table.Handout;
import io.lockfacade.server.table.LockInfo;
import io.lockfacade.server.table.LockKey;
import io.lockfacade.server.table.LockTable;
import io.lockfacade.server.table.Session;
import io.lockfacade.server.table.Waiter;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Sessions on the lock table, on a hand-set clock: tests move time and run the reaper's sweep themselves. */
class SessionRegistryTest {

    private static final long TTL = 3_000;
    private static final long LEASE = 60_000;
    private static final LockKey ORDER_1 = new LockKey("order", "1");
    private static final LockKey ORDER_2 = new LockKey("order", "2");

    private final AtomicLong nanos = new AtomicLong(TimeUnit.SECONDS.toNanos(1000));
    private final AtomicLong wallMicros = new AtomicLong(1_000_000);
    private final LockTable table = new LockTable(new FencingTokenSource(wallMicros::get),
            new ExpirySchedule(Duration.ofMillis(10)), nanos::get, () -> TimeUnit.NANOSECONDS.toMillis(nanos.get()));
    private final SessionRegistry sessions = new SessionRegistry(table, nanos::get,
            () -> TimeUnit.NANOSECONDS.toMillis(nanos.get()));
    private final SessionAndLeaseSweep sweep = new SessionAndLeaseSweep(sessions, table);

    @Test
    void grantUnderASessionReportsTheSessionTtlAndOutlivesTheTtlWhileKeptAlive() {
        sessions.open("s1", TTL);
        Handout handout = grant(ORDER_1, "a", "s1");
        assertEquals(TTL, handout.grant().getLeaseMillis());

        for (int i = 0; i < 5; i++) {
            advance(TTL / 2);
            assertEquals(0, sessions.keepAlive("s1"));
            sweep.expireDue(nanos.get());
        }

        assertEquals("a", holderOf(ORDER_1));
    }

    @Test
    void sessionExpiryReleasesAllItsLocksAtOnceAndGrantsTheOldestWaiters() {
        sessions.open("s1", TTL);
        sessions.open("s2", TTL);
        grant(ORDER_1, "a", "s1");
        grant(ORDER_2, "a", "s1");
        Waiter waiter = table.acquire(ORDER_1, "b", TTL, true, sessions.require("s2")).waiter();

        advance(TTL - 1);
        sessions.keepAlive("s2");
        sweep.expireDue(nanos.get());
        assertEquals("a", holderOf(ORDER_1));
        advance(1);
        sweep.expireDue(nanos.get());

        assertEquals("b", holderOf(ORDER_1));
        assertEquals("b", waiter.result().join().grant().getOwner());
        assertNull(holderOf(ORDER_2));
        assertEquals(-1, sessions.keepAlive("s1"));
        assertTrue(table.isTypeEmpty("order") == false);
        assertEquals(1, sessions.require("s2").lockCount());
    }

    @Test
    void anExpiredSessionIsFreeToOthersEvenBeforeTheSweep() {
        sessions.open("s1", TTL);
        grant(ORDER_1, "a", "s1");
        advance(TTL);

        assertTrue(table.acquire(ORDER_1, "b", LEASE, false).isGranted());
    }

    @Test
    void keepAliveAfterExpiryIsRefusedAndTheSessionCannotGrantAnyMore() {
        sessions.open("s1", TTL);
        Session s1 = sessions.require("s1");
        advance(TTL);

        assertEquals(-1, sessions.keepAlive("s1"));
        assertThrows(SessionExpiredException.class, () -> sessions.require("s1"));
        assertThrows(SessionExpiredException.class, () -> table.acquire(ORDER_1, "a", TTL, false, s1));
        assertNull(holderOf(ORDER_1));
    }

    @Test
    void closeReleasesTheLocksAndTheWaitersGetThem() {
        sessions.open("s1", TTL);
        grant(ORDER_1, "a", "s1");
        Waiter waiter = table.acquire(ORDER_1, "b", LEASE, true).waiter();

        assertTrue(sessions.end("s1").isPresent());

        assertEquals("b", waiter.result().join().grant().getOwner());
        assertFalse(sessions.end("s1").isPresent());
        assertThrows(SessionExpiredException.class, () -> sessions.require("s1"));
    }

    @Test
    void retryInsideASessionGetsTheSameGrant() {
        sessions.open("s1", TTL);
        assertEquals(TTL, sessions.open("s1", TTL)); // a retried open only keeps it alive
        Handout first = grant(ORDER_1, "a", "s1");

        Handout again = grant(ORDER_1, "a", "s1");

        assertEquals(first.grant().getFencingToken(), again.grant().getFencingToken());
        assertEquals(2, again.sequence());
        assertEquals(1, sessions.require("s1").lockCount());
    }

    @Test
    void unlockDetachesTheLockFromTheSession() {
        sessions.open("s1", TTL);
        grant(ORDER_1, "a", "s1");

        assertTrue(table.release(ORDER_1, "a"));

        assertEquals(0, sessions.require("s1").lockCount());
        assertTrue(table.isTypeEmpty("order"));
    }

    @Test
    void forceRemovalIsCountedInTheKeepAliveAnswer() {
        sessions.open("s1", TTL);
        Handout held = grant(ORDER_1, "a", "s1");

        assertTrue(table.forceRemove(ORDER_1, OptionalLong.of(held.grant().getFencingToken())).isPresent());

        assertEquals(1, sessions.keepAlive("s1"));
        assertFalse(table.renew(ORDER_1, "a", TTL));
    }

    @Test
    void renewOfASessionGrantAnswersWithoutExtendingIt() {
        sessions.open("s1", TTL);
        grant(ORDER_1, "a", "s1");

        assertTrue(table.renew(ORDER_1, "a", LEASE));
        advance(TTL);

        assertNull(holderOf(ORDER_1));
    }

    @Test
    void aWaiterWhoseSessionEndedIsAnsweredNotGrantedAndTheNextOneGetsTheLock() {
        sessions.open("s1", TTL);
        sessions.open("s2", TTL * 10);
        grant(ORDER_1, "a", "s2");
        Waiter doomed = table.acquire(ORDER_1, "b", TTL, true, sessions.require("s1")).waiter();
        Waiter next = table.acquire(ORDER_1, "c", LEASE, true).waiter();
        sessions.end("s1");

        assertTrue(table.release(ORDER_1, "a"));

        assertNull(doomed.result().join());
        assertEquals("c", next.result().join().grant().getOwner());
    }

    @Test
    void expiryOfAManyLockSessionLeavesOtherSessionsAlone() {
        sessions.open("big", TTL);
        sessions.open("other", TTL * 10);
        for (int i = 0; i < 10_000; i++) {
            grant(new LockKey("bulk", Integer.toString(i)), "a", "big");
        }
        grant(ORDER_1, "b", "other");
        advance(TTL);

        sweep.expireDue(nanos.get());

        assertTrue(table.isTypeEmpty("bulk"));
        assertEquals("b", holderOf(ORDER_1));
        assertEquals(1, table.size());
    }

    private Handout grant(LockKey key, String owner, String sessionId) {
        Acquisition acquisition = table.acquire(key, owner, TTL, false, sessions.require(sessionId));
        assertTrue(acquisition.isGranted(), owner + " expected to get " + key);
        return acquisition.handout();
    }

    private String holderOf(LockKey key) {
        return table.describe(key).map(LockInfo::owner).orElse(null);
    }

    private void advance(long millis) {
        nanos.addAndGet(TimeUnit.MILLISECONDS.toNanos(millis));
    }
}
