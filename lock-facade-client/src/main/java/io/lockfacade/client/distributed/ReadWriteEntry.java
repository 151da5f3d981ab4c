package io.lockfacade.client.distributed;

import io.lockfacade.client.readwrite.ReadWriteMode;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * One read-write lock as this node holds it. A local fair {@link ReentrantReadWriteLock} arbitrates the node's
 * threads first (a local writer excludes local readers; once it waits, later local readers queue behind it); the
 * grants from the master behind it are bookkept here, under this object's monitor, and changed by the threads
 * holding the local lock:
 * <ul>
 *   <li>the <em>admitting</em> {@link SharedReadGrant}, which local readers join without a remote call, and
 *       retired shared grants still serving their readers;</li>
 *   <li>the write grant, held by the local writer or cached for the next local writer (a hand-off);</li>
 *   <li>each reading thread's {@link ReaderHold}.</li>
 * </ul>
 * The remote calls themselves are made outside the monitor by {@link DistributedReadWriteLocks}.
 */
final class ReadWriteEntry {

    /** What a local reader does after the local read lock is its own. */
    sealed interface JoinStep {
    }

    /** Joined the admitting grant; {@code probe} says the caller must start a check for waiting writers. */
    record Joined(SharedReadGrant grant, boolean probe) implements JoinStep {
    }

    /**
     * The caller fetches a new shared grant, after discarding {@code releaseFirst} (may be {@code null}): a lost
     * read grant, or a write grant cached by the last local writer.
     */
    record Fetch(RemoteHold releaseFirst, ReadWriteMode releaseMode) implements JoinStep {
    }

    /** Another local reader is fetching a grant: wait for it and try again. */
    record AwaitFetch() implements JoinStep {
    }

    /** A reading thread's hold: under a shared grant, or (after a downgrade) its own grant. */
    static final class ReaderHold {
        final RemoteHold grant;
        final SharedReadGrant shared;
        int count = 1;

        ReaderHold(RemoteHold grant, SharedReadGrant shared) {
            this.grant = grant;
            this.shared = shared;
        }
    }

    final ReentrantReadWriteLock local;
    /** Threads holding or waiting for this lock; changed only inside the entries map's {@code compute}. */
    int users;
    private final Map<Thread, ReaderHold> readers = new ConcurrentHashMap<>();
    private SharedReadGrant admitting;
    private boolean fetching;
    private boolean probing;
    private RemoteHold writeGrant;
    private int writeHandoffs;
    private boolean gone;

    ReadWriteEntry(boolean fair) {
        this.local = new ReentrantReadWriteLock(fair);
    }

    ReaderHold readerOf(Thread thread) {
        return readers.get(thread);
    }

    void addReader(Thread thread, ReaderHold hold) {
        readers.put(thread, hold);
    }

    void removeReader(Thread thread) {
        readers.remove(thread);
    }

    /**
     * Called by a thread holding the local read lock (and not the local write lock).
     *
     * @param probeAfterNanos how old the admitting grant must be for a joining reader to start a check for
     *                        writers waiting on the master
     */
    synchronized JoinStep joinShared(long nowNanos, long probeAfterNanos) {
        if (admitting != null && admitting.hold().isLost()) {
            SharedReadGrant lost = admitting;
            admitting = null;
            if (lost.readers() == 0) {
                return startFetch(lost.hold(), ReadWriteMode.READ);
            }
        }
        if (admitting != null) {
            admitting.join();
            boolean probe = !probing && admitting.ageNanos(nowNanos) >= probeAfterNanos;
            probing |= probe;
            return new Joined(admitting, probe);
        }
        if (fetching) {
            return new AwaitFetch();
        }
        RemoteHold cachedWrite = writeGrant; // no local writer holds it: this thread holds the local read lock
        writeGrant = null;
        return startFetch(cachedWrite, ReadWriteMode.WRITE);
    }

    private JoinStep startFetch(RemoteHold releaseFirst, ReadWriteMode releaseMode) {
        fetching = true;
        return new Fetch(releaseFirst, releaseMode);
    }

    /** The fetch ended: {@code hold} (joined by the fetcher) becomes the admitting grant, if there is one. */
    synchronized SharedReadGrant fetched(RemoteHold hold, long nowNanos) {
        fetching = false;
        notifyAll();
        if (hold == null) {
            return null;
        }
        admitting = new SharedReadGrant(hold, nowNanos);
        admitting.join();
        return admitting;
    }

    /** Waits until no local reader is fetching a grant, or for at most {@code maxMillis}. */
    synchronized void awaitFetch(long maxMillis) throws InterruptedException {
        if (fetching) {
            wait(Math.max(1, maxMillis));
        }
    }

    /**
     * The check for waiting writers answered: {@code fresh} is a newer grant (no writer waited), or {@code null} (a
     * writer holds or waits on the master: stop admitting, so that it gets the lock once the readers finish).
     *
     * @return the grants to release on the master now
     */
    synchronized List<RemoteHold> probed(SharedReadGrant checked, RemoteHold fresh, long nowNanos) {
        probing = false;
        List<RemoteHold> release = new ArrayList<>(2);
        if (gone || admitting != checked) {
            if (fresh != null) {
                release.add(fresh);
            }
            return release;
        }
        admitting = fresh == null ? null : new SharedReadGrant(fresh, nowNanos);
        if (checked.readers() == 0) {
            release.add(checked.hold());
        }
        return release;
    }

    /** @return the grant to release on the master now that its last reader left, or {@code null} */
    synchronized RemoteHold leaveShared(SharedReadGrant grant) {
        if (grant.leave() > 0) {
            return null;
        }
        if (grant != admitting) {
            return grant.hold(); // retired
        }
        if (grant.hold().isLost()) {
            admitting = null;
            return grant.hold();
        }
        return null; // kept for the next local reader, released when the entry empties or a local writer comes
    }

    /**
     * Called by the holder of the local write lock (so no local reader holds a shared grant).
     *
     * @return the idle shared grant the writer must release before asking for the write lock, or {@code null}
     */
    synchronized RemoteHold takeIdleSharedGrant() {
        RemoteHold idle = admitting == null ? null : admitting.hold();
        admitting = null;
        return idle;
    }

    /** @return the write grant cached by the previous local writer (counted as a hand-off), or {@code null} */
    synchronized RemoteHold takeCachedWriteGrant() {
        if (writeGrant != null) {
            writeHandoffs++;
        }
        return writeGrant;
    }

    /** @return the write grant held by the local writer or cached, or {@code null} */
    synchronized RemoteHold writeGrant() {
        return writeGrant;
    }

    synchronized void setWriteGrant(RemoteHold hold) {
        writeGrant = hold;
        writeHandoffs = 0;
    }

    /**
     * The local writer's final unlock: the grant stays cached for the next local writer while it is valid, a local
     * thread waits and the hand-off bound is not reached; otherwise it is returned, to be released on the master.
     */
    synchronized RemoteHold finalWriteUnlock(boolean localThreadsQueued, int maxHandoffs, boolean keepAllowed) {
        RemoteHold hold = writeGrant;
        if (keepAllowed && localThreadsQueued && writeHandoffs < maxHandoffs && !hold.isLost()) {
            return null;
        }
        writeGrant = null;
        writeHandoffs = 0;
        return hold;
    }

    /** The grants an entry still caches when it is forgotten; either may be {@code null}. */
    record Cached(RemoteHold read, RemoteHold write) {
    }

    /** The entry is forgotten (nobody holds or waits): @return the cached grants to release on the master */
    synchronized Cached forget() {
        gone = true;
        Cached cached = new Cached(admitting == null ? null : admitting.hold(), writeGrant);
        admitting = null;
        writeGrant = null;
        return cached;
    }
}
