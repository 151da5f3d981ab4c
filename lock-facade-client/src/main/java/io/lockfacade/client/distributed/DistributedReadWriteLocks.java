package io.lockfacade.client.distributed;

import io.lockfacade.api.LockLostException;
import io.lockfacade.api.PrimitiveLockService;
import io.lockfacade.client.distributed.ReadWriteEntry.ReaderHold;
import io.lockfacade.client.readwrite.LocalWaits;
import io.lockfacade.client.readwrite.ReadWriteBackend;
import io.lockfacade.client.readwrite.ReadWriteMode;

import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The read-write locks of a {@code DistributeLock}, arbitrated on the node first ({@link ReadWriteEntry}).
 *
 * <p><b>Readers.</b> The node's reader threads of one lock share one remote read grant: the first asks the master
 * (owner {@code nodeId:readers#n}), the others join it without a remote call and carry its fencing token. The
 * grant is released when the node's last local user of the lock leaves, or when a local writer comes.
 *
 * <p><b>Writers of other nodes are not starved.</b> A reader that joins a shared grant older than the probe
 * interval starts one background check ({@link ReadGrantChecks}): a second read grant asked without waiting. The
 * master queues first come, first served and refuses a read while a writer waits, so: granted means no writer
 * waits, and new readers move to the fresh grant (the old one goes once its readers finish); refused means a writer
 * waits or holds, and the node stops admitting readers under its grant, which is released as soon as its current
 * readers finish; later readers ask the master and queue behind the writer. A check costs at most two calls per
 * probe interval per busy lock, whatever the number of reads, and a waiting writer gets the lock within the probe
 * interval plus the longest current read hold.
 *
 * <p><b>Writers.</b> A local writer excludes the node's readers locally, releases the node's idle shared grant and
 * asks for the write lock (owner {@code nodeId:threadName#threadId}); on its final unlock the grant passes to the
 * next local writer without a remote call, at most {@code maxLocalHandoffs} times in a row, as the mutex does.
 * A writer may take the read lock (its own read grant, asked under the writer's owner) and then release the write
 * lock: a downgrade. A reader asking for the write lock is refused at once
 * ({@link io.lockfacade.api.AcquisitionRefusedException}).
 *
 * <p><b>Faults.</b> Grants live under the node's session: when it is lost, every read and write hold under it is
 * lost ({@link #isLost}); its holders' unlocks release locally and throw {@link LockLostException}. A release the
 * master did not get is retried in the background while the session lives, so a network blip does not leave a
 * grant behind for the session's life.
 */
final class DistributedReadWriteLocks implements ReadWriteBackend, AutoCloseable {

    /** Default age of a shared read grant after which a joining reader checks for writers waiting elsewhere. */
    static final long DEFAULT_PROBE_AFTER_MILLIS = 10;

    private final String nodeId;
    private final RemoteReadWriteGrants remote;
    private final NodeSession session;
    private final int maxLocalHandoffs;
    private final boolean fair;
    private final ConcurrentHashMap<LockId, ReadWriteEntry> entries = new ConcurrentHashMap<>();
    private final ReadGrantChecks checks;
    private final SharedReads sharedReads;
    private volatile boolean closed;

    DistributedReadWriteLocks(String nodeId, RemoteReadWriteGrants remote, NodeSession session,
                              int maxLocalHandoffs, boolean fair, long probeAfterMillis) {
        this.nodeId = nodeId;
        this.remote = remote;
        this.session = session;
        this.maxLocalHandoffs = maxLocalHandoffs;
        this.fair = fair;
        this.checks = new ReadGrantChecks(nodeId, remote);
        this.sharedReads = new SharedReads(nodeId, remote, session, checks,
                TimeUnit.MILLISECONDS.toNanos(probeAfterMillis));
    }

    /**
     * @param primitives the master's read-write calls; a master without them answers every acquisition with
     *                   {@link io.lockfacade.api.CallNotServedException}
     */
    static DistributedReadWriteLocks of(PrimitiveLockService primitives, RemoteGrants grants, NodeSession session,
                                        DistributeLockSettings settings, HeldByThread heldByThread,
                                        Consumer<String> victims) {
        return new DistributedReadWriteLocks(settings.nodeId(), new RemoteReadWriteGrants(primitives,
                grants.master(), settings.remoteWaitCap(), heldByThread, victims), session, settings.maxLocalHandoffs(),
                settings.fairLocalLock(), DEFAULT_PROBE_AFTER_MILLIS);
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
            lossReason = mode == ReadWriteMode.READ ? releaseRead(entry) : releaseWrite(entry);
        } finally {
            (mode == ReadWriteMode.READ ? entry.local.readLock() : entry.local.writeLock()).unlock();
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

    /** Refuses new acquisitions and stops the background checks; held grants stay with their holders. */
    @Override
    public void close() {
        closed = true;
        checks.close();
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
        if (!LocalWaits.take(entry.local.readLock(), localWait(deadline, timeoutNanos), interruptible)) {
            return false;
        }
        boolean acquired = false;
        try {
            if (entry.local.isWriteLockedByCurrentThread()) { // a downgrade: a read grant of the writer's own
                RemoteHold own = remote.acquire(id, ReadWriteMode.READ, entry.writeGrant().owner(), session,
                        deadline, interruptible);
                if (own != null) {
                    entry.addReader(me, new ReaderHold(own, null));
                    acquired = true;
                }
                return acquired;
            }
            SharedReadGrant shared = sharedReads.join(id, entry, deadline, interruptible);
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
        if (!LocalWaits.take(entry.local.writeLock(), localWait(deadline, timeoutNanos), interruptible)) {
            return false;
        }
        boolean acquired = false;
        try {
            RemoteHold idleRead = entry.takeIdleSharedGrant(); // no local reader now: the node's grant must go
            if (idleRead != null) {
                checks.releaseOrRetry(idleRead, ReadWriteMode.READ);
            }
            RemoteHold cached = entry.takeCachedWriteGrant();
            if (cached != null && !cached.isLost()) {
                acquired = true; // handed off by the previous local writer
                return true;
            }
            if (cached != null) {
                entry.setWriteGrant(null);
                checks.releaseOrRetry(cached, ReadWriteMode.WRITE);
            }
            RemoteHold granted = remote.acquire(id, ReadWriteMode.WRITE, OwnerNames.of(nodeId, Thread.currentThread()),
                    session, deadline, interruptible);
            if (granted != null) {
                entry.setWriteGrant(granted);
                acquired = true;
            }
            return acquired;
        } finally {
            if (!acquired) {
                entry.local.writeLock().unlock();
            }
        }
    }

    /** @return why the read hold was lost, or {@code null} */
    private String releaseRead(ReadWriteEntry entry) {
        Thread me = Thread.currentThread();
        ReaderHold mine = entry.readerOf(me);
        if (--mine.count > 0) {
            return mine.grant.lossReason();
        }
        entry.removeReader(me);
        if (mine.shared == null) {
            return releaseOnMaster(mine.grant, ReadWriteMode.READ);
        }
        String lossReason = mine.grant.lossReason();
        RemoteHold last = entry.leaveShared(mine.shared);
        if (last != null) {
            String atRelease = lossReason != null ? discard(last, ReadWriteMode.READ)
                    : releaseOnMaster(last, ReadWriteMode.READ);
            lossReason = lossReason != null ? lossReason : atRelease;
        }
        return lossReason;
    }

    /** @return why the write hold was lost, or {@code null} */
    private String releaseWrite(ReadWriteEntry entry) {
        RemoteHold hold = entry.writeGrant();
        if (entry.local.getWriteHoldCount() > 1) {
            return hold.lossReason();
        }
        boolean mayHandOff = !closed && entry.readerOf(Thread.currentThread()) == null;
        RemoteHold release = entry.finalWriteUnlock(entry.local.hasQueuedThreads(), maxLocalHandoffs, mayHandOff);
        if (release == null) {
            return null; // cached for the next local writer
        }
        String lossReason = hold.lossReason();
        return lossReason != null ? discard(release, ReadWriteMode.WRITE)
                : releaseOnMaster(release, ReadWriteMode.WRITE);
    }

    /** @return why the grant was lost, or {@code null} if the master released it */
    private String releaseOnMaster(RemoteHold hold, ReadWriteMode mode) {
        if (checks.releaseOrRetry(hold, mode)) {
            return null;
        }
        hold.markLost("the master no longer held it at release (session ended or force-released)");
        return hold.lossReason();
    }

    /** Releases a grant already known lost, best effort; @return its loss reason */
    private String discard(RemoteHold hold, ReadWriteMode mode) {
        remote.releaseQuietly(hold, mode);
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
        return mode == ReadWriteMode.READ ? entry.readerOf(Thread.currentThread()).grant : entry.writeGrant();
    }

    private static long localWait(Deadline deadline, long timeoutNanos) {
        return timeoutNanos == FOREVER ? FOREVER : deadline.remainingNanos();
    }

    private ReadWriteEntry join(LockId id) {
        return entries.compute(id, (k, existing) -> {
            ReadWriteEntry entry = existing == null ? new ReadWriteEntry(fair) : existing;
            entry.users++;
            return entry;
        });
    }

    /** Leaves the entry; the last one out releases the grants it still caches. */
    private void leave(LockId id, ReadWriteEntry entry) {
        boolean[] last = new boolean[1];
        entries.computeIfPresent(id, (k, existing) -> {
            last[0] = --existing.users == 0;
            return last[0] ? null : existing;
        });
        if (last[0]) {
            ReadWriteEntry.Cached cached = entry.forget();
            checks.releaseQuietlyOrRetry(cached.read(), ReadWriteMode.READ);
            checks.releaseQuietlyOrRetry(cached.write(), ReadWriteMode.WRITE);
        }
    }

    private void requireOpen() {
        if (closed) {
            throw new IllegalStateException("DistributeLock of node " + nodeId + " is closed");
        }
    }
}
