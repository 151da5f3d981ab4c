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
    private final ReadWriteEntry entry = new ReadWriteEntry(true);

    @Test
    void localReadersComeUnderTheNodesWriteGrantOnceItsWriterLeaves() {
        NodeGrant write = entry.wroteFresh(hold("node-a:w#1", 5));
        assertNull(entry.finalWriteUnlock(false, BOUND, true), "kept while nobody waits");

        ReadWriteEntry.Joined first = assertInstanceOf(ReadWriteEntry.Joined.class, entry.joinShared(BOUND));
        ReadWriteEntry.Joined second = assertInstanceOf(ReadWriteEntry.Joined.class, entry.joinShared(BOUND));
        assertSame(write, first.grant());
        assertSame(write, second.grant());
        assertNull(entry.leaveShared(write));
        assertNull(entry.leaveShared(write), "kept for the next local user");

        ReadWriteEntry.WriteStep next = entry.takeForWriter(BOUND);
        assertSame(write, next.use(), "the next local writer needs no remote call either");
        assertNull(next.releaseFirst());
    }

    @Test
    void aContendedReadGrantAdmitsNoNewReaderAndGoesWithItsLastReader() {
        NodeGrant read = fetchedRead();
        assertInstanceOf(ReadWriteEntry.Joined.class, entry.joinShared(BOUND));

        assertNull(entry.contended(read), "two local readers still use it");
        ReadWriteEntry.Fetch fetch = assertInstanceOf(ReadWriteEntry.Fetch.class, entry.joinShared(BOUND));
        assertNull(fetch.releaseFirst(), "its readers release it, not the newcomer");
        assertInstanceOf(ReadWriteEntry.AwaitFetch.class, entry.joinShared(BOUND), "one local reader fetches at a time");
        assertNull(entry.leaveShared(read));
        assertSame(read, entry.leaveShared(read), "its last reader releases it");
        assertTrue(read.isReleased());
    }

    @Test
    void anIdleGrantIsReleasedAsSoonAsACallWaitsBehindIt() {
        NodeGrant write = entry.wroteFresh(hold("node-a:w#1", 5));
        entry.finalWriteUnlock(false, BOUND, true);

        assertSame(write, entry.contended(write));
        assertFalse(entry.isWatched(write));
        assertInstanceOf(ReadWriteEntry.Fetch.class, entry.joinShared(BOUND), "the next reader asks the master");
    }

    @Test
    void aContendedWriteGrantPassesToAtMostTheBoundOfQueuedLocalWriters() {
        NodeGrant write = entry.wroteFresh(hold("node-a:w#1", 5));
        assertNull(entry.contended(write), "its writer still holds it");
        for (int handoff = 0; handoff < BOUND; handoff++) {
            assertNull(entry.finalWriteUnlock(true, BOUND, true));
            assertSame(write, entry.takeForWriter(BOUND).use());
        }
        assertSame(write, entry.finalWriteUnlock(true, BOUND, true), "the bound is reached: it goes back");
        assertNull(entry.takeForWriter(BOUND).use());
    }

    @Test
    void aContendedWriteGrantAdmitsQueuedLocalReadersWithinTheSameBound() {
        NodeGrant write = entry.wroteFresh(hold("node-a:w#1", 5));
        entry.contended(write);
        assertNull(entry.finalWriteUnlock(true, BOUND, true), "local threads queue");

        for (int handoff = 0; handoff < BOUND; handoff++) {
            assertSame(write, assertInstanceOf(ReadWriteEntry.Joined.class, entry.joinShared(BOUND)).grant());
        }
        assertInstanceOf(ReadWriteEntry.Fetch.class, entry.joinShared(BOUND), "the bound is reached");
        assertNull(entry.leaveShared(write));
        assertSame(write, entry.leaveShared(write), "its last local reader gives it back");
    }

    @Test
    void aContendedWriteGrantGoesBackAtOnceWhenNoLocalThreadQueues() {
        NodeGrant write = entry.wroteFresh(hold("node-a:w#1", 5));
        entry.contended(write);

        assertSame(write, entry.finalWriteUnlock(false, BOUND, true));
    }

    @Test
    void aLocalWriterReleasesTheNodesReadGrantBeforeAskingForTheWriteLock() {
        NodeGrant read = fetchedRead();
        assertNull(entry.leaveShared(read), "kept while nobody waits");

        ReadWriteEntry.WriteStep step = entry.takeForWriter(BOUND);
        assertNull(step.use());
        assertSame(read, step.releaseFirst());
    }

    @Test
    void aLostGrantIsNeverHandedOn() {
        NodeGrant write = entry.wroteFresh(hold("node-a:w#1", 5));
        entry.finalWriteUnlock(false, BOUND, true);
        write.hold().markLost("force-released");

        assertSame(write, entry.takeForWriter(BOUND).releaseFirst());
    }

    @Test
    void aDowngradingWriterDoesNotKeepTheWriteGrant() {
        NodeGrant write = entry.wroteFresh(hold("node-a:w#1", 5));

        assertSame(write, entry.finalWriteUnlock(true, BOUND, false));
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
        ReadWriteEntry.Fetch fetch = assertInstanceOf(ReadWriteEntry.Fetch.class, entry.joinShared(BOUND));
        assertNull(fetch.releaseFirst());
        return entry.fetched(hold("node-a:readers#1", 3));
    }

    private RemoteHold hold(String owner, long token) {
        return new RemoteHold(LockId.of("catalog", "prices"), new LockGrant("catalog", "prices", owner, token,
                TTL_MILLIS), session);
    }
}
