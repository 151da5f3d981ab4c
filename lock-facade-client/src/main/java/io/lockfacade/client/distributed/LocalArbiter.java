package io.lockfacade.client.distributed;

import io.lockfacade.api.LockLostException;

import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The state machine of one node's locks: which local thread holds each grant, when a grant is asked for, handed
 * off, released, or discarded. Only the thread holding an entry's local lock talks to the master about it.
 *
 * <p>States of an entry's grant: none; held by the local lock's owner; cached between a final unlock that
 * chose a hand-off and the next local thread taking it. A cached grant nobody takes is released by the last
 * thread to leave the entry.
 */
final class LocalArbiter implements AutoCloseable {

    private final String nodeId;
    private final RemoteGrants grants;
    private final NodeSession session;
    private final HandoffPolicy handoffPolicy;
    private final LocalEntries entries = new LocalEntries();
    private volatile boolean closed;

    LocalArbiter(String nodeId, RemoteGrants grants, NodeSession session, HandoffPolicy handoffPolicy) {
        this.nodeId = nodeId;
        this.grants = grants;
        this.session = session;
        this.handoffPolicy = handoffPolicy;
    }

    /**
     * Acquires the lock for the current thread: re-entry locally, else wait for the local lock, then take a
     * handed-off grant or ask the master, all before {@code deadline}.
     *
     * @return whether the lock is now held; on {@code false} or an exception nothing is left behind
     * @throws InterruptedException  if interruptible and interrupted
     * @throws IllegalStateException if closed
     */
    boolean acquire(LockId id, Deadline deadline, boolean interruptible) throws InterruptedException {
        requireOpen();
        LocalEntry entry = entries.join(id);
        ReentrantLock mutex = entry.mutex();
        boolean acquired = false;
        try {
            if (mutex.isHeldByCurrentThread()) {
                mutex.lock(); // re-entry: counted locally only
                acquired = true;
            } else if (deadline.lock(mutex, interruptible)) {
                try {
                    acquired = takeCachedOrAcquireRemotely(id, entry, deadline, interruptible);
                } finally {
                    if (!acquired) {
                        mutex.unlock();
                    }
                }
            }
            return acquired;
        } finally {
            if (!acquired) {
                leave(id);
            }
        }
    }

    /**
     * Releases one acquisition by the current thread; the final one hands the grant off or releases it on the
     * master. The local lock is released even when this method throws.
     *
     * @throws IllegalMonitorStateException if the current thread does not hold the lock
     * @throws LockLostException            if the grant was lost while held
     * @throws io.lockfacade.api.LockServiceUnavailableException if the master could not be told
     */
    void release(LockId id) {
        LocalEntry entry = entries.find(id);
        if (entry == null || !entry.mutex().isHeldByCurrentThread()) {
            throw new IllegalMonitorStateException("lock " + id + " is not held by thread "
                    + Thread.currentThread().getName());
        }
        RemoteHold hold = entry.hold();
        boolean lost = hold.isLost();
        try {
            if (entry.mutex().getHoldCount() == 1) {
                lost = releaseFinal(entry, hold, lost);
            }
        } finally {
            entry.mutex().unlock();
            leave(id);
        }
        if (lost) {
            throw new LockLostException("lock " + id + " (fencing token " + hold.fencingToken()
                    + ") was lost while held: " + hold.lossReason());
        }
    }

    /** @return the current thread's hold of the lock, or {@code null} if it does not hold it */
    RemoteHold holdOfCurrentThread(LockId id) {
        LocalEntry entry = entries.find(id);
        return entry != null && entry.mutex().isHeldByCurrentThread() ? entry.hold() : null;
    }

    /** @return how many locks this node holds, waits for or caches */
    int entryCount() {
        return entries.size();
    }

    /** @return how many local threads wait for the lock */
    int queueLength(LockId id) {
        LocalEntry entry = entries.find(id);
        return entry == null ? 0 : entry.mutex().getQueueLength();
    }

    /** Refuses new acquisitions, stops keep-alives and releases cached grants; held grants stay with their holders. */
    @Override
    public void close() {
        closed = true;
        for (LockId id : entries.ids()) {
            ReentrantLock mutex = entries.join(id).mutex(); // as a user, so that nobody else cleans up meanwhile
            try {
                if (!mutex.isHeldByCurrentThread() && mutex.tryLock()) {
                    try {
                        discard(entries.find(id).takeHold());
                    } finally {
                        mutex.unlock();
                    }
                }
            } finally {
                leave(id);
            }
        }
        session.close(); // after the cached grants went: a session left holding nothing is closed at once
    }

    /** Called holding the entry's local lock: takes a grant handed off by the previous holder, or asks the master. */
    private boolean takeCachedOrAcquireRemotely(LockId id, LocalEntry entry, Deadline deadline, boolean interruptible)
            throws InterruptedException {
        RemoteHold cached = entry.hold();
        if (cached != null) {
            if (!cached.isLost()) {
                return true;
            }
            discard(entry.takeHold()); // a lost grant is never reused
        }
        requireOpen();
        RemoteHold hold = grants.acquire(id, OwnerNames.of(nodeId, Thread.currentThread()), session, deadline,
                interruptible);
        if (hold == null) {
            return false;
        }
        try {
            session.track(hold);
        } catch (RejectedExecutionException e) {
            grants.releaseQuietly(hold);
            throw closedException();
        }
        entry.setHold(hold);
        return true;
    }

    /**
     * Called by the holder on its final unlock: hands the grant off or releases it on the master.
     *
     * @return whether the grant was lost
     */
    private boolean releaseFinal(LocalEntry entry, RemoteHold hold, boolean lost) {
        HandoffPolicy.Decision decision = handoffPolicy.onFinalUnlock(!lost && !closed,
                entry.mutex().hasQueuedThreads(), hold.handoffs());
        if (decision == HandoffPolicy.Decision.HAND_OFF) {
            hold.recordHandoff();
            return false;
        }
        entry.takeHold();
        hold.released();
        if (lost) {
            grants.releaseQuietly(hold);
            return true;
        }
        if (!grants.release(hold)) {
            hold.markLost("the master no longer held it at release (session ended or lock force-removed)");
            return true;
        }
        return false;
    }

    /** Leaves the entry; the last one out releases a grant still cached for a thread that gave up. */
    private void leave(LockId id) {
        while (entries.leave(id)) {
            LocalEntry entry = entries.find(id); // kept: the caller still counts as its user
            ReentrantLock mutex = entry.mutex();
            if (mutex.tryLock()) { // if another thread holds the lock, the cached grant is now its own
                try {
                    if (!mutex.hasQueuedThreads()) {
                        discard(entry.takeHold());
                    }
                } finally {
                    mutex.unlock();
                }
            }
        }
    }

    /** Stops tracking a grant nobody will use and releases it on a best-effort basis. */
    private void discard(RemoteHold hold) {
        if (hold != null) {
            hold.released();
            grants.releaseQuietly(hold);
        }
    }

    private void requireOpen() {
        if (closed) {
            throw closedException();
        }
    }

    private IllegalStateException closedException() {
        return new IllegalStateException("DistributeLock of node " + nodeId + " is closed");
    }
}
