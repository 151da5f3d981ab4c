package io.lockfacade.webapp.admin;

import io.lockfacade.server.admin.RemovalResult;
import io.lockfacade.server.table.LockInfo;
import io.lockfacade.server.table.LockKey;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** How the admin surface writes owners, times, outcomes and log values, and keeps post-redirect notices. */
class AdminTextsTest {

    private static final LockInfo HELD = new LockInfo("order", "1", "node-a:pool-1-thread-2#31", 17,
            Instant.parse("2026-05-02T10:15:03Z").toEpochMilli(), 9_000, 2);

    @Test
    void ownersSplitAtTheFirstColonIntoNodeAndThread() {
        assertEquals(new OwnerName("node-a", "pool-1-thread-2#31"), OwnerName.parse("node-a:pool-1-thread-2#31"));
        assertEquals(new OwnerName("host", "8080:main#1"), OwnerName.parse("host:8080:main#1"));
        assertEquals(new OwnerName("opaque-owner", ""), OwnerName.parse("opaque-owner"));
        assertEquals(new OwnerName(":x", ""), OwnerName.parse(":x"));
    }

    @Test
    void durationsShowTheirTwoLargestUnits() {
        assertEquals("850 ms", AdminFormats.duration(850));
        assertEquals("42 s", AdminFormats.duration(42_999));
        assertEquals("3 min 07 s", AdminFormats.duration(187_000));
        assertEquals("2 h 05 min", AdminFormats.duration(7_500_000));
        assertEquals("3 d 04 h", AdminFormats.duration(273_600_000));
        assertEquals("0 ms", AdminFormats.duration(-5));
    }

    @Test
    void instantsAreWrittenInUtc() {
        assertEquals("2026-05-02 10:15:03 UTC", AdminFormats.instant(HELD.acquiredAtEpochMillis()));
        assertEquals("2026-05-02T10:15:03Z", AdminFormats.iso(HELD.acquiredAtEpochMillis()));
    }

    @Test
    void aRowCarriesTheSplitOwnerTheAgeAndTheQuestion() {
        LockRowView row = LockRowView.of(HELD, HELD.acquiredAtEpochMillis() + 65_000);
        assertEquals("node-a", row.ownerNode());
        assertEquals("1 min 05 s", row.age());
        assertTrue(row.leaseEndingSoon());
        assertEquals("Remove lock order/1 held by node-a:pool-1-thread-2#31 (token 17)? The oldest of its 2"
                + " waiting client(s) gets it at once. The former holder's next renew or unlock reports the lock as"
                + " lost.", row.question());
    }

    @Test
    void outcomesSayWhatHappened() {
        LockKey key = new LockKey("order", "1");
        LockInfo waiter = new LockInfo("order", "1", "node-b:main#1", 18, 0, 30_000, 1);
        assertEquals(Notice.success("Removed lock order/1 held by node-a:pool-1-thread-2#31 (token 17). Its oldest"
                        + " waiter, node-b:main#1, holds it now (token 18)."),
                RemovalMessages.outcome(new RemovalResult(key, RemovalResult.Outcome.REMOVED, HELD, waiter)));
        assertEquals(Notice.WARNING, RemovalMessages.outcome(
                new RemovalResult(key, RemovalResult.Outcome.NOT_HELD, null, null)).kind());
        assertEquals("Removed 1 lock(s) of type order. 1 of them had waiting clients; the oldest waiter of each"
                + " holds it now.", RemovalMessages.typeOutcome("order", List.of(HELD)).text());
        assertEquals(Notice.WARNING, RemovalMessages.typeOutcome("order", List.of()).kind());
    }

    @Test
    void loggedValuesCannotForgeLines() {
        assertEquals("\"a?b?c\"", LogText.quote("a\nb\rc"));
    }

    @Test
    void noticesAreFoundByTheirIdUntilTheyExpire() {
        AtomicLong millis = new AtomicLong(Instant.parse("2026-05-02T10:00:00Z").toEpochMilli());
        RemovalNotices notices = new RemovalNotices(new Clock() {
            @Override
            public ZoneOffset getZone() {
                return ZoneOffset.UTC;
            }

            @Override
            public Clock withZone(java.time.ZoneId zone) {
                return this;
            }

            @Override
            public Instant instant() {
                return Instant.ofEpochMilli(millis.get());
            }
        });
        String id = notices.put(Notice.success("done"));

        assertEquals("done", notices.find(id).text());
        assertNull(notices.find("unknown"));
        assertNull(notices.find(null));
        millis.addAndGet(RemovalNotices.TIME_TO_LIVE.toMillis() + 1);
        assertNull(notices.find(id));
    }

    @Test
    void theNoticeStoreKeepsOnlyTheNewest() {
        RemovalNotices notices = new RemovalNotices(Clock.systemUTC());
        String first = notices.put(Notice.success("first"));
        for (int i = 0; i < RemovalNotices.CAPACITY; i++) {
            notices.put(Notice.success("n" + i));
        }
        assertNull(notices.find(first));
    }
}
