package io.lockfacade.client.distributed;

import io.lockfacade.client.deadlock.InspectableReadWriteLock;
import io.lockfacade.client.readwrite.ReadWriteMode;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One read-write lock as this node holds it. A local fair {@link ReentrantReadWriteLock} arbitrates the node's
 * threads first (a local writer excludes local readers; once it waits, later local readers queue behind it); the
 * grants from the master behind it are bookkept here, under this object's monitor, and changed by the threads
 * holding the local lock and by the watch of the current grant:
 * <ul>
 *   <li>the <em>current</em> {@link NodeGrant}, read or write, which local users come under without a remote call
 *       while it admits them, and retired read grants still serving their readers;</li>
 *   <li>whether a local writer holds the current write grant, and how many local users it was handed to since
 *       the master said a call waits behind it;</li>
 *   <li>each reading thread's {@link ReaderHold}.</li>
 * </ul>
 * Methods that end a grant's use return it (marked released) for the caller to release on the master, outside the
 * monitor ({@link DistributedReadWriteLocks}).
 */
final class ReadWriteEntry {

    /** What a local reader does after the local read lock is its own. */
    sealed interface JoinStep {
    }

    /** Joined the current grant. */
    record Joined(NodeGrant grant) implements JoinStep {
    }

    /** The caller fetches a new read grant, after releasing {@code releaseFirst} (may be {@code null}). */
    record Fetch(NodeGrant releaseFirst) implements JoinStep {
    }

    /** Another local reader is fetching a grant: wait for it and try again. */
    record AwaitFetch() implements JoinStep {
    }

    /** A reading thread's hold: under a node grant, or (after a downgrade) its own grant. */
    static final class ReaderHold {
        final RemoteHold grant;
        final NodeGrant shared;
        int count = 1;

        ReaderHold(RemoteHold grant, NodeGrant shared) {
            this.grant = grant;
            this.shared = shared;
        }
    }

    final InspectableReadWriteLock local;
    /** Threads holding or waiting for this lock; changed only inside the entries map's {@code compute}. */
    int users;
    private final Map<Thread, ReaderHold> readers = new ConcurrentHashMap<>();
    private NodeGrant current;
    private boolean fetching;
    private boolean writerIn;
    private int contendedHandoffs;
    private boolean gone;

    ReadWriteEntry(boolean fair) {
        this.local = new InspectableReadWriteLock(fair);
    }

    ReaderHold readerOf(Thread thread) {
        return readers.get(thread);
    }

    /**
     * @return the threads a local wait for {@code mode} waits for: the local writer, and for a write every local
     *         reader too (a reader is listed from after it took the local read lock until before it lets it go)
     */
    Collection<Thread> localHolders(ReadWriteMode mode) {
        Thread writer = local.writer();
        if (mode == ReadWriteMode.READ) {
            return writer == null ? List.of() : List.of(writer);
        }
        List<Thread> holders = new ArrayList<>(readers.keySet());
        if (writer != null) {
            holders.add(writer);
        }
        return holders;
    }

    void addReader(Thread thread, ReaderHold hold) {
        readers.put(thread, hold);
    }

    void removeReader(Thread thread) {
        readers.remove(thread);
    }

    /**
     * Called by a thread holding the local read lock and not the local write lock, so no local writer is in. A
     * contended write grant still admits local readers, each counted as a hand-off, within {@code maxHandoffs}:
     * the node drains its local queue under it, as it does for local writers.
     */
    synchronized JoinStep joinShared(int maxHandoffs) {
        if (current != null && current.mode() == ReadWriteMode.WRITE && current.isContended()
                && !current.hold().isLost() && contendedHandoffs < maxHandoffs) {
            contendedHandoffs++;
            current.join();
            return new Joined(current);
        }
        if (current != null && !current.admits()) {
            NodeGrant retired = current;
            current = null;
            if (retired.readers() == 0) {
                fetching = true;
                return new Fetch(retired.toRelease());
            }
        }
        if (current != null) {
            current.join();
            return new Joined(current);
        }
        if (fetching) {
            return new AwaitFetch();
        }
        fetching = true;
        return new Fetch(null);
    }

    /** The fetch ended: {@code hold} (joined by the fetcher) becomes the current grant, if there is one. */
    synchronized NodeGrant fetched(RemoteHold hold) {
        fetching = false;
        notifyAll();
        if (hold == null) {
            return null;
        }
        current = new NodeGrant(hold, ReadWriteMode.READ);
        current.join();
        return current;
    }

    /** Waits until no local reader is fetching a grant, or for at most {@code maxMillis}. */
    synchronized void awaitFetch(long maxMillis) throws InterruptedException {
        if (fetching) {
            wait(Math.max(1, maxMillis));
        }
    }

    /**
     * The master said a call waits behind {@code grant} (or could not say): it admits no new local user.
     *
     * @return the grant to release on the master now (nobody local uses it), or {@code null}
     */
    synchronized NodeGrant contended(NodeGrant grant) {
        grant.contended();
        if (grant != current || grant.readers() > 0 || writerIn || grant.isReleased()) {
            return null; // retired already, or its last user releases it
        }
        current = null;
        return grant.toRelease();
    }

    /** @return the grant to release on the master now that its last local reader left, or {@code null} */
    synchronized NodeGrant leaveShared(NodeGrant grant) {
        if (grant.leave() > 0 || grant.isReleased()) {
            return null;
        }
        if (grant != current) {
            return grant.toRelease(); // retired
        }
        if (!grant.admits()) {
            current = null;
            return grant.toRelease();
        }
        return null; // kept for the next local user, released when the entry empties
    }

    /** What a local writer does after the local write lock is its own. */
    record WriteStep(NodeGrant use, NodeGrant releaseFirst) {
    }

    /**
     * Called by the holder of the local write lock (so no local reader is under the current grant): the current
     * write grant is handed to it if it admits users, or, contended, while fewer than {@code maxHandoffs} local
     * users had it since; any other current grant is to be released before the writer asks the master.
     */
    synchronized WriteStep takeForWriter(int maxHandoffs) {
        NodeGrant grant = current;
        if (grant == null) {
            return new WriteStep(null, null);
        }
        boolean handOff = grant.mode() == ReadWriteMode.WRITE && !grant.hold().isLost()
                && (!grant.isContended() || contendedHandoffs < maxHandoffs);
        if (!handOff) {
            current = null;
            return new WriteStep(null, grant.toRelease());
        }
        if (grant.isContended()) {
            contendedHandoffs++;
        }
        writerIn = true;
        return new WriteStep(grant, null);
    }

    /** The local writer got a new write grant from the master: it becomes the current grant. */
    synchronized NodeGrant wroteFresh(RemoteHold hold) {
        current = new NodeGrant(hold, ReadWriteMode.WRITE);
        writerIn = true;
        contendedHandoffs = 0;
        return current;
    }

    /** @return the write grant the local writer holds; called by that writer */
    synchronized RemoteHold writeHold() {
        return current.hold();
    }

    /**
     * The local writer's final unlock: the grant stays current (for the next local writer and for local readers)
     * while it admits users, or, contended, while local threads queue and the hand-off bound is not reached;
     * otherwise it is returned, to be released on the master.
     */
    synchronized NodeGrant finalWriteUnlock(boolean localThreadsQueued, int maxHandoffs, boolean keepAllowed) {
        NodeGrant grant = current;
        writerIn = false;
        boolean keep = keepAllowed && !grant.hold().isLost()
                && (!grant.isContended() || localThreadsQueued && contendedHandoffs < maxHandoffs);
        if (keep) {
            return null;
        }
        current = null;
        return grant.toRelease();
    }

    /** The entry is forgotten (nobody holds or waits): @return its current grant to release, or {@code null} */
    synchronized NodeGrant forget() {
        gone = true;
        NodeGrant grant = current;
        current = null;
        return grant == null || grant.isReleased() ? null : grant.toRelease();
    }

    /** @return whether the node still uses {@code grant}: its watch goes on while it does */
    synchronized boolean isWatched(NodeGrant grant) {
        return !gone && !grant.isReleased() && !grant.isContended();
    }
}
