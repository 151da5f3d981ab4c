package io.lockfacade.api;

/**
 * Read-write locks, semaphores and leaderships over Hessian RPC, at the same endpoint as {@link MemoryLockService}
 * ({@code POST /remoting/MemoryLockService}); its methods are new names, so a client of the older methods sees no
 * change. Every grant lives under a session ({@link MemoryLockService#openSession}): it is released when the
 * session ends and never otherwise taken from a live session but by an operator. Grants carry fencing tokens from
 * the master's one counter, shared with locks, so they strictly increase across locks, modes and primitives. Each
 * primitive is a namespace of its own: a mutex, a read-write lock and a semaphore of one type and key are three.
 *
 * <p>Arguments are checked as {@link MemoryLockService}'s are ({@link LockArguments}; counts of permits up to
 * {@link LockLimits#MAX_PERMITS}); a bad one is answered with an {@link IllegalArgumentException} naming it and
 * nothing changes. Waiting calls wait as {@code tryLockInSession} does: first come, first served, woken at once,
 * capped per call. Every call is idempotent per owner: asking again for what one holds returns the same grant. A
 * master that does not serve these calls answers {@link CallNotServedException}.
 */
public interface PrimitiveLockService {

    /** {@link #awaitReadWriteWaiter}: a call waits for the lock. */
    int READ_WRITE_WAITING = 1;

    /** {@link #awaitReadWriteWaiter}: no call waited for the lock when the wait ended. */
    int READ_WRITE_QUIET = 0;

    /** {@link #awaitReadWriteWaiter}: the owner holds neither mode of the lock. */
    int READ_WRITE_NOT_HELD = -1;

    /**
     * Grants the read lock to {@code owner}, shared with every other reader. Once a writer waits, new readers queue
     * behind it (no writer starvation). An owner that holds the write lock may take the read lock too (downgrade:
     * it may then release the write lock and keep reading).
     *
     * @return the grant, or {@code null} if a writer still holds or waits for the lock when the wait ends
     * @throws SessionExpiredException  if the session has ended or was never opened; nothing was granted
     * @throws IllegalArgumentException if an argument is outside {@link LockLimits}
     */
    LockGrant tryReadLockInSession(String lockType, String key, String owner, String sessionId, long waitMillis);

    /**
     * Grants the write lock to {@code owner}, excluding every reader and writer of other owners.
     *
     * @return the grant, or {@code null} if the lock is still held by others when the wait ends
     * @throws AcquisitionRefusedException if {@code owner} holds only the read lock: it would wait for itself, so
     *                                     the call is refused at once and nothing changes
     * @throws SessionExpiredException     if the session has ended or was never opened; nothing was granted
     * @throws IllegalArgumentException    if an argument is outside {@link LockLimits}
     */
    LockGrant tryWriteLockInSession(String lockType, String key, String owner, String sessionId, long waitMillis);

    /**
     * {@link #tryReadLockInSession} by a thread that holds other locks, so that the master can find a cycle of
     * waits through it, as {@link MemoryLockService#tryLockInSessionHolding} does for a mutex: the read lock waits
     * for the writer that holds it. A master that does not detect deadlocks answers it as
     * {@code tryReadLockInSession}: the default method.
     *
     * @param heldLocks           what the calling thread holds, with fencing tokens (any primitive's grants), see
     *                            {@link io.lockfacade.api.deadlock.HeldLock#encode}; empty for none
     * @param deadlockCheckMillis how long the call waits before it is checked, 0 to 60,000
     * @throws DeadlockException        if the call is the youngest wait of a cycle; it keeps what it holds
     * @throws IllegalArgumentException if an argument is outside {@link LockLimits} or {@code heldLocks} is
     *                                  malformed; nothing changes
     */
    default LockGrant tryReadLockInSessionHolding(String lockType, String key, String owner, String sessionId,
                                                  long waitMillis, String heldLocks, long deadlockCheckMillis) {
        return tryReadLockInSession(lockType, key, owner, sessionId, waitMillis);
    }

    /**
     * {@link #tryWriteLockInSession} by a thread that holds other locks: the write lock waits for the writer and
     * for every reader that holds it. Otherwise as {@link #tryReadLockInSessionHolding}.
     */
    default LockGrant tryWriteLockInSessionHolding(String lockType, String key, String owner, String sessionId,
                                                   long waitMillis, String heldLocks, long deadlockCheckMillis) {
        return tryWriteLockInSession(lockType, key, owner, sessionId, waitMillis);
    }

    /**
     * Releases the read lock {@code owner} holds; waiting calls that now fit get the lock.
     *
     * @return {@code true} if released; {@code false} (nothing changes) if {@code owner} does not hold it
     */
    boolean unlockRead(String lockType, String key, String owner);

    /**
     * Releases the write lock {@code owner} holds; waiting calls that now fit get the lock.
     *
     * @return {@code true} if released; {@code false} (nothing changes) if {@code owner} does not hold it
     */
    boolean unlockWrite(String lockType, String key, String owner);

    /**
     * Waits until a call of any owner waits for the read-write lock {@code owner} holds: what a holder that shares
     * its grant among many local users needs to know, so that it stops admitting them and gives the lock up once
     * they finish, without asking the master per use. Changes nothing. A call that parks behind the lock answers
     * every such wait at once; so does the release of {@code owner}'s last grant of the lock.
     *
     * @return {@link #READ_WRITE_WAITING} if a call waits for the lock, {@link #READ_WRITE_QUIET} if none waited
     *         when the (capped) wait ended, {@link #READ_WRITE_NOT_HELD} if {@code owner} holds neither mode of it
     *         (released, never granted, or ended with its session or by an operator)
     * @throws IllegalArgumentException if an argument is outside {@link LockLimits}
     */
    int awaitReadWriteWaiter(String lockType, String key, String owner, long waitMillis);

    /**
     * Grants {@code permits} of the semaphore to {@code holder}. Waiting calls are served in order: a call for
     * many permits is not overtaken by later calls for few. Asking again under the same holder name returns its
     * earlier grant, whatever {@code permits} says, so a retried call never takes permits twice.
     *
     * @param holder   names this acquisition; unique per acquisition a client wants to count separately
     * @param permits  how many, 1 to the capacity
     * @param capacity the semaphore's capacity if it has none yet (the first user sets it; an operator may change
     *                 it); ignored otherwise
     * @return the grant, or {@code null} if the permits are not free when the wait ends
     * @throws AcquisitionRefusedException if {@code permits} exceeds the capacity; nothing changes
     * @throws SessionExpiredException     if the session has ended or was never opened; nothing was granted
     * @throws IllegalArgumentException    if an argument is outside {@link LockLimits}
     */
    LockGrant tryAcquirePermits(String lockType, String key, String holder, int permits, int capacity,
                                String sessionId, long waitMillis);

    /**
     * {@link #tryAcquirePermits} by a thread that holds other locks or permits, so that the master can find a cycle
     * of waits through it; {@code holder} names the waiting thread in the cycle. A holder of the semaphore is
     * waited for only when the permits asked for cannot come back without it: the capacity, less what that holder
     * and the caller itself hold (by the grants named in {@code heldLocks}), is below {@code permits}. A master that
     * does not detect deadlocks answers it as {@code tryAcquirePermits}: the default method.
     *
     * @param heldLocks           as for {@link #tryReadLockInSessionHolding}
     * @param deadlockCheckMillis how long the call waits before it is checked, 0 to 60,000
     * @throws DeadlockException if the call is the youngest wait of a cycle; it keeps what it holds
     */
    default LockGrant tryAcquirePermitsHolding(String lockType, String key, String holder, int permits, int capacity,
                                               String sessionId, long waitMillis, String heldLocks,
                                               long deadlockCheckMillis) {
        return tryAcquirePermits(lockType, key, holder, permits, capacity, sessionId, waitMillis);
    }

    /**
     * Gives permits back: {@code holder} keeps {@code keep} of its permits ({@code 0} gives them all back).
     * Keeping as many as it holds or more changes nothing.
     *
     * @return {@code true} if {@code holder} held permits; {@code false} (nothing changes) if it held none
     */
    boolean releasePermits(String lockType, String key, String holder, int keep);

    /**
     * @return how many permits of the semaphore are free now (never negative), or {@code -1} if it has no
     *         capacity yet: nobody holds or waits for a permit and no operator set one
     */
    int availablePermits(String lockType, String key);

    /**
     * Makes {@code participant} take part in the leadership {@code name} (asking again changes nothing) and waits
     * up to {@code waitMillis} for it to lead. Participants lead in the order they joined; a leader that leaves,
     * is revoked or whose session ends hands over to the next at once.
     *
     * @return the grant while {@code participant} leads (its fencing token is the epoch, lock type
     *         {@code "leadership"}, key {@code name}), or {@code null} if another leads when the wait ends (it
     *         still takes part)
     * @throws SessionExpiredException  if the session has ended or was never opened; it does not take part
     * @throws IllegalArgumentException if an argument is outside {@link LockLimits}
     */
    LockGrant joinLeadership(String name, String participant, String sessionId, long waitMillis);

    /**
     * Takes {@code participant} out of the leadership; if it led, the next participant leads at once.
     *
     * @return {@code true} if it took part; {@code false} (nothing changes) otherwise
     */
    boolean leaveLeadership(String name, String participant);

    /**
     * Reads where {@code participant} stands; changes nothing. A participant whose session has run out neither
     * leads nor takes part, even before anything frees what it held.
     *
     * @return its epoch if it leads, {@code 0} if it takes part without leading, {@code -1} if it does not take part
     */
    long leadershipEpoch(String name, String participant);
}
