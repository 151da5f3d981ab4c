package io.lockfacade.client.distributed;

import io.lockfacade.api.DeadlockException;
import io.lockfacade.api.LockLostException;
import io.lockfacade.api.LockServiceUnavailableException;
import io.lockfacade.api.YieldOutcome;
import io.lockfacade.client.deadlock.DeadlockDetection;
import io.lockfacade.client.deadlock.ThreadWaits;

import java.util.Collection;
import java.util.List;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * Applies the {@link GrantState} machine of one node's locks: a local lock per lock (fair unless told otherwise)
 * decides which local thread may move its grant; {@link GrantTransitions} decides the move from the state and the
 * time read from the node's clock; this class stores the next state and performs the move's effect (asks the
 * master, releases remotely, reports a loss). Only the thread holding an entry's local lock talks to the master
 * about it, and no local lock other than the entry's own is held across a remote call.
 *
 * <p>A cached grant nobody takes is released by the last thread to leave the entry.
 *
 * <p>Local waits are checked for deadlocks ({@link ThreadWaits}): a cycle of threads of this node, each waiting for
 * a local lock (or a side of a local read-write lock, {@link LocalReadWriteWait}) another one holds, is found here
 * without a remote call. A thread holding a local lock while it
 * asks the master is not in a local wait, so a cycle through it is not one of this node's alone.
 */
final class LocalArbiter implements AutoCloseable {

    private final String nodeId;
    private final RemoteGrants grants;
    private final NodeSession session;
    private final GrantTransitions transitions;
    private final LongSupplier nanoClock;
    private final LocalEntries entries;
    private final WaiterProbes probes;
    private final ThreadWaits<Object> localWaits;
    private final HeldByThread heldByThread;
    private final Consumer<LockId> victims;
    private volatile boolean closed;

    /**
     * Measures time on the session's clock, so that a grant and its session agree on when the TTL ran out.
     *
     * @param fairLocalLock     whether local threads take each lock first come, first served
     * @param deadlockDetection whether and after how long a local wait is checked for a deadlock
     * @param victims           told the lock of each deadlock victim before its exception is thrown
     * @param heldByThread      what each thread of the node holds, shared with the node's semaphores
     */
    LocalArbiter(String nodeId, RemoteGrants grants, NodeSession session, HandoffPolicy handoffPolicy,
                 boolean fairLocalLock, DeadlockDetection deadlockDetection, Consumer<LockId> victims,
                 HeldByThread heldByThread) {
        this.entries = new LocalEntries(fairLocalLock);
        this.nodeId = nodeId;
        this.grants = grants;
        this.session = session;
        this.transitions = new GrantTransitions(handoffPolicy);
        this.probes = new WaiterProbes(grants, nodeId);
        this.nanoClock = session.nanoClock();
        this.localWaits = ThreadWaits.withHolders(deadlockDetection, this::localHolders,
                thread -> OwnerNames.of(nodeId, thread), Object::toString,
                waited -> victims.accept(waited instanceof LocalReadWriteWait rw ? rw.id() : (LockId) waited));
        this.heldByThread = heldByThread;
        this.victims = victims;
    }

    /**
     * Acquires the lock for the current thread: re-entry locally, else wait for the local lock, then take a
     * handed-off grant or ask the master, all before {@code deadline}.
     *
     * @return whether the lock is now held; on {@code false} or an exception nothing is left behind
     * @throws InterruptedException  if interruptible and interrupted
     * @throws IllegalStateException if closed
     * @throws io.lockfacade.api.DeadlockException if the local wait closed a cycle of local waits
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
            } else if (localWaits.await(id, deadline.remainingNanos(), interruptible,
                    cap -> deadline.lock(mutex, cap != 0, cap))) {
                try {
                    acquired = takeCachedOrAcquireRemotely(id, entry, deadline, interruptible);
                } finally {
                    if (!acquired) {
                        mutex.unlock();
                    }
                }
                if (acquired) {
                    heldByThread.took(id, entry.hold());
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
        String lossReason;
        try {
            if (entry.mutex().getHoldCount() == 1) {
                heldByThread.released(id);
                lossReason = releaseFinal(entry);
            } else {
                lossReason = hold.lossReasonAt(nanoClock.getAsLong());
            }
        } finally {
            entry.mutex().unlock();
            leave(id);
        }
        if (lossReason != null) {
            throw new LockLostException("lock " + id + " (fencing token " + hold.fencingToken()
                    + ") was lost while held: " + lossReason);
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

    /** @return how many local threads wait long enough to be checked for a deadlock */
    int checkedWaitCount() {
        return localWaits.waitCount();
    }

    /** @return how many local threads wait for the lock */
    int queueLength(LockId id) {
        LocalEntry entry = entries.find(id);
        return entry == null ? 0 : entry.mutex().getQueueLength();
    }

    /** @return the answer of the current run's {@link WaiterProbe} for the lock, or {@code null} if none was asked */
    WaiterProbe.Answer probeAnswer(LockId id) {
        LocalEntry entry = entries.find(id);
        GrantState state = entry == null ? GrantState.FREE : entry.state();
        WaiterProbe probe = state instanceof GrantState.Held held ? held.probe()
                : state instanceof GrantState.Cached cached ? cached.probe() : null;
        return probe == null ? null : probe.answer();
    }

    /** Refuses new acquisitions, stops keep-alives and releases cached grants; held grants stay with their holders. */
    @Override
    public void close() {
        closed = true;
        localWaits.stopChecking();
        for (LockId id : entries.ids()) {
            ReentrantLock mutex = entries.join(id).mutex(); // as a user, so that nobody else cleans up meanwhile
            try {
                if (!mutex.isHeldByCurrentThread() && mutex.tryLock()) {
                    try {
                        abandon(entries.find(id));
                    } finally {
                        mutex.unlock();
                    }
                }
            } finally {
                leave(id);
            }
        }
        probes.close();
        session.close(); // after the cached grants went: a session left holding nothing is closed at once
    }

    /** Called holding the entry's local lock: takes a grant handed off by the previous holder, or asks the master. */
    private boolean takeCachedOrAcquireRemotely(LockId id, LocalEntry entry, Deadline deadline, boolean interruptible)
            throws InterruptedException {
        GrantStep step = entry.apply(transitions.take(entry.state(), nanoClock.getAsLong()));
        switch (step.effect()) {
            case USE_CACHED -> {
                return true;
            }
            case DISCARD_THEN_ASK_MASTER -> discard(step.hold()); // a lost grant is never reused
            case ASK_MASTER -> { }
            default -> throw new IllegalStateException("unexpected step on taking " + id + ": " + step);
        }
        requireOpen();
        RemoteHold hold;
        try {
            hold = grants.acquire(id, OwnerNames.of(nodeId, Thread.currentThread()), session, deadline,
                    interruptible, heldByThread.current(), heldByThread.checkDelayMillis());
        } catch (DeadlockException e) {
            victims.accept(id);
            throw e;
        }
        if (hold == null) {
            return false;
        }
        try {
            session.track(hold);
        } catch (RejectedExecutionException e) {
            grants.releaseQuietly(hold);
            throw closedException();
        }
        entry.set(transitions.granted(entry.state(), hold));
        return true;
    }

    /**
     * Called by the holder on its final unlock: hands the grant off or releases it on the master.
     *
     * @return why the grant was lost, or {@code null} if it was not
     */
    private String releaseFinal(LocalEntry entry) {
        GrantStep step = entry.apply(transitions.finalUnlock(entry.state(), nanoClock.getAsLong(),
                entry.mutex().hasQueuedThreads(), closed));
        RemoteHold hold = step.hold();
        switch (step.effect()) {
            case HANDED_OFF -> {
                return null;
            }
            case PROBE_WAITERS -> {
                probes.ask(hold, ((GrantState.Cached) step.next()).probe()); // the next state carries the question
                return null;
            }
            case REPORT_LOST -> {
                discard(hold);
                return step.lossReason();
            }
            case RELEASE_ON_MASTER -> {
                return releaseOnMaster(hold);
            }
            case YIELD_TO_WAITERS -> {
                return yieldToWaiters(entry, hold);
            }
            default -> throw new IllegalStateException("unexpected step on the final unlock: " + step);
        }
    }

    /** @return why the grant was lost, or {@code null} if the master released it for this owner */
    private String releaseOnMaster(RemoteHold hold) {
        hold.released();
        if (grants.release(hold)) {
            return null;
        }
        hold.markLost("the master no longer held it at release (session ended or lock force-removed)");
        return hold.lossReasonAt(nanoClock.getAsLong());
    }

    /**
     * After a run of hand-offs: the master releases the grant if another node's call waits for it, else this node
     * keeps it for the next local thread. If the master cannot answer (unreachable, or older than the method),
     * the grant is released as before the method existed.
     *
     * @return why the grant was lost, or {@code null} if it was kept or released
     */
    private String yieldToWaiters(LocalEntry entry, RemoteHold hold) {
        YieldOutcome outcome;
        try {
            outcome = grants.yieldToWaiters(hold);
        } catch (LockServiceUnavailableException e) {
            entry.apply(transitions.yielded(entry.state(), false));
            return releaseOnMaster(hold);
        }
        GrantStep step = entry.apply(transitions.yielded(entry.state(), outcome == YieldOutcome.KEPT));
        if (step.effect() == GrantStep.Effect.HANDED_OFF) {
            return null;
        }
        hold.released();
        if (outcome == YieldOutcome.RELEASED) {
            return null;
        }
        hold.markLost("the master no longer held it when asked to yield (session ended or lock force-removed)");
        return hold.lossReasonAt(nanoClock.getAsLong());
    }

    /** Leaves the entry; the last one out releases a grant still cached for a thread that gave up. */
    private void leave(LockId id) {
        while (entries.leave(id)) {
            LocalEntry entry = entries.find(id); // kept: the caller still counts as its user
            ReentrantLock mutex = entry.mutex();
            if (mutex.tryLock()) { // if another thread holds the lock, the cached grant is now its own
                try {
                    if (!mutex.hasQueuedThreads()) {
                        abandon(entry);
                    }
                } finally {
                    mutex.unlock();
                }
            }
        }
    }

    /** Called holding the entry's local lock: drops a cached grant nobody is left to take. */
    private void abandon(LocalEntry entry) {
        GrantStep step = entry.apply(transitions.abandon(entry.state()));
        if (step.effect() == GrantStep.Effect.DISCARD) {
            discard(step.hold());
        }
    }

    /** Stops tracking a grant nobody will use and releases it on a best-effort basis. */
    private void discard(RemoteHold hold) {
        hold.released();
        grants.releaseQuietly(hold);
    }

    /** @return the local wait-for graph of this node's threads, which its read-write locks' local waits join */
    ThreadWaits<Object> localWaits() {
        return localWaits;
    }

    /** @return who a local wait for {@code waited} (a lock's {@link LockId}, or a {@link LocalReadWriteWait}) waits for */
    private Collection<Thread> localHolders(Object waited) {
        if (waited instanceof LocalReadWriteWait readWrite) {
            return readWrite.holders();
        }
        LocalEntry entry = entries.find((LockId) waited);
        Thread holder = entry == null ? null : entry.mutex().holder();
        return holder == null ? List.of() : List.of(holder);
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
