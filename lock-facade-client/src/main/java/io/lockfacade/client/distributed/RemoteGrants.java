package io.lockfacade.client.distributed;

import io.lockfacade.api.LockGrant;
import io.lockfacade.api.LockServiceUnavailableException;
import io.lockfacade.client.transport.RemoteMemoryLockService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;

/**
 * Asks the master for grants and gives them back. Only the thread holding a lock's local entry calls it.
 *
 * <p>An acquisition waits in bounded chunks ({@code tryLock} with at most the remote wait cap each) until the
 * caller's deadline, so that a dead connection is noticed within the transport's timeouts. Whenever an
 * acquisition fails after a call may have reached the master, the owner's grant is released on a best-effort
 * basis; that is safe because {@code tryLock} is idempotent per owner and {@code unlock} checks the owner.
 */
final class RemoteGrants {

    private static final Logger log = LoggerFactory.getLogger(RemoteGrants.class);

    private final RemoteMemoryLockService master;
    private final long leaseMillis;
    private final long waitCapMillis;

    RemoteGrants(RemoteMemoryLockService master, Duration lease, Duration remoteWaitCap) {
        this.master = master;
        this.leaseMillis = lease.toMillis();
        this.waitCapMillis = remoteWaitCap.toMillis();
    }

    /**
     * Asks the master for the lock until granted or the deadline passes. A call in flight is never abandoned,
     * since the master could grant it after the client left: an interrupt is noticed between calls, that is
     * within the remote wait cap.
     *
     * @param interruptible whether an interrupt ends the wait; if not, the interrupt flag stays set
     * @return the grant, or {@code null} if another owner still held the lock at the deadline
     * @throws InterruptedException            if interruptible and interrupted; no grant is left behind
     * @throws LockServiceUnavailableException if the master cannot be reached; no grant is left behind
     */
    LockGrant acquire(LockId id, String owner, Deadline deadline, boolean interruptible) throws InterruptedException {
        while (true) {
            if (interruptible && Thread.interrupted()) {
                throw new InterruptedException("interrupted while waiting for lock " + id);
            }
            LockGrant grant;
            try {
                grant = master.tryLock(id.lockType(), id.key(), owner, leaseMillis,
                        deadline.remainingMillisCappedAt(waitCapMillis));
            } catch (IllegalArgumentException e) {
                throw e; // refused before anything changed on the master
            } catch (RuntimeException e) {
                releaseQuietly(id, owner); // the master may have granted before the reply was lost
                throw e;
            }
            if (grant != null) {
                return grant;
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
     * @throws LockServiceUnavailableException if the master cannot be reached; it frees the lock when the lease
     *                                         expires
     */
    boolean release(RemoteHold hold) {
        return master.unlock(hold.id().lockType(), hold.id().key(), hold.owner());
    }

    /** Releases a grant that may or may not exist, logging instead of throwing; the lease covers a failure. */
    void releaseQuietly(RemoteHold hold) {
        releaseQuietly(hold.id(), hold.owner());
    }

    /**
     * @return whether the master still held the lock for this owner
     */
    boolean renew(RemoteHold hold) {
        return master.renew(hold.id().lockType(), hold.id().key(), hold.owner(), leaseMillis);
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
            log.warn("Could not release lock {} for {} on {}; the master frees it when its lease of {} ms ends: {}",
                    id, owner, master.master(), leaseMillis, e.toString());
        }
    }
}
