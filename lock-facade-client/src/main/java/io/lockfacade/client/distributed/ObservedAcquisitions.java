package io.lockfacade.client.distributed;

import io.lockfacade.api.LockLostException;
import io.lockfacade.client.LockObserver;
import io.lockfacade.client.LockObserver.AcquisitionOutcome;

/**
 * Tells a {@link LockObserver} about a node's acquisitions and releases: wraps the {@link LocalArbiter}'s two
 * operations without changing what they do. With {@link LockObserver#NONE} it adds nothing to a call.
 *
 * <p>Only a thread's first acquisition of a lock and its final unlock are reported (re-entries are counted in the
 * arbiter, not here). An acquisition served by a grant that another local thread handed off is recognised by the
 * grant having had a holder before ({@link RemoteHold#recordHolder}): a fresh grant from the master has none.
 */
final class ObservedAcquisitions {

    private final LocalArbiter arbiter;
    private final LockObserver observer;

    ObservedAcquisitions(LocalArbiter arbiter, LockObserver observer) {
        this.arbiter = arbiter;
        this.observer = observer;
    }

    /** {@link LocalArbiter#acquire}, reported. */
    boolean acquire(LockId id, Deadline deadline, boolean interruptible) throws InterruptedException {
        if (observer == LockObserver.NONE || arbiter.holdOfCurrentThread(id) != null) {
            return arbiter.acquire(id, deadline, interruptible);
        }
        long started = System.nanoTime();
        boolean acquired;
        try {
            acquired = arbiter.acquire(id, deadline, interruptible);
        } catch (RuntimeException | InterruptedException e) {
            observer.acquisitionEnded(id.lockType(), AcquisitionOutcome.FAILED, System.nanoTime() - started);
            throw e;
        }
        long ended = System.nanoTime();
        if (!acquired) {
            observer.acquisitionEnded(id.lockType(), AcquisitionOutcome.TIMED_OUT, ended - started);
            return false;
        }
        boolean handedOff = arbiter.holdOfCurrentThread(id).recordHolder(ended) > 0;
        observer.acquisitionEnded(id.lockType(), AcquisitionOutcome.ACQUIRED, ended - started);
        if (handedOff) {
            observer.handedOff(id.lockType());
        }
        return true;
    }

    /** {@link LocalArbiter#release}, reported when it is the thread's final unlock. */
    void release(LockId id) {
        RemoteHold hold = observer == LockObserver.NONE ? null : arbiter.holdOfCurrentThread(id);
        if (hold == null) {
            arbiter.release(id); // unobserved, or not held: throws IllegalMonitorStateException
            return;
        }
        long heldSince = hold.heldSinceNanos();
        boolean lost = false;
        try {
            arbiter.release(id);
        } catch (LockLostException e) {
            lost = true;
            throw e;
        } finally {
            if (arbiter.holdOfCurrentThread(id) == null) {
                observer.released(id.lockType(), System.nanoTime() - heldSince);
                if (lost) {
                    observer.lost(id.lockType(), hold.lossKind());
                }
            }
        }
    }
}
