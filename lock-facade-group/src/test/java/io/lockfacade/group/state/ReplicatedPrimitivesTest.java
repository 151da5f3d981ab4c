package io.lockfacade.group.state;

import io.lockfacade.server.table.Effects;
import io.lockfacade.server.table.LockKey;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Read-write locks, semaphores and leaderships in the replicated table: the machine's own transitions driven by log
 * entries, calls parked in the table's lines and answered by later entries, reads, term starts and snapshots.
 */
class ReplicatedPrimitivesTest {

    private static final long T0 = 1_700_000_000_000L;
    private static final long TTL = 1_000;

    private final ReplicatedLockTable table = new ReplicatedLockTable();
    private long index;

    private Applied apply(Command command) {
        return table.apply(command, ++index);
    }

    private Reply reply(Command command) {
        return apply(command).outcome();
    }

    private static Command open(String session) {
        return Command.onSession(Command.Kind.OPEN_SESSION, T0, session, TTL);
    }

    private static Command lock(Command.Kind kind, String owner, String session, long waiterId) {
        return new Command(kind, T0, "t", "k", owner, session, 0, waiterId);
    }

    private static Command unlock(Command.Kind kind, String owner) {
        return new Command(kind, T0, "t", "k", owner, null, 0, 0);
    }

    @Test
    void aWaitingWriterParksInTheTableAndLaterReadersQueueBehindIt() {
        reply(open("a"));
        reply(open("w"));
        reply(open("b"));
        Reply read = reply(lock(Command.Kind.READ_LOCK, "alice", "a", 0));
        assertEquals(Reply.Kind.GRANTED, read.kind());
        assertEquals(Reply.Kind.PARKED, reply(lock(Command.Kind.WRITE_LOCK, "writer", "w", 11)).kind());
        assertEquals(Reply.Kind.BUSY, reply(lock(Command.Kind.READ_LOCK, "bob", "b", 0)).kind(),
                "a new reader queues behind the waiting writer");

        Applied released = apply(unlock(Command.Kind.UNLOCK_READ, "alice"));

        assertTrue(released.outcome().yes());
        Effects.Handover handover = released.answered().get(0);
        assertEquals(11, handover.waiter().id());
        assertEquals("writer", handover.handout().grant().getOwner());
        assertTrue(handover.handout().grant().getFencingToken() > read.value());
    }

    @Test
    void anUpgradeIsRefusedWithTheTablesReasonAndChangesNothing() {
        reply(open("a"));
        Reply read = reply(lock(Command.Kind.READ_LOCK, "alice", "a", 0));

        Reply refused = reply(lock(Command.Kind.WRITE_LOCK, "alice", "a", 5));

        assertEquals(Reply.Kind.REFUSED, refused.kind());
        assertTrue(refused.reason().contains("alice"), refused.reason());
        assertEquals(refused, Reply.decode(refused.encode()));
        assertEquals(Reply.refused(""), Reply.decode(Reply.refused("").encode()));
        assertEquals(read.value(), reply(lock(Command.Kind.READ_LOCK, "alice", "a", 0)).value());
    }

    @Test
    void semaphorePermitsAreServedInOrderAndReadThroughAQuery() {
        reply(open("s"));
        Command first = Command.acquirePermits(T0, "t", "k", "h1", 2, 3, "s", 0);
        assertEquals(first, Command.decode(first.encode()));
        assertEquals(2, first.permits());
        assertEquals(3, first.capacity());
        assertEquals(Reply.Kind.GRANTED, reply(first).kind());
        assertEquals(Reply.Kind.PARKED, reply(Command.acquirePermits(T0, "t", "k", "h2", 2, 3, "s", 21)).kind());
        assertEquals(Reply.Kind.PARKED, reply(Command.acquirePermits(T0, "t", "k", "h3", 1, 3, "s", 22)).kind(),
                "one permit is free, but the call for two came first");
        assertEquals(1, table.answer(permits()).value());

        Applied released = apply(new Command(Command.Kind.RELEASE_PERMITS, T0, "t", "k", "h1", null, 0, 0));

        assertEquals(List.of(21L, 22L), released.answered().stream().map(h -> h.waiter().id()).toList());
        assertEquals(0, table.answer(permits()).value());
        assertTrue(reply(new Command(Command.Kind.SET_CAPACITY, T0, "t", "k", null, null, 5, 0)).yes());
        assertEquals(2, table.answer(permits()).value());
        assertEquals(-1, table.answer(new PrimitiveQuery(PrimitiveQuery.Kind.AVAILABLE_PERMITS, T0, "t", "none",
                null)).value());
    }

    @Test
    void aLeadershipEpochIsReadAtTheQuerysTimeAndASessionEndElectsTheNext() {
        reply(open("a"));
        reply(open("b"));
        Reply elected = reply(new Command(Command.Kind.JOIN_LEADERSHIP, T0, "leadership", "jobs", "alice", "a", 0, 0));
        assertEquals(Reply.Kind.PARKED, reply(new Command(Command.Kind.JOIN_LEADERSHIP, T0, "leadership", "jobs",
                "bob", "b", 0, 31)).kind());
        assertEquals(epoch("bob", T0), PrimitiveQuery.decode(epoch("bob", T0).encode()));
        assertEquals(elected.value(), table.answer(epoch("alice", T0)).value());
        assertEquals(0, table.answer(epoch("bob", T0)).value());
        reply(Command.onSession(Command.Kind.KEEP_ALIVE_SESSION, T0 + TTL / 2, "b", 0));
        assertEquals(-1, table.answer(epoch("alice", T0 + TTL + 1)).value(),
                "a participant whose session ran out by the query's time does not take part");

        Applied expired = apply(Command.onTable(Command.Kind.EXPIRE_DUE, T0 + TTL + 50));

        Effects.Handover next = expired.answered().get(0);
        assertEquals(31, next.waiter().id());
        assertTrue(next.handout().grant().getFencingToken() > elected.value());
    }

    @Test
    void aTermStartDropsThePlacesInLineOfTheOldLeadersCalls() {
        reply(open("a"));
        reply(open("w"));
        reply(lock(Command.Kind.READ_LOCK, "alice", "a", 0));
        reply(lock(Command.Kind.WRITE_LOCK, "writer", "w", 41));

        apply(Command.onTable(Command.Kind.TERM_START, T0 + 10));

        assertTrue(table.image().table().primitives().readWriteLocks().get(0).line().isEmpty());
        Applied released = apply(unlock(Command.Kind.UNLOCK_READ, "alice"));
        assertTrue(released.answered().isEmpty(), "no call of the old leader is answered");
    }

    @Test
    void anUndeliveredPrimitiveGrantIsReleasedByTheLocksCommand() {
        reply(open("a"));
        Reply write = reply(lock(Command.Kind.WRITE_LOCK, "alice", "a", 0));

        Reply released = reply(Command.onLock(Command.Kind.RELEASE_UNDELIVERED, T0, "t", "k", "alice",
                write.sequence()).expecting(write.value()));

        assertTrue(released.yes());
        assertEquals(Reply.Kind.GRANTED, reply(lock(Command.Kind.WRITE_LOCK, "bob", "a", 0)).kind());
    }

    @Test
    void aSnapshotKeepsGrantsParticipantsAndLinesAndTheReplayAnswersAlike() throws IOException {
        reply(open("a"));
        reply(open("b"));
        reply(lock(Command.Kind.READ_LOCK, "alice", "a", 0));
        reply(lock(Command.Kind.WRITE_LOCK, "bob", "b", 51));
        reply(Command.acquirePermits(T0, "t", "k", "h", 1, 1, "a", 0));
        reply(Command.acquirePermits(T0, "t", "k", "h2", 1, 1, "b", 52));
        reply(new Command(Command.Kind.JOIN_LEADERSHIP, T0, "leadership", "jobs", "alice", "a", 0, 0));
        reply(new Command(Command.Kind.JOIN_LEADERSHIP, T0, "leadership", "jobs", "bob", "b", 0, 53));

        ReplicatedLockTable restored = new ReplicatedLockTable();
        restored.restore(roundTrip(table.image()));

        assertEquals(table.image(), restored.image());
        Command leave = new Command(Command.Kind.LEAVE_LEADERSHIP, T0, "leadership", "jobs", "alice", null, 0, 0);
        Applied live = table.apply(leave, 100);
        assertEquals(live, restored.apply(leave, 100));
        assertEquals(53, live.answered().get(0).waiter().id());
    }

    @Test
    void aSnapshotOfTheSecondFormatIsReadWithItsLocksAndNoPrimitives() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(2);
            out.writeLong(T0);
            out.writeLong(9); // last token
            out.writeLong(4); // grant count
            out.writeInt(1);
            out.writeUTF("s");
            out.writeLong(TTL);
            out.writeInt(1);
            out.writeLong(T0 * 1_000_000);
            out.writeLong((T0 + TTL) * 1_000_000);
            out.writeLong(0);
            out.writeInt(1);
            out.writeUTF("t");
            out.writeUTF("k");
            out.writeUTF("alice");
            out.writeLong(9);
            out.writeLong(T0 * 1_000_000);
            out.writeLong(TTL);
            out.writeLong(0);
            out.writeInt(1);
            out.writeBoolean(true);
            out.writeUTF("s");
            out.writeInt(0);
        }

        table.restore(TableImage.read(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray()))));

        assertEquals("alice", table.holder(new LockKey("t", "k")));
        assertTrue(table.image().table().primitives().readWriteLocks().isEmpty());
        assertEquals(10, reply(lock(Command.Kind.WRITE_LOCK, "bob", "s", 0)).value(), "tokens go on from the last");
        assertEquals("bob", table.image().table().primitives().readWriteLocks().get(0).writer().owner());
    }

    private static PrimitiveQuery permits() {
        return new PrimitiveQuery(PrimitiveQuery.Kind.AVAILABLE_PERMITS, T0, "t", "k", null);
    }

    private static PrimitiveQuery epoch(String participant, long time) {
        return new PrimitiveQuery(PrimitiveQuery.Kind.LEADERSHIP_EPOCH, time, null, "jobs", participant);
    }

    private static TableImage roundTrip(TableImage image) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            image.write(out);
        }
        return TableImage.read(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())));
    }
}
