package io.lockfacade.client.distributed;

import io.lockfacade.api.AcquisitionRefusedException;
import io.lockfacade.api.LockGrant;
import io.lockfacade.api.LockServiceUnavailableException;
import io.lockfacade.api.PrimitiveLockService;
import io.lockfacade.api.SessionExpiredException;
import io.lockfacade.client.readwrite.ReadWriteMode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;

/**
 * Asks the master for read and write grants of read-write locks under the node's session and gives them back, as
 * {@link RemoteGrants} does for locks: a wait is a series of calls of at most the remote wait cap each, a session
 * the master says has ended is replaced and the call repeated, and a call that failed after it may have reached
 * the master is followed by a best-effort release (the calls are idempotent per owner).
 */
final class RemoteReadWriteGrants {

    private static final Logger log = LoggerFactory.getLogger(RemoteReadWriteGrants.class);

    /** Consecutive "session ended" answers after which an acquisition gives up. */
    private static final int MAX_SESSION_RENEWALS = 3;

    private final PrimitiveLockService master;
    private final String masterName;
    private final long waitCapMillis;

    RemoteReadWriteGrants(PrimitiveLockService master, String masterName, Duration remoteWaitCap) {
        this.master = master;
        this.masterName = masterName;
        this.waitCapMillis = remoteWaitCap.toMillis();
    }

    /**
     * Asks for the lock in {@code mode} until granted or the deadline passes; an interrupt is noticed between calls.
     *
     * @return the hold, or {@code null} if others still held the lock at the deadline
     * @throws InterruptedException            if interruptible and interrupted; no grant is left behind
     * @throws LockServiceUnavailableException if the master cannot be reached; no grant is left behind
     * @throws AcquisitionRefusedException     if the master refused the call as it can never be granted
     */
    RemoteHold acquire(LockId id, ReadWriteMode mode, String owner, NodeSession sessions, Deadline deadline,
                       boolean interruptible) throws InterruptedException {
        int sessionRenewals = 0;
        while (true) {
            if (interruptible && Thread.interrupted()) {
                throw new InterruptedException("interrupted while waiting for the " + describe(mode, id));
            }
            SessionLease session = sessions.current();
            LockGrant grant;
            try {
                long waitMillis = deadline.remainingMillisCappedAt(waitCapMillis);
                grant = mode == ReadWriteMode.READ
                        ? master.tryReadLockInSession(id.lockType(), id.key(), owner, session.id(), waitMillis)
                        : master.tryWriteLockInSession(id.lockType(), id.key(), owner, session.id(), waitMillis);
            } catch (IllegalArgumentException | AcquisitionRefusedException e) {
                throw e; // refused before anything was granted
            } catch (SessionExpiredException e) {
                sessions.lost(session, "the master ended it: " + e.getMessage());
                if (++sessionRenewals >= MAX_SESSION_RENEWALS) {
                    throw new LockServiceUnavailableException(describe(mode, id) + ": the master " + masterName
                            + " ended " + sessionRenewals + " sessions of this node in a row", e);
                }
                continue; // nothing was granted
            } catch (RuntimeException e) {
                releaseQuietly(id, mode, owner); // the master may have granted before the reply was lost
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

    /**
     * Releases a grant on the master.
     *
     * @return {@code false} if the master no longer held it for this owner (it was lost)
     * @throws LockServiceUnavailableException if the master cannot be reached; the grant ends with the session
     */
    boolean release(RemoteHold hold, ReadWriteMode mode) {
        LockId id = hold.id();
        return mode == ReadWriteMode.READ ? master.unlockRead(id.lockType(), id.key(), hold.owner())
                : master.unlockWrite(id.lockType(), id.key(), hold.owner());
    }

    /**
     * Waits, parked on the master for at most the remote wait cap, until a call queues behind the grant.
     *
     * @return the answer of {@link PrimitiveLockService#awaitReadWriteWaiter}
     * @throws io.lockfacade.api.CallNotServedException if the master is too old to serve it
     * @throws LockServiceUnavailableException          if the master cannot be reached
     */
    int awaitWaiter(RemoteHold hold) {
        LockId id = hold.id();
        return master.awaitReadWriteWaiter(id.lockType(), id.key(), hold.owner(), waitCapMillis);
    }

    /** Releases a grant that may or may not exist, logging instead of throwing; the session covers a failure. */
    void releaseQuietly(RemoteHold hold, ReadWriteMode mode) {
        releaseQuietly(hold.id(), mode, hold.owner());
    }

    /** @return how messages name the master */
    String master() {
        return masterName;
    }

    private void releaseQuietly(LockId id, ReadWriteMode mode, String owner) {
        try {
            if (mode == ReadWriteMode.READ) {
                master.unlockRead(id.lockType(), id.key(), owner);
            } else {
                master.unlockWrite(id.lockType(), id.key(), owner);
            }
        } catch (RuntimeException e) {
            log.warn("Could not release the {} for {} on {}; the master frees it when the session ends: {}",
                    describe(mode, id), owner, masterName, e.toString());
        }
    }

    static String describe(ReadWriteMode mode, LockId id) {
        return (mode == ReadWriteMode.READ ? "read lock of " : "write lock of ") + id;
    }
}
