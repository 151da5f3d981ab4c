package io.lockfacade.client.distributed;

import io.lockfacade.client.deadlock.InspectableReadWriteLock;
import io.lockfacade.client.readwrite.ReadWriteMode;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.BooleanSupplier;

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
    private final int maxHandoffs;
    private final BooleanSupplier localThreadsQueued;
    private final Map<Thread, ReaderHold> readers = new ConcurrentHashMap<>();
    private NodeGrant current;
    private boolean fetching;
    private boolean writerIn;
    private int contendedHandoffs;
    /** The reader whose join opened the current generation of readers under a contended write grant, if any. */
    private Thread generationLead;
    private boolean gone;

    /**
     * @param maxHandoffs how many local users a contended write grant still serves before it goes back (the
     *                    mutex's hand-off bound)
     */
    ReadWriteEntry(boolean fair, int maxHandoffs) {
        this.local = new InspectableReadWriteLock(fair);
        this.maxHandoffs = maxHandoffs;
        this.localThreadsQueued = local::hasQueuedThreads;
    }

    /** For tests: {@code localThreadsQueued} says whether local threads wait for the local lock. */
    ReadWriteEntry(int maxHandoffs, BooleanSupplier localThreadsQueued) {
        this.local = new InspectableReadWriteLock(true);
        this.maxHandoffs = maxHandoffs;
        this.localThreadsQueued = localThreadsQueued;
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
     * contended write grant still admits local readers within the hand-off bound, counted by generation, as one
     * turn of the node's: a reader that finds no generation open opens one (a hand-off), and readers joining while
     * that first reader still holds join its generation at no charge. So the node's turns, and what a waiting
     * call of another owner waits for, stay within the bound, each turn at most about two local holds long.
     *
     * @param reader the joining thread
     */
    synchronized JoinStep joinShared(Thread reader) {
        if (current != null && current.mode() == ReadWriteMode.WRITE && current.isContended()
                && !current.hold().isLost() && (generationLead != null || contendedHandoffs < maxHandoffs)) {
            if (generationLead == null) {
                contendedHandoffs++;
                generationLead = reader;
            }
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
     * The master said a call waits behind {@code grant} (or could not say): it admits no new local user, except
     * that a write grant still serves the local threads queued for it within the hand-off bound.
     *
     * @return the grant to release on the master now (nobody local uses or waits for it), or {@code null}
     */
    synchronized NodeGrant contended(NodeGrant grant) {
        grant.contended();
        if (grant != current || grant.readers() > 0 || writerIn || grant.isReleased()) {
            return null; // retired already, or its last user releases it
        }
        return goesBack(grant);
    }

    /**
     * {@code reader} leaves {@code grant}; if it opened the current generation of readers, that generation closes.
     *
     * @return the grant to release on the master now that its last local reader left (nobody local waits for it
     *         within the hand-off bound), or {@code null}
     */
    synchronized NodeGrant leaveShared(NodeGrant grant, Thread reader) {
        if (reader == generationLead) {
            generationLead = null;
        }
        if (grant.leave() > 0 || grant.isReleased()) {
            return null;
        }
        if (grant != current) {
            return grant.toRelease(); // retired
        }
        return grant.admits() ? null : goesBack(grant); // an admitting grant waits for the next local user
    }

    /**
     * Called when nobody local uses the current {@code grant} and a call waits behind it: a write grant stays for
     * the local threads queued for it while the hand-off bound allows (the first of them takes it, counted as a
     * hand-off); any other grant goes back.
     */
    private NodeGrant goesBack(NodeGrant grant) {
        if (servesQueuedLocalUsers(grant)) {
            return null;
        }
        current = null;
        return grant.toRelease();
    }

    private boolean servesQueuedLocalUsers(NodeGrant grant) {
        return grant.mode() == ReadWriteMode.WRITE && !grant.hold().isLost() && contendedHandoffs < maxHandoffs
                && localThreadsQueued.getAsBoolean();
    }

    /** What a local writer does after the local write lock is its own. */
    record WriteStep(NodeGrant use, NodeGrant releaseFirst) {
    }

    /**
     * Called by the holder of the local write lock (so no local reader is under the current grant): the current
     * write grant is handed to it if it admits users, or, contended, while fewer than the hand-off bound of local
     * users had it since; any other current grant is to be released before the writer asks the master.
     */
    synchronized WriteStep takeForWriter() {
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
        generationLead = null;
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
     *
     * @param keepAllowed {@code false} if the writer keeps a read grant of its own (a downgrade) or the node closes
     */
    synchronized NodeGrant finalWriteUnlock(boolean keepAllowed) {
        NodeGrant grant = current;
        writerIn = false;
        if (!keepAllowed || grant.hold().isLost()) {
            current = null;
            return grant.toRelease();
        }
        return grant.isContended() ? goesBack(grant) : null;
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
