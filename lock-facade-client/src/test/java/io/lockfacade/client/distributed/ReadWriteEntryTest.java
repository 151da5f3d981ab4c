package io.lockfacade.client.distributed;

import io.lockfacade.api.LockGrant;
import io.lockfacade.client.readwrite.ReadWriteMode;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The node's rules for its current grant of one read-write lock ({@link ReadWriteEntry}), step by step on one
 * thread: which local users come under it, and when it goes back to the master.
 */
class ReadWriteEntryTest {

    private static final long TTL_MILLIS = 60_000;
    private static final int BOUND = 2;

    private final SessionLease session = new SessionLease("node-a/s1", TTL_MILLIS, 0, () -> 0L);
    private boolean localThreadsQueued;
    private final Thread main = Thread.currentThread();
    private final Map<Integer, Thread> readers = new HashMap<>();
    private final ReadWriteEntry entry = new ReadWriteEntry(BOUND, () -> localThreadsQueued);

    @Test
    void localReadersComeUnderTheNodesWriteGrantOnceItsWriterLeaves() {
        NodeGrant write = entry.wroteFresh(hold("node-a:w#1", 5));
        assertNull(entry.finalWriteUnlock(true), "kept while nobody waits");

        ReadWriteEntry.Joined first = assertInstanceOf(ReadWriteEntry.Joined.class, entry.joinShared(main));
        ReadWriteEntry.Joined second = assertInstanceOf(ReadWriteEntry.Joined.class, entry.joinShared(main));
        assertSame(write, first.grant());
        assertSame(write, second.grant());
        assertNull(entry.leaveShared(write, main));
        assertNull(entry.leaveShared(write, main), "kept for the next local user");

        ReadWriteEntry.WriteStep next = entry.takeForWriter();
        assertSame(write, next.use(), "the next local writer needs no remote call either");
        assertNull(next.releaseFirst());
    }

    @Test
    void aContendedReadGrantAdmitsNoNewReaderAndGoesWithItsLastReader() {
        NodeGrant read = fetchedRead();
        assertInstanceOf(ReadWriteEntry.Joined.class, entry.joinShared(main));

        assertNull(entry.contended(read), "two local readers still use it");
        ReadWriteEntry.Fetch fetch = assertInstanceOf(ReadWriteEntry.Fetch.class, entry.joinShared(main));
        assertNull(fetch.releaseFirst(), "its readers release it, not the newcomer");
        assertInstanceOf(ReadWriteEntry.AwaitFetch.class, entry.joinShared(main), "one local reader fetches at a time");
        assertNull(entry.leaveShared(read, main));
        assertSame(read, entry.leaveShared(read, main), "its last reader releases it");
        assertTrue(read.isReleased());
    }

    @Test
    void anIdleGrantIsReleasedAsSoonAsACallWaitsBehindIt() {
        NodeGrant write = entry.wroteFresh(hold("node-a:w#1", 5));
        entry.finalWriteUnlock(true);

        assertSame(write, entry.contended(write));
        assertFalse(entry.isWatched(write));
        assertInstanceOf(ReadWriteEntry.Fetch.class, entry.joinShared(main), "the next reader asks the master");
    }

    @Test
    void aContendedWriteGrantPassesToAtMostTheBoundOfQueuedLocalWriters() {
        NodeGrant write = entry.wroteFresh(hold("node-a:w#1", 5));
        assertNull(entry.contended(write), "its writer still holds it");
        localThreadsQueued = true;
        for (int handoff = 0; handoff < BOUND; handoff++) {
            assertNull(entry.finalWriteUnlock(true));
            assertSame(write, entry.takeForWriter().use());
        }
        assertSame(write, entry.finalWriteUnlock(true), "the bound is reached: it goes back");
        assertNull(entry.takeForWriter().use());
    }

    @Test
    void aContendedWriteGrantAdmitsGenerationsOfLocalReadersWithinTheSameBound() {
        NodeGrant write = entry.wroteFresh(hold("node-a:w#1", 5));
        entry.contended(write);
        localThreadsQueued = true;
        assertNull(entry.finalWriteUnlock(true), "local threads queue");

        for (int generation = 0; generation < BOUND; generation++) {
            Thread lead = reader(generation);
            assertSame(write, assertInstanceOf(ReadWriteEntry.Joined.class, entry.joinShared(lead)).grant(),
                    "a generation opens: one hand-off");
            assertInstanceOf(ReadWriteEntry.Joined.class, entry.joinShared(reader(100 + generation)),
                    "joins the open generation at no charge");
            assertNull(entry.leaveShared(write, lead), "the generation closes with its first reader");
        }
        assertInstanceOf(ReadWriteEntry.Fetch.class, entry.joinShared(reader(200)), "the bound is reached");
        for (int generation = 0; generation < BOUND - 1; generation++) {
            assertNull(entry.leaveShared(write, reader(100 + generation)));
        }
        assertSame(write, entry.leaveShared(write, reader(100 + BOUND - 1)), "its last local reader gives it back");
    }

    @Test
    void aGenerationOfReadersLastsOnlyWhileItsFirstReaderHolds() {
        NodeGrant write = entry.wroteFresh(hold("node-a:w#1", 5));
        entry.contended(write);
        localThreadsQueued = true;
        entry.finalWriteUnlock(true);
        Thread first = reader(1);
        Thread second = reader(2);
        entry.joinShared(first);
        entry.joinShared(second);
        entry.leaveShared(write, first);

        entry.joinShared(first); // a new generation, while the second reader of the old one still holds
        entry.leaveShared(write, first);
        assertInstanceOf(ReadWriteEntry.Fetch.class, entry.joinShared(reader(3)), "two generations: the bound");
    }

    @Test
    void aContendedWriteGrantGoesBackAtOnceWhenNoLocalThreadQueues() {
        NodeGrant write = entry.wroteFresh(hold("node-a:w#1", 5));
        entry.contended(write);

        assertSame(write, entry.finalWriteUnlock(true));
    }

    @Test
    void aContendedWriteGrantNobodyUsesStaysForTheLocalThreadsQueuedForIt() {
        NodeGrant write = entry.wroteFresh(hold("node-a:w#1", 5));
        entry.finalWriteUnlock(true);
        localThreadsQueued = true; // the next local writer is between the local lock's hand-off and its take

        assertNull(entry.contended(write), "a local thread queues for it");
        assertSame(write, entry.takeForWriter().use(), "taken as a hand-off");
        localThreadsQueued = false;
        assertSame(write, entry.finalWriteUnlock(true), "nobody local queues any more: it goes back");
    }

    @Test
    void theLastLocalReaderOfAContendedWriteGrantLeavesItToTheQueuedLocalWriter() {
        NodeGrant write = entry.wroteFresh(hold("node-a:w#1", 5));
        entry.finalWriteUnlock(true);
        assertSame(write, assertInstanceOf(ReadWriteEntry.Joined.class, entry.joinShared(main)).grant());
        entry.contended(write);
        localThreadsQueued = true;

        assertNull(entry.leaveShared(write, main), "a local writer queues behind the reader");
        assertSame(write, entry.takeForWriter().use());
        localThreadsQueued = false;
        assertSame(write, entry.finalWriteUnlock(true), "nobody local queues any more: it goes back");
        assertTrue(write.isReleased());
    }

    @Test
    void aContendedWriteGrantLeftByItsLastReaderGoesBackOnceTheBoundIsReached() {
        NodeGrant write = entry.wroteFresh(hold("node-a:w#1", 5));
        entry.contended(write);
        localThreadsQueued = true;
        entry.finalWriteUnlock(true);
        for (int generation = 0; generation < BOUND; generation++) {
            assertInstanceOf(ReadWriteEntry.Joined.class, entry.joinShared(reader(generation)));
            if (generation < BOUND - 1) {
                assertNull(entry.leaveShared(write, reader(generation)));
            }
        }

        assertSame(write, entry.leaveShared(write, reader(BOUND - 1)), "local threads queue, but the bound is reached");
    }

    @Test
    void aContendedReadGrantGoesWithItsLastReaderEvenWhenLocalThreadsQueue() {
        NodeGrant read = fetchedRead();
        entry.contended(read);
        localThreadsQueued = true;

        assertSame(read, entry.leaveShared(read, main), "a read grant never outlasts its readers once a call waits");
    }

    @Test
    void aLocalWriterReleasesTheNodesReadGrantBeforeAskingForTheWriteLock() {
        NodeGrant read = fetchedRead();
        assertNull(entry.leaveShared(read, main), "kept while nobody waits");

        ReadWriteEntry.WriteStep step = entry.takeForWriter();
        assertNull(step.use());
        assertSame(read, step.releaseFirst());
    }

    @Test
    void aLostGrantIsNeverHandedOn() {
        NodeGrant write = entry.wroteFresh(hold("node-a:w#1", 5));
        entry.finalWriteUnlock(true);
        write.hold().markLost("force-released");

        assertSame(write, entry.takeForWriter().releaseFirst());
    }

    @Test
    void aDowngradingWriterDoesNotKeepTheWriteGrant() {
        NodeGrant write = entry.wroteFresh(hold("node-a:w#1", 5));

        assertSame(write, entry.finalWriteUnlock(false));
    }

    @Test
    void aForgottenEntryGivesItsKeptGrantBackOnceAndStopsItsWatch() {
        NodeGrant read = fetchedRead();
        entry.leaveShared(read, main);

        assertSame(read, entry.forget());
        assertFalse(entry.isWatched(read));
        assertNull(entry.contended(read), "released already");
        assertEquals(ReadWriteMode.READ, read.mode());
    }

    /** @return the thread object standing for local reader {@code n} (never started) */
    private Thread reader(int n) {
        return readers.computeIfAbsent(n, k -> new Thread(() -> { }, "reader-" + k));
    }

    private NodeGrant fetchedRead() {
        ReadWriteEntry.Fetch fetch = assertInstanceOf(ReadWriteEntry.Fetch.class, entry.joinShared(main));
        assertNull(fetch.releaseFirst());
        return entry.fetched(hold("node-a:readers#1", 3));
    }

    private RemoteHold hold(String owner, long token) {
        return new RemoteHold(LockId.of("catalog", "prices"), new LockGrant("catalog", "prices", owner, token,
                TTL_MILLIS), session);
    }
}
