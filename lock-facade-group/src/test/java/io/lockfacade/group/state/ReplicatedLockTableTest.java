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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ReplicatedLockTableTest {

    private static final long T0 = 1_700_000_000_000L;
    private static final long LEASE = 1_000;

    private final ReplicatedLockTable table = new ReplicatedLockTable();
    private long index;

    private Outcome apply(Command command) {
        return table.apply(command, ++index).outcome();
    }

    private static Command tryLock(long time, String key, String owner) {
        return Command.onLock(Command.Kind.TRY_LOCK, time, "t", key, owner, LEASE);
    }

    @Test
    void grantTokenIsTheLogIndexOfTheGrantingEntry() {
        apply(Command.onTable(Command.Kind.TERM_START, T0));
        Outcome grant = apply(tryLock(T0, "k", "a"));
        assertEquals(Outcome.Kind.GRANTED, grant.kind());
        assertEquals(index, grant.value());
    }

    @Test
    void ownerAskingAgainGetsTheSameTokenAndAnotherOwnerIsBusy() {
        long token = apply(tryLock(T0, "k", "a")).value();
        apply(tryLock(T0, "other", "b"));
        Outcome again = apply(tryLock(T0 + 10, "k", "a"));
        assertEquals(token, again.value());
        assertEquals(2, again.sequence());
        assertEquals(Outcome.Kind.BUSY, apply(tryLock(T0 + 10, "k", "b")).kind());
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
        Outcome second = apply(tryLock(T0 + LEASE, "k", "b"));
        assertEquals(Outcome.Kind.GRANTED, second.kind());
        assertTrue(second.value() > first);
    }

    @Test
    void timeNeverGoesBackEvenWhenAnEntryCarriesAnOlderTime() {
        apply(tryLock(T0 + LEASE, "k", "a"));
        apply(tryLock(T0, "x", "a")); // proposed earlier, appended later
        assertEquals(T0 + LEASE, table.clock());
        assertEquals(Outcome.Kind.GRANTED, apply(tryLock(T0 + 2 * LEASE, "k", "b")).kind());
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
        assertEquals("a", table.holder(new LockKey("t", "k"), T0 + 2 * LEASE - 2));
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
        assertEquals(Outcome.Kind.SESSION_ENDED,
                apply(new Command(Command.Kind.TRY_LOCK_IN_SESSION, T0, "t", "k", "a", "s", 0, 0)).kind());
    }

    @Test
    void releaseOfAnUndeliveredGrantSparesAGrantHandedOutAgain() {
        Outcome first = apply(tryLock(T0, "k", "a"));
        apply(tryLock(T0, "k", "a"));
        Command undelivered = Command.onLock(Command.Kind.RELEASE_UNDELIVERED, T0, "t", "k", "a", first.sequence())
                .expecting(first.value());
        assertFalse(apply(undelivered).yes());
        assertEquals("a", table.holder(new LockKey("t", "k"), T0));
    }

    @Test
    void anUndeliveredOriginalSparesTheGrantItsRetryOvertookAndDelivered() {
        Outcome retryDelivered = apply(tryLock(T0, "k", "a"));
        Outcome originalLost = apply(tryLock(T0, "k", "a"));
        Command undelivered = Command.onLock(Command.Kind.RELEASE_UNDELIVERED, T0, "t", "k", "a",
                originalLost.sequence()).expecting(originalLost.value());

        assertFalse(apply(undelivered).yes());
        assertEquals("a", table.holder(new LockKey("t", "k"), T0));
        Command retryUndelivered = Command.onLock(Command.Kind.RELEASE_UNDELIVERED, T0, "t", "k", "a",
                retryDelivered.sequence()).expecting(retryDelivered.value());
        assertTrue(apply(retryUndelivered).yes());
    }

    @Test
    void aSnapshotPlusTheRestOfTheLogEqualsTheLiveTable() throws IOException {
        List<Command> log = randomLog(new Random(42), 2_000);
        ReplicatedLockTable live = new ReplicatedLockTable();
        ReplicatedLockTable replayed = new ReplicatedLockTable();
        TableImage snapshot = null;
        for (int i = 0; i < log.size(); i++) {
            live.apply(log.get(i), i + 1);
            if (i == log.size() / 2) {
                snapshot = roundTrip(live.image());
            }
        }
        replayed.restore(snapshot);
        for (int i = log.size() / 2 + 1; i < log.size(); i++) {
            replayed.apply(log.get(i), i + 1);
        }
        assertEquals(live.image(), replayed.image());
        assertNotEquals(0, live.size());
    }

    @Test
    void commandsAndOutcomesSurviveTheirEncoding() {
        Command command = new Command(Command.Kind.TRY_LOCK_IN_SESSION, T0, "t", "k", "o", "s", 5, 7);
        assertEquals(command, Command.decode(command.encode()));
        Outcome outcome = Outcome.granted(12, 34, 5);
        assertEquals(outcome, Outcome.decode(outcome.encode()));
    }

    private static TableImage roundTrip(TableImage image) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            image.write(out);
        }
        return TableImage.read(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())));
    }

    private static List<Command> randomLog(Random random, int size) {
        List<Command> log = new ArrayList<>();
        long time = T0;
        for (int i = 0; i < size; i++) {
            time += random.nextInt(50);
            String key = "k" + random.nextInt(20);
            String owner = "o" + random.nextInt(4);
            String session = "s" + random.nextInt(3);
            log.add(switch (random.nextInt(9)) {
                case 0, 1 -> Command.onLock(Command.Kind.TRY_LOCK, time, "t", key, owner, 200 + random.nextInt(800));
                case 2 -> new Command(Command.Kind.TRY_LOCK_IN_SESSION, time, "t", key, owner, session, 0, 0);
                case 3 -> Command.onLock(Command.Kind.UNLOCK, time, "t", key, owner, 0);
                case 4 -> Command.onLock(Command.Kind.RENEW, time, "t", key, owner, 500);
                case 5 -> Command.onSession(Command.Kind.OPEN_SESSION, time, session, 700);
                case 6 -> Command.onSession(Command.Kind.KEEP_ALIVE_SESSION, time, session, 0);
                case 7 -> Command.onTable(Command.Kind.EXPIRE_DUE, time);
                default -> Command.onTable(Command.Kind.TERM_START, time);
            });
        }
        return log;
    }
}
