package io.lockfacade.client.distributed;

import io.lockfacade.client.distributed.SessionLease.KeepAliveOutcome;
import org.junit.jupiter.api.Test;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The client's view of its session, on a hand-set clock: the TTL counts from the last confirmed keep-alive. */
class SessionLeaseTest {

    private static final long TTL_MILLIS = 3_000;
    private static final long TTL_NANOS = TimeUnit.MILLISECONDS.toNanos(TTL_MILLIS);
    private static final long THIRD = TTL_NANOS / 3;

    private final AtomicLong clock = new AtomicLong(-5_000); // nanoTime may be negative
    private final long opened = clock.get();
    private final SessionLease lease = new SessionLease("node-a/s1", TTL_MILLIS, opened, clock::get);

    @Test
    void aNewSessionLivesForItsTtlFromTheStartOfTheOpeningCall() {
        assertFalse(lease.isLostAt(opened + TTL_NANOS));
        assertTrue(lease.isLostAt(opened + TTL_NANOS + 1));
    }

    @Test
    void aConfirmedKeepAliveMovesTheDeadlineToItsStartPlusTheTtl() {
        long started = opened + THIRD;

        assertEquals(KeepAliveOutcome.CONFIRMED, lease.answered(started, started + 1_000, 0));

        assertFalse(lease.isLostAt(started + TTL_NANOS));
        assertTrue(lease.isLostAt(started + TTL_NANOS + 1));
    }

    @Test
    void failingKeepAlivesRetryWhileTheTtlLastsThenLoseTheSession() {
        assertEquals(KeepAliveOutcome.RETRY, lease.failed(opened + THIRD));
        assertEquals(KeepAliveOutcome.RETRY, lease.failed(opened + 2 * THIRD));
        assertEquals(KeepAliveOutcome.RETRY, lease.failed(opened + TTL_NANOS));
        assertFalse(lease.isLost());

        assertEquals(KeepAliveOutcome.LOST, lease.failed(opened + TTL_NANOS + 1));
        assertTrue(lease.lossReasonAt(opened).contains("TTL of 3000 ms ran out without a confirmed keep-alive"));
    }

    @Test
    void theMasterEndingTheSessionLosesItAtOnce() {
        assertEquals(KeepAliveOutcome.LOST, lease.answered(opened, opened + 1, -1));

        assertTrue(lease.isLostAt(opened + 1));
        assertTrue(lease.lossReasonAt(opened).startsWith("session node-a/s1 lost: the master ended it"));
    }

    @Test
    void anAnswerArrivingAfterTheTtlRanOutDoesNotReviveTheSession() {
        long started = opened + THIRD;

        assertEquals(KeepAliveOutcome.LOST, lease.answered(started, opened + TTL_NANOS + 1, 0));

        assertTrue(lease.isLostAt(started + 1));
        assertEquals(KeepAliveOutcome.LOST, lease.failed(opened));
    }

    @Test
    void aGrowingForceRemovalCountIsReportedOnceSoTheNodeChecksItsHolds() {
        assertEquals(KeepAliveOutcome.CONFIRMED_SOME_LOCKS_REMOVED, lease.answered(opened, opened, 2));
        assertEquals(KeepAliveOutcome.CONFIRMED, lease.answered(opened, opened, 2));
        assertEquals(KeepAliveOutcome.CONFIRMED_SOME_LOCKS_REMOVED, lease.answered(opened, opened, 3));
    }

    @Test
    void theClockWithoutATimeArgumentIsTheInjectedOne() {
        clock.set(opened + TTL_NANOS + 1);

        assertTrue(lease.isLost());
    }
}
