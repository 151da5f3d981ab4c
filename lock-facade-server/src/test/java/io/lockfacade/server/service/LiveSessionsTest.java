package io.lockfacade.server.service;

import io.lockfacade.api.SessionExpiredException;
import io.lockfacade.server.session.SessionInfo;
import io.lockfacade.server.table.Handout;
import io.lockfacade.server.table.LockKey;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Sessions on the live table, on hand-driven clocks: tests move time and run the reaper's sweep themselves. */
class LiveSessionsTest {

    private static final long TTL = 3_000;
    private static final long LEASE = 60_000;
    private static final LockKey ORDER_1 = new LockKey("order", "1");
    private static final LockKey ORDER_2 = new LockKey("order", "2");

    private final LiveTableFixture fx = new LiveTableFixture();
    private final LiveTable table = fx.table;
    private final LiveSessions sessions = fx.sessions;

    @AfterEach
    void stop() {
        fx.close();
    }

    @Test
    void grantUnderASessionReportsTheSessionTtlAndOutlivesTheTtlWhileKeptAlive() {
        sessions.open("s1", TTL);
        Handout handout = grant(ORDER_1, "a", "s1");
        assertEquals(TTL, handout.grant().getLeaseMillis());

        for (int i = 0; i < 5; i++) {
            advance(TTL / 2);
            assertEquals(0, sessions.keepAlive("s1"));
            fx.sweep();
        }

        assertEquals("a", holderOf(ORDER_1));
    }

    @Test
    void sessionExpiryReleasesAllItsLocksAtOnceAndGrantsTheOldestWaiters() {
        sessions.open("s1", TTL);
        sessions.open("s2", TTL);
        grant(ORDER_1, "a", "s1");
        grant(ORDER_2, "a", "s1");
        CompletableFuture<Handout> waiter = fx.parkIn(ORDER_1, "b", TTL, "s2");

        advance(TTL - 1);
        sessions.keepAlive("s2");
        fx.sweep();
        assertEquals("a", holderOf(ORDER_1));
        advance(1);
        fx.sweep();

        assertEquals("b", holderOf(ORDER_1));
        assertEquals("b", waiter.join().grant().getOwner());
        assertNull(holderOf(ORDER_2));
        assertEquals(-1, sessions.keepAlive("s1"));
        assertFalse(table.isTypeEmpty("order"));
        assertEquals(1, lockCount("s2"));
    }

    @Test
    void anExpiredSessionIsFreeToOthersEvenBeforeTheSweep() {
        sessions.open("s1", TTL);
        grant(ORDER_1, "a", "s1");
        advance(TTL);

        assertEquals("b", fx.grant(ORDER_1, "b", LEASE).grant().getOwner());
    }

    @Test
    void keepAliveAfterExpiryIsRefusedAndTheSessionCannotGrantAnyMore() {
        sessions.open("s1", TTL);
        advance(TTL);

        assertEquals(-1, sessions.keepAlive("s1"));
        assertEquals(-1, sessions.keepAlive("s1"));
        assertThrows(SessionExpiredException.class, () -> table.acquire(ORDER_1, "a", 0, "s1", 0));
        assertNull(holderOf(ORDER_1));
    }

    @Test
    void reopeningASessionWhoseTtlRanOutIsRefusedAndEndsIt() {
        sessions.open("s1", TTL);
        grant(ORDER_1, "a", "s1");
        advance(TTL);

        assertThrows(SessionExpiredException.class, () -> sessions.open("s1", TTL));

        assertNull(holderOf(ORDER_1));
        assertTrue(sessions.describe().isEmpty());
    }

    @Test
    void theReaperEndsASessionAtItsDeadlineWithoutVisitingItsLocks() {
        sessions.open("s1", TTL);
        grant(ORDER_1, "a", "s1");
        advance(TTL - 1);
        fx.sweep();
        assertEquals("a", holderOf(ORDER_1));

        advance(LiveTableFixture.TICK.toMillis());
        fx.sweep();

        assertNull(holderOf(ORDER_1));
        assertEquals(0, table.size());
        assertEquals(Long.MAX_VALUE, fx.nextDeadlineNanos(), "nothing left to visit");
    }

    @Test
    void closeReleasesTheLocksAndTheWaitersGetThem() {
        sessions.open("s1", TTL);
        grant(ORDER_1, "a", "s1");
        CompletableFuture<Handout> waiter = fx.park(ORDER_1, "b", LEASE);

        assertTrue(sessions.close("s1"));

        assertEquals("b", waiter.join().grant().getOwner());
        assertFalse(sessions.close("s1"));
        assertFalse(sessions.end("s1").isPresent());
        assertThrows(SessionExpiredException.class, () -> table.acquire(ORDER_2, "a", 0, "s1", 0));
    }

    @Test
    void retryInsideASessionGetsTheSameGrant() {
        sessions.open("s1", TTL);
        assertEquals(TTL, sessions.open("s1", TTL)); // a retried open only keeps it alive
        Handout first = grant(ORDER_1, "a", "s1");

        Handout again = grant(ORDER_1, "a", "s1");

        assertEquals(first.grant().getFencingToken(), again.grant().getFencingToken());
        assertEquals(2, again.sequence());
        assertEquals(1, lockCount("s1"));
    }

    @Test
    void unlockDetachesTheLockFromTheSession() {
        sessions.open("s1", TTL);
        grant(ORDER_1, "a", "s1");

        assertTrue(table.release(ORDER_1, "a"));

        assertEquals(0, lockCount("s1"));
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
        CompletableFuture<Handout> doomed = fx.parkIn(ORDER_1, "b", TTL, "s1");
        CompletableFuture<Handout> next = fx.park(ORDER_1, "c", LEASE);
        sessions.close("s1");

        assertTrue(table.release(ORDER_1, "a"));

        assertNull(doomed.join());
        assertEquals("c", next.join().grant().getOwner());
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

        fx.sweep();

        assertTrue(table.isTypeEmpty("bulk"));
        assertEquals("b", holderOf(ORDER_1));
        assertEquals(1, table.size());
    }

    private Handout grant(LockKey key, String owner, String sessionId) {
        return fx.grantIn(key, owner, 0, sessionId);
    }

    private String holderOf(LockKey key) {
        return fx.holderOf(key);
    }

    private void advance(long millis) {
        fx.advanceMillis(millis);
    }

    private int lockCount(String sessionId) {
        return sessions.describe().stream().filter(s -> s.id().equals(sessionId)).mapToInt(SessionInfo::locks)
                .findFirst().orElseThrow();
    }
}
