package io.lockfacade.client.semaphore;

import io.lockfacade.api.AcquisitionRefusedException;
import io.lockfacade.api.CallNotServedException;
import io.lockfacade.api.DeadlockException;
import io.lockfacade.api.LockGrant;
import io.lockfacade.api.LockServiceUnavailableException;
import io.lockfacade.api.PrimitiveLockService;
import io.lockfacade.api.SessionExpiredException;
import io.lockfacade.api.deadlock.HeldLock;
import io.lockfacade.client.distributed.NodeSessionView;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The calls one node makes for its semaphores: acquisitions as a series of waiting calls of at most the remote wait
 * cap each under the node's live session, all under one holder name (so a retry is answered the grant already made);
 * releases that keep what is not given back.
 */
final class RemotePermits {

    private static final Logger log = LoggerFactory.getLogger(RemotePermits.class);
    private static final int MAX_SESSION_RENEWALS = 3;

    private final PrimitiveLockService master;
    private final NodeSessionView session;
    private final long waitCapMillis;
    /** Cleared when the master turns out older than {@code tryAcquirePermitsHolding}: later calls are plain. */
    private volatile boolean masterChecksDeadlocks = true;

    RemotePermits(PrimitiveLockService master, NodeSessionView session, Duration remoteWaitCap) {
        this.master = master;
        this.session = session;
        this.waitCapMillis = remoteWaitCap.toMillis();
    }

    NodeSessionView session() {
        return session;
    }

    /**
     * @param pending          where a release after a failed call is retried
     * @param held             what the calling thread holds; empty for none (the calls are then not checked)
     * @param checkDelayMillis how long the master lets a call wait before it checks it for a deadlock
     * @return the acquisition, or {@code null} if the permits were not free by {@code deadlineNanos} (nothing held)
     * @throws InterruptedException            if interrupted between two calls; nothing held
     * @throws IllegalArgumentException        if more permits than the capacity are asked for; nothing held
     * @throws LockServiceUnavailableException if the master cannot be reached; nothing held (released if the
     *                                         master may have granted)
     * @throws DeadlockException               if the master chose this wait as a deadlock's victim; nothing held
     */
    Acquisition acquire(SemaphoreId id, String holder, int permits, int capacity, long deadlineNanos,
                        PendingReleases pending, List<HeldLock> held, long checkDelayMillis)
            throws InterruptedException {
        String heldLocks = held.isEmpty() ? null : HeldLock.encode(held);
        int sessionRenewals = 0;
        while (true) {
            if (Thread.interrupted()) {
                throw new InterruptedException("interrupted while waiting for permits of " + id);
            }
            String sessionId = session.liveSessionId();
            long remainingMillis = Math.max(0, TimeUnit.NANOSECONDS.toMillis(deadlineNanos - session.nanoTime()));
            LockGrant grant;
            long waitMillis = Math.min(remainingMillis, waitCapMillis);
            boolean checked = heldLocks != null && waitMillis > 0 && masterChecksDeadlocks;
            try {
                grant = checked ? master.tryAcquirePermitsHolding(id.lockType(), id.key(), holder, permits, capacity,
                        sessionId, waitMillis, heldLocks, checkDelayMillis)
                        : master.tryAcquirePermits(id.lockType(), id.key(), holder, permits, capacity, sessionId,
                        waitMillis);
            } catch (CallNotServedException e) {
                if (!checked) {
                    throw e; // the master serves no semaphores
                }
                log.info("The lock master does not check deadlocks through semaphores (older than the method); "
                        + "waits for permits are sent unchecked: {}", e.getMessage());
                masterChecksDeadlocks = false;
                continue; // nothing changed on the master
            } catch (AcquisitionRefusedException e) {
                throw new IllegalArgumentException(e.getMessage(), e); // more permits than the capacity
            } catch (IllegalArgumentException | DeadlockException e) {
                throw e; // refused, or withdrawn as a deadlock's victim, before anything was granted
            } catch (SessionExpiredException e) {
                session.ended(sessionId, e.getMessage());
                if (++sessionRenewals >= MAX_SESSION_RENEWALS) {
                    throw new LockServiceUnavailableException("permits of " + id + ": the master ended "
                            + sessionRenewals + " sessions of this node in a row", e);
                }
                continue; // nothing was granted
            } catch (RuntimeException e) {
                releaseQuietly(id, holder, sessionId, pending); // the master may have granted before the reply was lost
                throw e;
            }
            if (grant != null) {
                return new Acquisition(holder, permits, sessionId, grant.getFencingToken());
            }
            if (deadlineNanos - session.nanoTime() <= 0) {
                return null;
            }
        }
    }

    /**
     * Gives back all but {@code keep} of the acquisition's permits.
     *
     * @return whether the master still held them ({@code false}: they were lost with the session)
     */
    boolean release(SemaphoreId id, String holder, int keep) {
        return master.releasePermits(id.lockType(), id.key(), holder, keep);
    }

    /** @return the free permits on the master, or -1 if the semaphore has no capacity yet */
    int available(SemaphoreId id) {
        return master.availablePermits(id.lockType(), id.key());
    }

    private void releaseQuietly(SemaphoreId id, String holder, String sessionId, PendingReleases pending) {
        try {
            master.releasePermits(id.lockType(), id.key(), holder, 0);
        } catch (RuntimeException e) {
            log.warn("Could not release permits of {} for {} after a failed acquisition; retrying in the "
                    + "background: {}", id, holder, e.toString());
            pending.retryLater(id, holder, 0, sessionId);
        }
    }
}
