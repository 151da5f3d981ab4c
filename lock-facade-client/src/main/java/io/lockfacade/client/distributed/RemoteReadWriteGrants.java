package io.lockfacade.client.distributed;

import io.lockfacade.api.AcquisitionRefusedException;
import io.lockfacade.api.CallNotServedException;
import io.lockfacade.api.DeadlockException;
import io.lockfacade.api.LockGrant;
import io.lockfacade.api.LockServiceUnavailableException;
import io.lockfacade.api.PrimitiveLockService;
import io.lockfacade.api.SessionExpiredException;
import io.lockfacade.api.deadlock.HeldLock;
import io.lockfacade.client.deadlock.DeadlockDetection;
import io.lockfacade.client.readwrite.ReadWriteMode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;

/**
 * Asks the master for read and write grants of read-write locks under the node's session and gives them back, as
 * {@link RemoteGrants} does for locks: a wait is a series of calls of at most the remote wait cap each, a session
 * the master says has ended is replaced and the call repeated, and a call that failed after it may have reached
 * the master is followed by a best-effort release (the calls are idempotent per owner).
 *
 * <p>A thread that holds locks, permits or read-write grants names them in its waiting calls
 * ({@code tryReadLockInSessionHolding}, {@code tryWriteLockInSessionHolding}), so that the master can find a cycle
 * through read-write locks; the node's {@link HeldByThread} also learns the read-write grants each thread holds
 * ({@link #held}, {@link #released}), so that its waits for locks and permits name them too.
 */
final class RemoteReadWriteGrants {

    private static final Logger log = LoggerFactory.getLogger(RemoteReadWriteGrants.class);

    /** Consecutive "session ended" answers after which an acquisition gives up. */
    private static final int MAX_SESSION_RENEWALS = 3;

    private final PrimitiveLockService master;
    private final String masterName;
    private final long waitCapMillis;
    private final HeldByThread heldByThread;
    private final Consumer<String> victims;
    /** Cleared when the master turns out older than the checked calls: later calls are plain. */
    private volatile boolean masterChecksDeadlocks = true;

    /** Grants whose waits name nothing: the master does not check them for deadlocks. */
    RemoteReadWriteGrants(PrimitiveLockService master, String masterName, Duration remoteWaitCap) {
        this(master, masterName, remoteWaitCap, new HeldByThread(DeadlockDetection.OFF), lockType -> { });
    }

    /**
     * @param heldByThread what each thread of the node holds, shared with its locks and semaphores
     * @param victims      told the lock type of each deadlock victim's lock before its exception is thrown
     */
    RemoteReadWriteGrants(PrimitiveLockService master, String masterName, Duration remoteWaitCap,
                          HeldByThread heldByThread, Consumer<String> victims) {
        this.master = master;
        this.masterName = masterName;
        this.waitCapMillis = remoteWaitCap.toMillis();
        this.heldByThread = heldByThread;
        this.victims = victims;
    }

    /** The current thread now holds the grant in {@code mode} (named in its later waits); {@code null}: nothing. */
    void held(LockId id, ReadWriteMode mode, RemoteHold hold) {
        if (hold != null) {
            heldByThread.took(new Claim(id, mode), new HeldLock(id.lockType(), id.key(), hold.fencingToken()));
        }
    }

    /** The current thread no longer holds the grant in {@code mode}. */
    void released(LockId id, ReadWriteMode mode) {
        heldByThread.released(new Claim(id, mode));
    }

    /** How {@link HeldByThread} tells a thread's read-write grants from its other grants. */
    private record Claim(LockId id, ReadWriteMode mode) {
    }

    /**
     * Asks for the lock in {@code mode} until granted or the deadline passes; an interrupt is noticed between calls.
     *
     * @return the hold, or {@code null} if others still held the lock at the deadline
     * @throws InterruptedException            if interruptible and interrupted; no grant is left behind
     * @throws LockServiceUnavailableException if the master cannot be reached; no grant is left behind
     * @throws AcquisitionRefusedException     if the master refused the call as it can never be granted
     * @throws DeadlockException               if the master chose this wait as a deadlock's victim; nothing held
     */
    RemoteHold acquire(LockId id, ReadWriteMode mode, String owner, NodeSession sessions, Deadline deadline,
                       boolean interruptible) throws InterruptedException {
        List<HeldLock> held = heldByThread.current();
        String heldLocks = held.isEmpty() ? null : HeldLock.encode(held);
        int sessionRenewals = 0;
        while (true) {
            if (interruptible && Thread.interrupted()) {
                throw new InterruptedException("interrupted while waiting for the " + describe(mode, id));
            }
            SessionLease session = sessions.current();
            LockGrant grant;
            boolean checked = false;
            try {
                long waitMillis = deadline.remoteWaitMillisCappedAt(waitCapMillis);
                checked = heldLocks != null && waitMillis > 0 && masterChecksDeadlocks;
                grant = checked ? checked(id, mode, owner, session.id(), waitMillis, heldLocks)
                        : mode == ReadWriteMode.READ
                        ? master.tryReadLockInSession(id.lockType(), id.key(), owner, session.id(), waitMillis)
                        : master.tryWriteLockInSession(id.lockType(), id.key(), owner, session.id(), waitMillis);
            } catch (DeadlockException e) {
                victims.accept(id.lockType());
                throw e; // withdrawn as a deadlock's victim before anything was granted
            } catch (CallNotServedException e) {
                if (!checked) {
                    throw e; // the master serves no read-write locks: nothing was granted
                }
                log.info("The lock master {} does not check deadlocks through read-write locks (older than the "
                        + "method); waits are sent unchecked", masterName);
                masterChecksDeadlocks = false;
                continue; // nothing changed on the master
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

    /** The call of a thread that holds {@code heldLocks}, which the master checks for deadlocks. */
    private LockGrant checked(LockId id, ReadWriteMode mode, String owner, String sessionId, long waitMillis,
                              String heldLocks) {
        return mode == ReadWriteMode.READ
                ? master.tryReadLockInSessionHolding(id.lockType(), id.key(), owner, sessionId, waitMillis,
                heldLocks, heldByThread.checkDelayMillis())
                : master.tryWriteLockInSessionHolding(id.lockType(), id.key(), owner, sessionId, waitMillis,
                heldLocks, heldByThread.checkDelayMillis());
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
