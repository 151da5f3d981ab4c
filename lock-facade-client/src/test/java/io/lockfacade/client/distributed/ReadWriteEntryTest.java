package io.lockfacade.client.distributed;

import io.lockfacade.api.LockGrant;
import io.lockfacade.client.readwrite.ReadWriteMode;
import org.junit.jupiter.api.Test;

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
    private final ReadWriteEntry entry = new ReadWriteEntry(BOUND, () -> localThreadsQueued);

    @Test
    void localReadersComeUnderTheNodesWriteGrantOnceItsWriterLeaves() {
        NodeGrant write = entry.wroteFresh(hold("node-a:w#1", 5));
        assertNull(entry.finalWriteUnlock(true), "kept while nobody waits");

        ReadWriteEntry.Joined first = assertInstanceOf(ReadWriteEntry.Joined.class, entry.joinShared());
        ReadWriteEntry.Joined second = assertInstanceOf(ReadWriteEntry.Joined.class, entry.joinShared());
        assertSame(write, first.grant());
        assertSame(write, second.grant());
        assertNull(entry.leaveShared(write));
        assertNull(entry.leaveShared(write), "kept for the next local user");

        ReadWriteEntry.WriteStep next = entry.takeForWriter();
        assertSame(write, next.use(), "the next local writer needs no remote call either");
        assertNull(next.releaseFirst());
    }

    @Test
    void aContendedReadGrantAdmitsNoNewReaderAndGoesWithItsLastReader() {
        NodeGrant read = fetchedRead();
        assertInstanceOf(ReadWriteEntry.Joined.class, entry.joinShared());

        assertNull(entry.contended(read), "two local readers still use it");
        ReadWriteEntry.Fetch fetch = assertInstanceOf(ReadWriteEntry.Fetch.class, entry.joinShared());
        assertNull(fetch.releaseFirst(), "its readers release it, not the newcomer");
        assertInstanceOf(ReadWriteEntry.AwaitFetch.class, entry.joinShared(), "one local reader fetches at a time");
        assertNull(entry.leaveShared(read));
        assertSame(read, entry.leaveShared(read), "its last reader releases it");
        assertTrue(read.isReleased());
    }

    @Test
    void anIdleGrantIsReleasedAsSoonAsACallWaitsBehindIt() {
        NodeGrant write = entry.wroteFresh(hold("node-a:w#1", 5));
        entry.finalWriteUnlock(true);

        assertSame(write, entry.contended(write));
        assertFalse(entry.isWatched(write));
        assertInstanceOf(ReadWriteEntry.Fetch.class, entry.joinShared(), "the next reader asks the master");
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
    void aContendedWriteGrantAdmitsQueuedLocalReadersWithinTheSameBound() {
        NodeGrant write = entry.wroteFresh(hold("node-a:w#1", 5));
        entry.contended(write);
        localThreadsQueued = true;
        assertNull(entry.finalWriteUnlock(true), "local threads queue");

        for (int handoff = 0; handoff < BOUND; handoff++) {
            assertSame(write, assertInstanceOf(ReadWriteEntry.Joined.class, entry.joinShared()).grant());
        }
        assertInstanceOf(ReadWriteEntry.Fetch.class, entry.joinShared(), "the bound is reached");
        assertNull(entry.leaveShared(write));
        assertSame(write, entry.leaveShared(write), "its last local reader gives it back");
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
        assertSame(write, assertInstanceOf(ReadWriteEntry.Joined.class, entry.joinShared()).grant());
        entry.contended(write);
        localThreadsQueued = true;

        assertNull(entry.leaveShared(write), "a local writer queues behind the reader");
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
        for (int handoff = 0; handoff < BOUND; handoff++) {
            assertInstanceOf(ReadWriteEntry.Joined.class, entry.joinShared());
        }
        assertNull(entry.leaveShared(write));

        assertSame(write, entry.leaveShared(write), "local threads still queue, but the bound is reached");
    }

    @Test
    void aContendedReadGrantGoesWithItsLastReaderEvenWhenLocalThreadsQueue() {
        NodeGrant read = fetchedRead();
        entry.contended(read);
        localThreadsQueued = true;

        assertSame(read, entry.leaveShared(read), "a read grant never outlasts its readers once a call waits");
    }

    @Test
    void aLocalWriterReleasesTheNodesReadGrantBeforeAskingForTheWriteLock() {
        NodeGrant read = fetchedRead();
        assertNull(entry.leaveShared(read), "kept while nobody waits");

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
        entry.leaveShared(read);

        assertSame(read, entry.forget());
        assertFalse(entry.isWatched(read));
        assertNull(entry.contended(read), "released already");
        assertEquals(ReadWriteMode.READ, read.mode());
    }

    private NodeGrant fetchedRead() {
        ReadWriteEntry.Fetch fetch = assertInstanceOf(ReadWriteEntry.Fetch.class, entry.joinShared());
        assertNull(fetch.releaseFirst());
        return entry.fetched(hold("node-a:readers#1", 3));
    }

    private RemoteHold hold(String owner, long token) {
        return new RemoteHold(LockId.of("catalog", "prices"), new LockGrant("catalog", "prices", owner, token,
                TTL_MILLIS), session);
    }
}
