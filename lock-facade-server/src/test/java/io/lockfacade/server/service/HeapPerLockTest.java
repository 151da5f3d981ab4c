package io.lockfacade.server.service;

import io.lockfacade.server.table.LockKey;
import org.junit.jupiter.api.Test;

import java.lang.ref.Reference;
import java.util.Locale;

import static io.lockfacade.server.testing.HeapMeter.GRANTS_PER_MILLI;
import static io.lockfacade.server.testing.HeapMeter.LEASE_MILLIS;
import static io.lockfacade.server.testing.HeapMeter.OWNERS;
import static io.lockfacade.server.testing.HeapMeter.settledHeap;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The master's memory per held lock, table and expiry indexes and key strings included, stays within the issue's
 * target for both kinds of grant: under a session, and with a lease of its own. Measured as the difference of the
 * heap in use after full GCs between an empty and a full table in the same JVM; skipped when GC does not settle.
 * The locks are filled the way the benchmark's S5 fills them: fresh key strings, a thousand repeating owners, a few
 * hundred grants per millisecond of the (hand-moved) clock.
 */
class HeapPerLockTest {

    /** The target. */
    private static final double MAX_BYTES_PER_LOCK = 200;
    private static final int LOCKS = 200_000;
    private static final String TYPE = "heap";
    private static final String SESSION = "heap-session";

    @Test
    void aLockUnderASessionCostsAtMost200Bytes() throws InterruptedException {
        assertBytesPerLockAtMostTarget(true);
    }

    @Test
    void aLockWithALeaseOfItsOwnCostsAtMost200Bytes() throws InterruptedException {
        assertBytesPerLockAtMostTarget(false);
    }

    private void assertBytesPerLockAtMostTarget(boolean underSession) throws InterruptedException {
        try (LiveTableFixture fixture = new LiveTableFixture()) {
            String sessionId = null;
            if (underSession) {
                sessionId = SESSION;
                fixture.sessions.open(sessionId, LEASE_MILLIS);
            }
            // Warm the table's shared parts (canonical names, counters) so only per-lock memory is measured.
            fixture.grantIn(new LockKey(TYPE, "warm"), "filler-0", LEASE_MILLIS, sessionId);
            long empty = settledHeap();
            for (int i = 0; i < LOCKS; i++) {
                fixture.grantIn(new LockKey(TYPE, "f" + i), "filler-" + (i % OWNERS), LEASE_MILLIS, sessionId);
                if (i % GRANTS_PER_MILLI == 0) {
                    fixture.advanceMillis(1);
                }
            }
            long full = settledHeap();
            assertEquals(LOCKS + 1, fixture.table.size(), "every lock held");
            double perLock = (double) (full - empty) / LOCKS;
            System.out.printf(Locale.ROOT, "heap per held lock (%s): %.1f B%n",
                    underSession ? "session" : "own lease", perLock);
            assertTrue(perLock <= MAX_BYTES_PER_LOCK, String.format(Locale.ROOT,
                    "%.1f B per held lock, target %.0f B", perLock, MAX_BYTES_PER_LOCK));
            assertTrue(fixture.table.describe(new LockKey(TYPE, "f0")).isPresent(), "the table is still live");
            Reference.reachabilityFence(fixture);
        }
    }
}
