package io.lockfacade.group.state;

import io.lockfacade.server.service.LiveSessions;
import io.lockfacade.server.service.LiveTable;
import io.lockfacade.server.service.LockEvents;
import io.lockfacade.server.service.MasterClocks;
import io.lockfacade.server.service.MasterSettings;
import io.lockfacade.server.table.LockKey;
import io.lockfacade.server.table.LockMachine;
import org.junit.jupiter.api.Test;

import java.lang.ref.Reference;
import java.util.Locale;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static io.lockfacade.server.testing.HeapMeter.GRANTS_PER_MILLI;
import static io.lockfacade.server.testing.HeapMeter.LEASE_MILLIS;
import static io.lockfacade.server.testing.HeapMeter.OWNERS;
import static io.lockfacade.server.testing.HeapMeter.settledHeap;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A group member's memory per held lock (its replicated table with the expiry index) is at most twice the single
 * master's (its live table with its expiry schedule), both measured in this JVM the same way: the difference of
 * the heap in use after full GCs between an empty and a full table, filled like the benchmark's S5 (see
 * {@link io.lockfacade.server.testing.HeapMeter}). Skipped when GC does not settle.
 */
class GroupHeapPerLockTest {

    /** The target: a member holds a lock in at most twice the single master's memory. */
    private static final double MAX_RATIO = 2.0;
    private static final int LOCKS = 100_000;
    private static final String TYPE = "heap";
    private static final String SESSION = "heap-session";
    private static final long START_MILLIS = 1_700_000_000_000L;

    @Test
    void aGroupLockUnderASessionCostsAtMostTwiceTheSingleMasters() throws InterruptedException {
        assertRatio(true);
    }

    @Test
    void aGroupLockWithALeaseOfItsOwnCostsAtMostTwiceTheSingleMasters() throws InterruptedException {
        assertRatio(false);
    }

    private void assertRatio(boolean underSession) throws InterruptedException {
        double single = singleMasterBytesPerLock(underSession);
        double member = memberBytesPerLock(underSession);
        String kind = underSession ? "session" : "own lease";
        System.out.printf(Locale.ROOT, "heap per held lock (%s): group member %.1f B, single master %.1f B, "
                + "ratio %.2f%n", kind, member, single, member / single);
        assertTrue(member <= MAX_RATIO * single, String.format(Locale.ROOT,
                "%s: %.1f B per lock on a member, %.1f B on the single master", kind, member, single));
    }

    private double singleMasterBytesPerLock(boolean underSession) throws InterruptedException {
        AtomicLong nanos = new AtomicLong(TimeUnit.MILLISECONDS.toNanos(START_MILLIS));
        ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1);
        try {
            MasterClocks clocks = new MasterClocks(nanos::get, () -> TimeUnit.NANOSECONDS.toMillis(nanos.get()),
                    () -> TimeUnit.NANOSECONDS.toMicros(nanos.get()));
            LiveTable table = new LiveTable(new LockMachine(), clocks, MasterSettings.DEFAULT_EXPIRY_TICK, timer,
                    LockEvents.NONE);
            String sessionId = null;
            if (underSession) {
                sessionId = SESSION;
                new LiveSessions(table).open(sessionId, LEASE_MILLIS);
            }
            table.acquire(new LockKey(TYPE, "warm"), "filler-0", LEASE_MILLIS, sessionId, 0).join();
            long empty = settledHeap();
            for (int i = 0; i < LOCKS; i++) {
                table.acquire(new LockKey(TYPE, "f" + i), "filler-" + (i % OWNERS), LEASE_MILLIS, sessionId, 0).join();
                if (i % GRANTS_PER_MILLI == 0) {
                    nanos.addAndGet(TimeUnit.MILLISECONDS.toNanos(1));
                }
            }
            long full = settledHeap();
            assertEquals(LOCKS + 1, table.size(), "every lock held");
            Reference.reachabilityFence(table);
            return (double) (full - empty) / LOCKS;
        } finally {
            timer.shutdownNow();
        }
    }

    private double memberBytesPerLock(boolean underSession) throws InterruptedException {
        ReplicatedLockTable table = new ReplicatedLockTable();
        long index = 0;
        long time = START_MILLIS;
        String sessionId = underSession ? SESSION : null;
        if (underSession) {
            table.apply(Command.onSession(Command.Kind.OPEN_SESSION, time, SESSION, LEASE_MILLIS), ++index);
        }
        table.apply(acquire(time, "warm", "filler-0", sessionId), ++index);
        long empty = settledHeap();
        for (int i = 0; i < LOCKS; i++) {
            Reply granted = table.apply(acquire(time, "f" + i, "filler-" + (i % OWNERS), sessionId), ++index)
                    .outcome();
            assertEquals(Reply.Kind.GRANTED, granted.kind());
            if (i % GRANTS_PER_MILLI == 0) {
                time++;
            }
        }
        long full = settledHeap();
        assertEquals(LOCKS + 1, table.size(), "every lock held");
        Reference.reachabilityFence(table);
        return (double) (full - empty) / LOCKS;
    }

    private static Command acquire(long time, String key, String owner, String sessionId) {
        return sessionId == null ? Command.onLock(Command.Kind.TRY_LOCK, time, TYPE, key, owner, LEASE_MILLIS)
                : new Command(Command.Kind.TRY_LOCK_IN_SESSION, time, TYPE, key, owner, sessionId, 0, 0);
    }
}
