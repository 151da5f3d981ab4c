package io.lockfacade.group.state;

import io.lockfacade.server.table.LockKey;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ReplicatedLockTableTest {

    private static final long T0 = 1_700_000_000_000L;
    private static final long LEASE = 1_000;

    private final ReplicatedLockTable table = new ReplicatedLockTable();
    private long index;

    private Reply apply(Command command) {
        return table.apply(command, ++index).outcome();
    }

    private static Command tryLock(long time, String key, String owner) {
        return Command.onLock(Command.Kind.TRY_LOCK, time, "t", key, owner, LEASE);
    }

    @Test
    void grantTokenIsTheLogIndexOfTheGrantingEntry() {
        apply(Command.onTable(Command.Kind.TERM_START, T0));
        Reply grant = apply(tryLock(T0, "k", "a"));
        assertEquals(Reply.Kind.GRANTED, grant.kind());
        assertEquals(index, grant.value());
    }

    @Test
    void ownerAskingAgainGetsTheSameTokenAndAnotherOwnerIsBusy() {
        long token = apply(tryLock(T0, "k", "a")).value();
        apply(tryLock(T0, "other", "b"));
        Reply again = apply(tryLock(T0 + 10, "k", "a"));
        assertEquals(token, again.value());
        assertEquals(2, again.sequence());
        assertEquals(Reply.Kind.BUSY, apply(tryLock(T0 + 10, "k", "b")).kind());
    }

    @Test
    void unlockByAnotherOwnerChangesNothing() {
        apply(tryLock(T0, "k", "a"));
        TableImage before = table.image();
        assertFalse(apply(Command.onLock(Command.Kind.UNLOCK, T0, "t", "k", "b", 0)).yes());
        assertEquals(before, table.image());
    }

    @Test
    void anExpiredLeaseIsFreeToTheNextCallerWithAHigherToken() {
        long first = apply(tryLock(T0, "k", "a")).value();
        Reply second = apply(tryLock(T0 + LEASE, "k", "b"));
        assertEquals(Reply.Kind.GRANTED, second.kind());
        assertTrue(second.value() > first);
    }

    @Test
    void timeNeverGoesBackEvenWhenAnEntryCarriesAnOlderTime() {
        apply(tryLock(T0 + LEASE, "k", "a"));
        apply(tryLock(T0, "x", "a")); // proposed earlier, appended later
        assertEquals(T0 + LEASE, table.clock());
        assertEquals(Reply.Kind.GRANTED, apply(tryLock(T0 + 2 * LEASE, "k", "b")).kind());
    }

    @Test
    void expireDueFreesLeasesAndSessionsWhoseTimeIsOver() {
        apply(tryLock(T0, "k", "a"));
        apply(Command.onSession(Command.Kind.OPEN_SESSION, T0, "s", LEASE));
        apply(new Command(Command.Kind.TRY_LOCK_IN_SESSION, T0, "t", "s1", "a", "s", 0, 0));
        assertTrue(table.hasDue(T0 + LEASE));
        Applied expired = table.apply(Command.onTable(Command.Kind.EXPIRE_DUE, T0 + LEASE), ++index);
        assertEquals(2, expired.outcome().value());
        assertTrue(expired.freed().containsAll(List.of(new LockKey("t", "k"), new LockKey("t", "s1"))));
        assertTrue(table.isTypeEmpty("t"));
        assertEquals(-1, apply(Command.onSession(Command.Kind.KEEP_ALIVE_SESSION, T0 + LEASE, "s", 0)).value());
    }

    @Test
    void termStartExtendsEverySessionAndLeaseByItsOwnLength() {
        apply(tryLock(T0, "k", "a"));
        apply(Command.onSession(Command.Kind.OPEN_SESSION, T0, "s", LEASE));
        apply(Command.onTable(Command.Kind.TERM_START, T0 + LEASE - 1));
        assertFalse(table.hasDue(T0 + 2 * LEASE - 2));
        assertEquals(0, apply(Command.onSession(Command.Kind.KEEP_ALIVE_SESSION, T0 + 2 * LEASE - 2, "s", 0))
                .value());
        assertEquals("a", table.holder(new LockKey("t", "k")));
    }

    @Test
    void sessionLockEndsWithItsSessionAndForceRemovalIsCounted() {
        apply(Command.onSession(Command.Kind.OPEN_SESSION, T0, "s", LEASE));
        long token = apply(new Command(Command.Kind.TRY_LOCK_IN_SESSION, T0, "t", "k", "a", "s", 0, 0)).value();
        apply(new Command(Command.Kind.TRY_LOCK_IN_SESSION, T0, "t", "k2", "a", "s", 0, 0));
        assertTrue(apply(Command.onLock(Command.Kind.FORCE_REMOVE, T0, "t", "k", null, 0).expecting(token)).yes());
        assertEquals(1, apply(Command.onSession(Command.Kind.KEEP_ALIVE_SESSION, T0, "s", 0)).value());
        Applied closed = table.apply(Command.onSession(Command.Kind.CLOSE_SESSION, T0, "s", 0), ++index);
        assertTrue(closed.outcome().yes());
        assertEquals(List.of(new LockKey("t", "k2")), closed.freed());
        assertEquals(Reply.Kind.SESSION_ENDED,
                apply(new Command(Command.Kind.TRY_LOCK_IN_SESSION, T0, "t", "k", "a", "s", 0, 0)).kind());
    }

    @Test
    void releaseOfAnUndeliveredGrantSparesAGrantHandedOutAgain() {
        Reply first = apply(tryLock(T0, "k", "a"));
        apply(tryLock(T0, "k", "a"));
        Command undelivered = Command.onLock(Command.Kind.RELEASE_UNDELIVERED, T0, "t", "k", "a", first.sequence())
                .expecting(first.value());
        assertFalse(apply(undelivered).yes());
        assertEquals("a", table.holder(new LockKey("t", "k")));
    }

    @Test
    void anUndeliveredOriginalSparesTheGrantItsRetryOvertookAndDelivered() {
        Reply retryDelivered = apply(tryLock(T0, "k", "a"));
        Reply originalLost = apply(tryLock(T0, "k", "a"));
        Command undelivered = Command.onLock(Command.Kind.RELEASE_UNDELIVERED, T0, "t", "k", "a",
                originalLost.sequence()).expecting(originalLost.value());

        assertFalse(apply(undelivered).yes());
        assertEquals("a", table.holder(new LockKey("t", "k")));
        Command retryUndelivered = Command.onLock(Command.Kind.RELEASE_UNDELIVERED, T0, "t", "k", "a",
                retryDelivered.sequence()).expecting(retryDelivered.value());
        assertTrue(apply(retryUndelivered).yes());
    }

    @Test
    void aSnapshotPlusTheRestOfTheLogEqualsTheLiveTable() throws IOException {
        List<Command> log = RandomCommands.log(new Random(42), 4_000);
        for (int cut : new int[] {1, log.size() / 3, log.size() / 2, log.size() - 1}) {
            ReplicatedLockTable live = new ReplicatedLockTable();
            for (int i = 0; i < cut; i++) {
                live.apply(log.get(i), i + 1);
            }
            ReplicatedLockTable replayed = new ReplicatedLockTable();
            replayed.restore(roundTrip(live.image()));
            for (int i = cut; i < log.size(); i++) {
                Applied expected = live.apply(log.get(i), i + 1);
                Applied actual = replayed.apply(log.get(i), i + 1);
                String entry = "entry " + (i + 1) + " after a snapshot at " + cut;
                assertEquals(expected.outcome(), actual.outcome(), entry);
                // Both free the same locks; an expiry entry may visit them in another order.
                assertEquals(Set.copyOf(expected.freed()), Set.copyOf(actual.freed()), entry);
                assertEquals(expected.answered(), actual.answered(), entry);
                // The live table may still hold the visit of a session closed before the snapshot (a visit that
                // only re-checks); the replayed one never needs a visit the live one lacks.
                if (replayed.hasDue(log.get(i).time())) {
                    assertTrue(live.hasDue(log.get(i).time()), entry);
                }
            }
            assertEquals(live.image(), replayed.image());
            assertNotEquals(0, live.size());
        }
    }

    @Test
    void twoTablesFedTheSameEntriesGiveTheSameAnswersAndEndEqual() {
        for (long seed : new long[] {1, 7, 2026}) {
            List<Command> log = RandomCommands.log(new Random(seed), 4_000);
            ReplicatedLockTable one = new ReplicatedLockTable();
            ReplicatedLockTable two = new ReplicatedLockTable();
            List<Reply.Kind> kinds = new ArrayList<>();
            for (int i = 0; i < log.size(); i++) {
                Applied applied = one.apply(log.get(i), i + 1);
                assertEquals(applied, two.apply(log.get(i), i + 1), "entry " + (i + 1));
                kinds.add(applied.outcome().kind());
            }
            assertEquals(one.image(), two.image());
            assertTrue(kinds.containsAll(List.of(Reply.Kind.values())), "every kind of answer seen: " + kinds);
        }
    }

    @Test
    void tokensStayAtLeastTheLogIndexAndRiseEvenWhenOneEntryGrantsTwice() throws IOException {
        assertEquals(5, table.apply(tryLock(T0, "a", "o"), 5).outcome().value());
        // Two grants carried by one entry (a batch): the second still gets a higher token.
        assertEquals(6, table.apply(tryLock(T0, "b", "o"), 6).outcome().value());
        assertEquals(7, table.apply(tryLock(T0, "c", "o"), 6).outcome().value());
        assertEquals(8, table.apply(tryLock(T0, "d", "o"), 7).outcome().value());

        ReplicatedLockTable restored = new ReplicatedLockTable();
        restored.restore(roundTrip(table.image()));
        assertEquals(9, restored.apply(tryLock(T0, "e", "o"), 8).outcome().value());
        assertEquals(40, restored.apply(tryLock(T0, "f", "o"), 40).outcome().value());
    }

    @Test
    void anExpiryEntryFreesExactlyWhatRanOutByItsTime() {
        long tick = ReplicatedLockTable.EXPIRY_TICK.toMillis();
        long start = T0 - T0 % tick + 5; // the lease ends a few milliseconds into a tick
        apply(tryLock(start, "k", "a"));
        long end = start + LEASE;
        long endOfItsTick = end - 5 + tick;

        assertFalse(table.hasDue(endOfItsTick - 1));
        assertEquals(0, table.apply(Command.onTable(Command.Kind.EXPIRE_DUE, end - 1), ++index).outcome().value());
        assertEquals("a", table.holder(new LockKey("t", "k")));
        assertTrue(table.hasDue(end), "visited early, found alive: due again at once");
        Applied expired = table.apply(Command.onTable(Command.Kind.EXPIRE_DUE, end), ++index);
        assertEquals(1, expired.outcome().value());
        assertEquals(List.of(new LockKey("t", "k")), expired.freed());
        assertFalse(table.hasDue(endOfItsTick + tick));
    }

    @Test
    void anUnlockOrAKeepAliveLeavesNoExpiryEntryToPropose() {
        apply(tryLock(T0, "k", "a"));
        apply(Command.onSession(Command.Kind.OPEN_SESSION, T0, "s", LEASE));
        apply(Command.onLock(Command.Kind.UNLOCK, T0 + 1, "t", "k", "a", 0));
        apply(Command.onSession(Command.Kind.KEEP_ALIVE_SESSION, T0 + LEASE / 2, "s", 0));

        assertFalse(table.hasDue(T0 + LEASE + LEASE / 4), "nothing ends before the session's new end");
        assertTrue(table.hasDue(T0 + 2 * LEASE));
    }

    @Test
    void termStartRevivesWhatRanOutWhileTheGroupWasDownButNotASessionThatLostALock() {
        apply(tryLock(T0, "k", "a"));
        apply(Command.onSession(Command.Kind.OPEN_SESSION, T0, "whole", LEASE));
        apply(new Command(Command.Kind.TRY_LOCK_IN_SESSION, T0, "t", "w1", "a", "whole", 0, 0));
        apply(Command.onSession(Command.Kind.OPEN_SESSION, T0, "short", LEASE));
        apply(new Command(Command.Kind.TRY_LOCK_IN_SESSION, T0, "t", "s1", "a", "short", 0, 0));
        apply(new Command(Command.Kind.TRY_LOCK_IN_SESSION, T0, "t", "s2", "a", "short", 0, 0));
        // The session's time runs out; an access frees one of its locks, and the session ends with the other.
        Applied taken = table.apply(tryLock(T0 + LEASE, "s1", "b"), ++index);
        assertEquals(Reply.Kind.GRANTED, taken.outcome().kind());
        assertEquals(Set.of(new LockKey("t", "s1"), new LockKey("t", "s2")), Set.copyOf(taken.freed()));

        assertEquals(3, apply(Command.onTable(Command.Kind.TERM_START, T0 + 3 * LEASE)).value()); // whole, k, s1

        assertEquals("a", table.holder(new LockKey("t", "k")));
        assertEquals("a", table.holder(new LockKey("t", "w1")));
        assertEquals(0, apply(Command.onSession(Command.Kind.KEEP_ALIVE_SESSION, T0 + 3 * LEASE, "whole", 0))
                .value());
        assertEquals(-1, apply(Command.onSession(Command.Kind.KEEP_ALIVE_SESSION, T0 + 3 * LEASE, "short", 0))
                .value());
        assertNull(table.holder(new LockKey("t", "s2")));
    }

    @Test
    void aBusyLockNeverQueuesAWaiterInTheTable() {
        apply(tryLock(T0, "k", "a"));
        assertEquals(Reply.Kind.BUSY, apply(tryLock(T0, "k", "b")).kind());
        Applied released = table.apply(Command.onLock(Command.Kind.UNLOCK, T0, "t", "k", "a", 0), ++index);
        assertEquals(List.of(new LockKey("t", "k")), released.freed());
        assertNull(table.holder(new LockKey("t", "k")));
        assertTrue(table.image().table().locks().isEmpty());
    }

    @Test
    void aSnapshotOfTheFirstFormatIsReadWithItsLocksSessionsAndTokens() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(1);
            out.writeLong(T0);
            out.writeInt(1);
            out.writeUTF("s");
            out.writeLong(LEASE);
            out.writeLong(T0 + LEASE);
            out.writeLong(2);
            out.writeInt(2);
            writeFirstFormatLock(out, "k", "a", 7, null, T0 + LEASE);
            writeFirstFormatLock(out, "k2", "b", 9, "s", 0);
        }
        table.restore(TableImage.read(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray()))));

        assertEquals(T0, table.clock());
        assertEquals(7, apply(tryLock(T0, "k", "a")).value());
        assertEquals(Reply.Kind.BUSY, apply(tryLock(T0, "k2", "a")).kind());
        assertEquals(2, apply(Command.onSession(Command.Kind.KEEP_ALIVE_SESSION, T0, "s", 0)).value());
        assertEquals(10, table.apply(tryLock(T0, "new", "c"), 3).outcome().value());
        Applied expired = table.apply(Command.onTable(Command.Kind.EXPIRE_DUE, T0 + 3 * LEASE), 11);
        assertEquals(new LockKey("t", "k2"), expired.freed().get(0), "sessions expire first");
        assertEquals(Set.of(new LockKey("t", "k2"), new LockKey("t", "k"), new LockKey("t", "new")),
                Set.copyOf(expired.freed()));
    }

    private static void writeFirstFormatLock(DataOutputStream out, String key, String owner, long token,
                                             String sessionId, long expiresAt) throws IOException {
        out.writeUTF("t");
        out.writeUTF(key);
        out.writeUTF(owner);
        out.writeLong(token);
        out.writeLong(T0);
        out.writeBoolean(sessionId != null);
        if (sessionId != null) {
            out.writeUTF(sessionId);
        }
        out.writeLong(LEASE);
        out.writeLong(expiresAt);
        out.writeInt(1);
    }

    @Test
    void commandsAndOutcomesSurviveTheirEncoding() {
        Command command = new Command(Command.Kind.TRY_LOCK_IN_SESSION, T0, "t", "k", "o", "s", 5, 7);
        assertEquals(command, Command.decode(command.encode()));
        Reply outcome = Reply.granted(12, 34, 5);
        assertEquals(outcome, Reply.decode(outcome.encode()));
    }

    private static TableImage roundTrip(TableImage image) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            image.write(out);
        }
        return TableImage.read(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())));
    }
}
