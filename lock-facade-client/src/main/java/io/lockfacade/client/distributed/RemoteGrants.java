package io.lockfacade.client.distributed;

import io.lockfacade.api.DeadlockException;
import io.lockfacade.api.LockGrant;
import io.lockfacade.api.LockServiceUnavailableException;
import io.lockfacade.api.YieldOutcome;
import io.lockfacade.api.SessionExpiredException;
import io.lockfacade.api.deadlock.HeldLock;
import io.lockfacade.client.transport.RemoteMemoryLockService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.List;

/**
 * Asks the master for grants and gives them back. Only the thread holding a lock's local entry calls it.
 *
 * <p>An acquisition waits in bounded chunks ({@code tryLock} with at most the remote wait cap each) until the
 * caller's deadline, so that a dead connection is noticed within the transport's timeouts. Whenever an
 * acquisition fails after a call may have reached the master, the owner's grant is released on a best-effort
 * basis; that is safe because {@code tryLockInSession} is idempotent per owner and {@code unlock} checks the owner.
 */
final class RemoteGrants {

    private static final Logger log = LoggerFactory.getLogger(RemoteGrants.class);

    /** Consecutive "session ended" answers after which an acquisition gives up. */
    private static final int MAX_SESSION_RENEWALS = 3;

    /** How a master older than {@code tryLockInSessionHolding} refuses it: before decoding, changing nothing. */
    private static final String UNKNOWN_METHOD = "Hessian call refused: unknown method";
    private static final int MAX_CAUSE_DEPTH = 4;

    private final RemoteMemoryLockService master;
    private final long waitCapMillis;
    /** Cleared when the master turns out older than the method: later calls are plain, unchecked. */
    private volatile boolean masterChecksDeadlocks = true;

    RemoteGrants(RemoteMemoryLockService master, Duration remoteWaitCap) {
        this.master = master;
        this.waitCapMillis = remoteWaitCap.toMillis();
    }

    /**
     * Asks the master for the lock until granted or the deadline passes. A call in flight is never abandoned,
     * since the master could grant it after the client left: an interrupt is noticed between calls, that is
     * within the remote wait cap.
     *
     * <p>The grant lives under the node's session; a session the master says has ended is replaced by a new
     * one and the call repeated.
     *
     * @param interruptible whether an interrupt ends the wait; if not, the interrupt flag stays set
     * @return the hold, or {@code null} if another owner still held the lock at the deadline
     * @throws InterruptedException            if interruptible and interrupted; no grant is left behind
     * @throws LockServiceUnavailableException if the master cannot be reached; no grant is left behind
     */
    RemoteHold acquire(LockId id, String owner, NodeSession sessions, Deadline deadline, boolean interruptible)
            throws InterruptedException {
        return acquire(id, owner, sessions, deadline, interruptible, List.of(), 0);
    }

    /**
     * {@link #acquire(LockId, String, NodeSession, Deadline, boolean)} by a thread that holds {@code held}: the
     * master checks each call for a deadlock once it has waited {@code checkDelayMillis}.
     *
     * @param held the locks the calling thread holds; empty for none (the call is then not checked: a thread that
     *             holds nothing cannot be part of a cycle)
     * @throws DeadlockException if the master chose this wait as a deadlock's victim; nothing was granted
     */
    RemoteHold acquire(LockId id, String owner, NodeSession sessions, Deadline deadline, boolean interruptible,
                       List<HeldLock> held, long checkDelayMillis) throws InterruptedException {
        String heldLocks = held.isEmpty() ? null : HeldLock.encode(held);
        boolean checked = heldLocks != null && masterChecksDeadlocks;
        int sessionRenewals = 0;
        while (true) {
            if (interruptible && Thread.interrupted()) {
                throw new InterruptedException("interrupted while waiting for lock " + id);
            }
            SessionLease session = sessions.current();
            LockGrant grant;
            try {
                long waitMillis = deadline.remoteWaitMillisCappedAt(waitCapMillis);
                grant = !checked || waitMillis == 0 // a call that does not wait cannot close a cycle
                        ? master.tryLockInSession(id.lockType(), id.key(), owner, session.id(), waitMillis)
                        : master.tryLockInSessionHolding(id.lockType(), id.key(), owner, session.id(), waitMillis,
                                heldLocks, checkDelayMillis);
            } catch (IllegalArgumentException | DeadlockException e) {
                throw e; // refused, or withdrawn as a deadlock's victim, before anything was granted
            } catch (SessionExpiredException e) {
                sessions.lost(session, "the master ended it: " + e.getMessage());
                if (++sessionRenewals >= MAX_SESSION_RENEWALS) {
                    throw new LockServiceUnavailableException("lock " + id + ": the master " + master.master()
                            + " ended " + sessionRenewals + " sessions of this node in a row", e);
                }
                continue; // nothing was granted
            } catch (RuntimeException e) {
                if (checked && refusedAsUnknown(e)) {
                    log.info("The lock master {} does not check deadlocks across nodes (older than the method); "
                            + "waits are sent unchecked", master.master());
                    masterChecksDeadlocks = false;
                    checked = false;
                    continue; // nothing changed on the master
                }
                if (!master.settlesAbandonedAcquisitions()) {
                    releaseQuietly(id, owner); // the master may have granted before the reply was lost
                }
                throw e;
            }
            if (grant != null) {
                return new RemoteHold(id, grant, session);
            }
            if (deadline.hasPassed()) {
                return null;
            }
        }
    }

    /** Whether the master refused the call as a method it does not have, before decoding its arguments. */
    private static boolean refusedAsUnknown(RuntimeException failure) {
        Throwable reason = failure;
        for (int depth = 0; reason != null && depth < MAX_CAUSE_DEPTH; depth++, reason = reason.getCause()) {
            if (reason instanceof IllegalStateException
                    && String.valueOf(reason.getMessage()).startsWith(UNKNOWN_METHOD)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Releases a grant on the master.
     *
     * @return {@code false} if the master no longer held it for this owner (it was lost)
     * @throws LockServiceUnavailableException if the master cannot be reached; it frees the lock when the lease
     *                                         expires
     */
    boolean release(RemoteHold hold) {
        return master.unlock(hold.id().lockType(), hold.id().key(), hold.owner())
                || releasedByAnEarlierAttempt(hold);
    }

    /**
     * Releases a grant on the master only if another owner's call waits for it there.
     *
     * @return {@link YieldOutcome#KEPT} if nobody waited (this owner still holds it), {@link YieldOutcome#RELEASED}
     *         if it was released (by this call, or by an earlier attempt whose reply was lost), else
     *         {@link YieldOutcome#NOT_HELD}: it was lost
     * @throws LockServiceUnavailableException if the master cannot be reached, or does not know the method
     */
    YieldOutcome yieldToWaiters(RemoteHold hold) {
        YieldOutcome outcome = master.yieldToWaiters(hold.id().lockType(), hold.id().key(), hold.owner());
        return outcome == YieldOutcome.NOT_HELD && releasedByAnEarlierAttempt(hold) ? YieldOutcome.RELEASED : outcome;
    }

    /**
     * @return whether a call waits on the master for the lock of {@code hold}; reads only
     * @throws LockServiceUnavailableException if the master cannot be reached, or does not know the method
     */
    boolean hasWaiters(RemoteHold hold) {
        return master.hasWaiters(hold.id().lockType(), hold.id().key());
    }

    /**
     * The master says the owner holds the lock no more. That is no loss when an earlier attempt of the same
     * {@code unlock} released it and only its reply was lost (the transport retried, or a master group's next
     * leader answered the retry). One keep-alive tells: a session's locks end only with it, by force-removal or by
     * their owner's {@code unlock}, so if the master still keeps the session and its force-removal count has not
     * grown since the grant, this owner's own {@code unlock} released the lock. Any doubt counts as a loss.
     */
    private boolean releasedByAnEarlierAttempt(RemoteHold hold) {
        try {
            long removals = master.keepAliveSession(hold.session().id());
            return removals >= 0 && removals == hold.removalsAtGrant();
        } catch (RuntimeException e) {
            log.debug("Could not ask the master about the session of {}: {}", hold.id(), e.toString());
            return false;
        }
    }

    /** Releases a grant that may or may not exist, logging instead of throwing; the lease covers a failure. */
    void releaseQuietly(RemoteHold hold) {
        releaseQuietly(hold.id(), hold.owner());
    }

    /**
     * @return whether the master still holds the lock for this owner (a grant under a session is not extended)
     */
    boolean renew(RemoteHold hold) {
        return master.renew(hold.id().lockType(), hold.id().key(), hold.owner(), hold.session().ttlMillis());
    }

    /** @return the TTL the master granted the new session */
    long openSession(String sessionId, long ttlMillis) {
        return master.openSession(sessionId, ttlMillis);
    }

    /** Ends the session on the master, releasing whatever it still holds. */
    void closeSession(SessionLease session) {
        master.closeSession(session.id());
    }

    /** @return the master's count of the session's force-removed locks, or {@code -1} if the session ended */
    long keepAlive(SessionLease session) {
        return master.keepAliveSession(session.id());
    }

    /** @return whether the master holds no live lock of this type */
    boolean isLockTypeEmpty(String lockType) {
        return master.isLockTypeEmpty(lockType);
    }

    /** @return how messages name the master */
    String master() {
        return master.master();
    }

    private void releaseQuietly(LockId id, String owner) {
        try {
            master.unlock(id.lockType(), id.key(), owner);
        } catch (RuntimeException e) {
            log.warn("Could not release lock {} for {} on {}; the master frees it when the session ends: {}",
                    id, owner, master.master(), e.toString());
        }
    }
}
