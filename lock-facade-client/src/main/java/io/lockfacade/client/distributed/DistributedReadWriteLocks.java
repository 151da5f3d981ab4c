package io.lockfacade.client.distributed;

import io.lockfacade.api.LockLostException;
import io.lockfacade.api.PrimitiveLockService;
import io.lockfacade.client.deadlock.ThreadWaits;
import io.lockfacade.client.distributed.ReadWriteEntry.ReaderHold;
import io.lockfacade.client.readwrite.LocalWaits;
import io.lockfacade.client.readwrite.ReadWriteBackend;
import io.lockfacade.client.readwrite.ReadWriteMode;

import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.Lock;
import java.util.function.Consumer;

/**
 * The read-write locks of a {@code DistributeLock}, arbitrated on the node first ({@link ReadWriteEntry}): the node
 * holds at most one current remote grant per lock ({@link NodeGrant}), which its threads share.
 *
 * <p><b>Readers.</b> A local reader comes under the node's current grant without a remote call and carries its
 * fencing token: a read grant (the first reader asks the master, owner {@code nodeId:readers#n}), or the node's
 * write grant while no local writer holds it (the node is then the lock's only holder; the local lock keeps its
 * readers and writers apart), so a local write does not cost the node a new read grant.
 *
 * <p><b>Writers.</b> A local writer excludes the node's readers locally, releases the node's current read grant in
 * the background while it asks for the write lock (owner {@code nodeId:threadName#threadId/w<n>}, new for each ask,
 * so an ask never meets a grant still on its way back); on its final unlock the node keeps the write grant for its
 * next local writers and readers. A writer may take the read lock (its own read grant, asked under the writer's
 * owner) and then release the write lock: a downgrade. A reader asking for the write lock is refused at once
 * ({@link io.lockfacade.api.AcquisitionRefusedException}).
 *
 * <p><b>Other nodes are not starved.</b> Each current grant is watched ({@link GrantWatches}): a call parked on the
 * master that answers as soon as any call queues behind the lock. From then on the grant admits no new local reader
 * and is released as soon as its current users finish, so a writer of another node waits for the longest current
 * local hold plus a round trip; a contended write grant still serves the node's queued local writers and readers
 * for at most {@code maxLocalHandoffs} turns, as the mutex's grant does (a turn: a writer, or a generation of readers,
 * {@link ReadWriteEntry#joinShared}), whichever of them releases it last.
 * Later local users ask the master and queue behind the waiter. An unlock releases the local lock before it gives a
 * grant back on the master, so the next local user's ask does not wait for that round trip.
 * A grant kept while no call waits is released when the node's last local user of the lock leaves.
 *
 * <p><b>Faults.</b> Grants live under the node's session: when it is lost, every read and write hold under it is
 * lost ({@link #isLost}); its holders' unlocks release locally and throw {@link LockLostException}. A release the
 * master did not get is retried in the background while the session lives, so a network blip does not leave a
 * grant behind for the session's life.
 */
final class DistributedReadWriteLocks implements ReadWriteBackend, AutoCloseable {

    private final String nodeId;
    private final RemoteReadWriteGrants remote;
    private final NodeSession session;
    private final int maxLocalHandoffs;
    private final boolean fair;
    private final ConcurrentHashMap<LockId, ReadWriteEntry> entries = new ConcurrentHashMap<>();
    private final GrantReleases releases;
    private final GrantWatches watches;
    private final SharedReads sharedReads;
    private final AtomicLong writeOwners = new AtomicLong();
    private final ThreadWaits<Object> localWaits;
    private volatile boolean closed;

    DistributedReadWriteLocks(String nodeId, RemoteReadWriteGrants remote, NodeSession session,
                              int maxLocalHandoffs, boolean fair) {
        this(nodeId, remote, session, maxLocalHandoffs, fair, null);
    }

    /** @param localWaits the node's local wait-for graph, which local waits join; {@code null}: not checked */
    DistributedReadWriteLocks(String nodeId, RemoteReadWriteGrants remote, NodeSession session,
                              int maxLocalHandoffs, boolean fair, ThreadWaits<Object> localWaits) {
        this.localWaits = localWaits;
        this.nodeId = nodeId;
        this.remote = remote;
        this.session = session;
        this.maxLocalHandoffs = maxLocalHandoffs;
        this.fair = fair;
        this.releases = new GrantReleases(nodeId, remote);
        this.watches = new GrantWatches(nodeId, remote);
        this.sharedReads = new SharedReads(nodeId, remote, session, releases, watches);
    }

    /**
     * @param primitives the master's read-write calls; a master without them answers every acquisition with
     *                   {@link io.lockfacade.api.CallNotServedException}
     */
    static DistributedReadWriteLocks of(PrimitiveLockService primitives, RemoteGrants grants, NodeSession session,
                                        DistributeLockSettings settings, HeldByThread heldByThread,
                                        Consumer<String> victims, ThreadWaits<Object> localWaits) {
        return new DistributedReadWriteLocks(settings.nodeId(), new RemoteReadWriteGrants(primitives,
                grants.master(), settings.remoteWaitCap(), heldByThread, victims), session, settings.maxLocalHandoffs(),
                settings.fairLocalLock(), localWaits);
    }

    @Override
    public boolean acquire(String lockType, String key, ReadWriteMode mode, long timeoutNanos, boolean interruptible)
            throws InterruptedException {
        LockId id = LockId.of(lockType, key);
        requireOpen();
        Deadline deadline = timeoutNanos == FOREVER ? Deadline.never() : Deadline.after(timeoutNanos,
                TimeUnit.NANOSECONDS);
        ReadWriteEntry entry = join(id);
        boolean acquired = false;
        try {
            acquired = mode == ReadWriteMode.READ ? acquireRead(id, entry, deadline, timeoutNanos, interruptible)
                    : acquireWrite(id, entry, deadline, timeoutNanos, interruptible);
            if (acquired) {
                remote.held(id, mode, holdOfCurrentThread(id, mode)); // named in this thread's later waits
            }
            return acquired;
        } finally {
            if (!acquired) {
                leave(id, entry);
            }
        }
    }

    @Override
    public void release(String lockType, String key, ReadWriteMode mode) {
        LockId id = LockId.of(lockType, key);
        ReadWriteEntry entry = entries.get(id);
        if (entry == null || !holds(entry, mode)) {
            throw new IllegalMonitorStateException("the " + RemoteReadWriteGrants.describe(mode, id)
                    + " is not held by thread " + Thread.currentThread().getName());
        }
        RemoteHold hold = holdOf(entry, mode);
        String lossReason;
        try {
            GiveBack giveBack;
            try {
                giveBack = mode == ReadWriteMode.READ ? readGiveBack(entry) : writeGiveBack(entry);
            } finally {
                // before the remote call: the next local user need not wait for it (a grant given back is
                // no longer the entry's current one, so nobody local comes under it)
                (mode == ReadWriteMode.READ ? entry.local.readLock() : entry.local.writeLock()).unlock();
            }
            lossReason = giveBack(giveBack);
        } finally {
            leave(id, entry);
            if (holdOfCurrentThread(id, mode) == null) {
                remote.released(id, mode); // its last hold in this mode
            }
        }
        if (lossReason != null) {
            throw new LockLostException("the " + RemoteReadWriteGrants.describe(mode, id) + " (fencing token "
                    + hold.fencingToken() + ") was lost while held: " + lossReason);
        }
    }

    @Override
    public OptionalLong fencingToken(String lockType, String key, ReadWriteMode mode) {
        RemoteHold hold = holdOfCurrentThread(LockId.of(lockType, key), mode);
        return hold == null ? OptionalLong.empty() : OptionalLong.of(hold.fencingToken());
    }

    @Override
    public boolean isHeldByCurrentThread(String lockType, String key, ReadWriteMode mode) {
        return holdOfCurrentThread(LockId.of(lockType, key), mode) != null;
    }

    @Override
    public boolean isLost(String lockType, String key, ReadWriteMode mode) {
        RemoteHold hold = holdOfCurrentThread(LockId.of(lockType, key), mode);
        return hold != null && hold.isLost();
    }

    /** Refuses new acquisitions and stops the watches and retries; held grants stay with their holders. */
    @Override
    public void close() {
        closed = true;
        watches.close();
        releases.close();
    }

    /** @return how many read-write locks this node holds, waits for or caches; for tests */
    int entryCount() {
        return entries.size();
    }

    private boolean acquireRead(LockId id, ReadWriteEntry entry, Deadline deadline, long timeoutNanos,
                                boolean interruptible) throws InterruptedException {
        Thread me = Thread.currentThread();
        ReaderHold mine = entry.readerOf(me);
        if (mine != null) {
            entry.local.readLock().lock(); // re-entry: never waits, counted locally only
            mine.count++;
            return true;
        }
        if (!waitLocally(id, entry, ReadWriteMode.READ, localWait(deadline, timeoutNanos), interruptible)) {
            return false;
        }
        boolean acquired = false;
        try {
            if (entry.local.isWriteLockedByCurrentThread()) { // a downgrade: a read grant of the writer's own
                RemoteHold own = remote.acquire(id, ReadWriteMode.READ, entry.writeHold().owner(), session,
                        deadline, interruptible);
                if (own != null) {
                    entry.addReader(me, new ReaderHold(own, null));
                    acquired = true;
                }
                return acquired;
            }
            NodeGrant shared = sharedReads.join(id, entry, deadline, interruptible);
            if (shared != null) {
                entry.addReader(me, new ReaderHold(shared.hold(), shared));
                acquired = true;
            }
            return acquired;
        } finally {
            if (!acquired) {
                entry.local.readLock().unlock();
            }
        }
    }

    private boolean acquireWrite(LockId id, ReadWriteEntry entry, Deadline deadline, long timeoutNanos,
                                 boolean interruptible) throws InterruptedException {
        if (entry.local.isWriteLockedByCurrentThread()) {
            entry.local.writeLock().lock(); // re-entry: counted locally only
            return true;
        }
        if (entry.readerOf(Thread.currentThread()) != null) {
            throw ReadWriteBackend.upgradeRefused(id.lockType(), id.key());
        }
        if (!waitLocally(id, entry, ReadWriteMode.WRITE, localWait(deadline, timeoutNanos), interruptible)) {
            return false;
        }
        boolean acquired = false;
        try {
            ReadWriteEntry.WriteStep step = entry.takeForWriter();
            if (step.use() != null) {
                acquired = true; // the node's write grant, kept or handed off by the previous local writer
                return true;
            }
            releases.releaseInBackground(step.releaseFirst()); // no local reader now: the node's grant must go
            RemoteHold granted = remote.acquire(id, ReadWriteMode.WRITE, writeOwner(), session, deadline,
                    interruptible);
            if (granted != null) {
                watches.watch(entry, entry.wroteFresh(granted), releases::releaseQuietlyOrRetry);
                acquired = true;
            }
            return acquired;
        } finally {
            if (!acquired) {
                entry.local.writeLock().unlock();
            }
        }
    }

    /**
     * What an unlock gives back on the master once the local lock is released: a grant nobody local uses any more
     * ({@code null}: nothing), and why the unlocking thread's hold was lost ({@code null}: it was not).
     */
    private record GiveBack(RemoteHold hold, ReadWriteMode mode, String lossReason) {
        static GiveBack nothing(String lossReason) {
            return new GiveBack(null, null, lossReason);
        }
    }

    private GiveBack readGiveBack(ReadWriteEntry entry) {
        Thread me = Thread.currentThread();
        ReaderHold mine = entry.readerOf(me);
        if (--mine.count > 0) {
            return GiveBack.nothing(mine.grant.lossReason());
        }
        entry.removeReader(me);
        if (mine.shared == null) {
            return new GiveBack(mine.grant, ReadWriteMode.READ, null);
        }
        String lossReason = mine.grant.lossReason();
        NodeGrant last = entry.leaveShared(mine.shared, me);
        return last == null ? GiveBack.nothing(lossReason) : new GiveBack(last.hold(), last.mode(), lossReason);
    }

    private GiveBack writeGiveBack(ReadWriteEntry entry) {
        RemoteHold hold = entry.writeHold();
        if (entry.local.getWriteHoldCount() > 1) {
            return GiveBack.nothing(hold.lossReason());
        }
        boolean mayKeep = !closed && entry.readerOf(Thread.currentThread()) == null;
        NodeGrant release = entry.finalWriteUnlock(mayKeep);
        return release == null ? GiveBack.nothing(null) // kept for the node's next local writers and readers
                : new GiveBack(hold, ReadWriteMode.WRITE, hold.lossReason());
    }

    /** @return why the unlocking thread's hold was lost, or {@code null} */
    private String giveBack(GiveBack giveBack) {
        if (giveBack.hold() == null) {
            return giveBack.lossReason();
        }
        if (giveBack.lossReason() != null) { // lost already: released best effort
            remote.releaseQuietly(giveBack.hold(), giveBack.mode());
            return giveBack.lossReason();
        }
        return releaseOnMaster(giveBack.hold(), giveBack.mode());
    }

    /** @return why the grant was lost, or {@code null} if the master released it */
    private String releaseOnMaster(RemoteHold hold, ReadWriteMode mode) {
        if (releases.releaseOrRetry(hold, mode)) {
            return null;
        }
        hold.markLost("the master no longer held it at release (session ended or force-released)");
        return hold.lossReason();
    }

    private RemoteHold holdOfCurrentThread(LockId id, ReadWriteMode mode) {
        ReadWriteEntry entry = entries.get(id);
        return entry == null || !holds(entry, mode) ? null : holdOf(entry, mode);
    }

    private static boolean holds(ReadWriteEntry entry, ReadWriteMode mode) {
        return mode == ReadWriteMode.READ ? entry.readerOf(Thread.currentThread()) != null
                : entry.local.isWriteLockedByCurrentThread();
    }

    private static RemoteHold holdOf(ReadWriteEntry entry, ReadWriteMode mode) {
        return mode == ReadWriteMode.READ ? entry.readerOf(Thread.currentThread()).grant : entry.writeHold();
    }

    /** Waits in the node's local queue, checked for deadlocks among the node's threads. */
    private boolean waitLocally(LockId id, ReadWriteEntry entry, ReadWriteMode mode, long timeoutNanos,
                                boolean interruptible) throws InterruptedException {
        Lock side = mode == ReadWriteMode.READ ? entry.local.readLock() : entry.local.writeLock();
        return localWaits == null ? LocalWaits.take(side, timeoutNanos, interruptible)
                : LocalWaits.checked(localWaits, new LocalReadWriteWait(id, mode, entry), side, timeoutNanos,
                interruptible);
    }

    private static long localWait(Deadline deadline, long timeoutNanos) {
        return timeoutNanos == FOREVER ? FOREVER : deadline.remainingNanos();
    }

    private ReadWriteEntry join(LockId id) {
        return entries.compute(id, (k, existing) -> {
            ReadWriteEntry entry = existing == null ? new ReadWriteEntry(fair, maxLocalHandoffs) : existing;
            entry.users++;
            return entry;
        });
    }

    /** Leaves the entry; the last one out releases the grant the node kept. */
    private void leave(LockId id, ReadWriteEntry entry) {
        boolean[] last = new boolean[1];
        entries.computeIfPresent(id, (k, existing) -> {
            last[0] = --existing.users == 0;
            return last[0] ? null : existing;
        });
        if (last[0]) {
            releases.releaseQuietlyOrRetry(entry.forget());
        }
    }

    /**
     * @return a fresh owner name for a write grant asked by the current thread: the node hands its write grant from
     *         thread to thread and gives it back without waiting for the master's answer, so a name is never reused
     *         (a later ask under the same name would get the old grant back, just before its release)
     */
    private String writeOwner() {
        return OwnerNames.of(nodeId, Thread.currentThread(), "/w" + writeOwners.incrementAndGet());
    }

    private void requireOpen() {
        if (closed) {
            throw new IllegalStateException("DistributeLock of node " + nodeId + " is closed");
        }
    }
}
