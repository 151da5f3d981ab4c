package io.lockfacade.api;

/**
 * The master's lock table as seen over Hessian RPC ({@code POST /remoting/MemoryLockService}).
 *
 * <p>Locks live in a two-level namespace, lock type then key, as in the article this service replaces. Every
 * method validates its arguments with {@link LockArguments}: a bad argument is answered with an
 * {@link IllegalArgumentException} naming it, and the table is left unchanged.
 *
 * <p>The interface has no overloads on purpose: Hessian dispatches by method name.
 */
public interface MemoryLockService {

    /**
     * Grants the lock to {@code owner}, waiting up to {@code waitMillis} for the current holder to release it.
     *
     * <p>Waiters are served first come, first served and are woken the moment the lock is released or expires.
     * The master caps one call's wait (10 s by default); a caller that wants to wait longer calls again.
     * A call from the owner that already holds the lock returns the same grant (same fencing token) and
     * extends its lease, so a retried call is harmless.
     *
     * @param lockType    the lock type, see {@link LockLimits#MAX_NAME_LENGTH}
     * @param key         the key within the type
     * @param owner       an opaque owner id; only this owner may renew or unlock the grant
     * @param leaseMillis the lease; {@code <= 0} means the master's default (10 minutes)
     * @param waitMillis  how long to wait for a busy lock; {@code 0} means do not wait
     * @return the grant, or {@code null} if another owner still holds the lock when the wait ends
     * @throws IllegalArgumentException if an argument is outside {@link LockLimits}
     */
    LockGrant tryLock(String lockType, String key, String owner, long leaseMillis, long waitMillis);

    /**
     * Releases the lock if {@code owner} holds it; the oldest waiter, if any, gets it at once.
     *
     * @return {@code true} if the lock was held by {@code owner} and is now released; {@code false} (and nothing
     *         changes) if it is free, expired, removed, or held by another owner
     * @throws IllegalArgumentException if an argument is outside {@link LockLimits}
     */
    boolean unlock(String lockType, String key, String owner);

    /** {@link #unlockEarly}'s answer: the lock was held by the owner and its release has taken effect. */
    long UNLOCK_RELEASED = 0;

    /** {@link #unlockEarly}'s answer: the owner did not hold the lock; nothing changed ({@code unlock}'s false). */
    long UNLOCK_NOT_HELD = -1;

    /**
     * {@link #unlock} for a client that keeps a release until it knows the release is durable. A master group's
     * leader may answer as soon as the release is on its way to the members' logs, before a majority has stored
     * it, naming the released grant by its fencing token: the caller must then keep the release and confirm it
     * with {@link #settleReleases} (a leader that fails first may lose it), and must not ask for the same lock
     * under the same owner while it does so without first dropping it (a retried acquisition of a lock whose
     * release was lost is answered with the same grant, which a later settle would release). A single master
     * releases at once: this default, which never answers early.
     *
     * @return {@link #UNLOCK_RELEASED} if the lock was held by {@code owner} and its release has taken effect;
     *         {@link #UNLOCK_NOT_HELD} if {@code owner} did not hold it (nothing changes); or, answered early, the
     *         fencing token ({@code > 0}) of the grant whose release is under way
     * @throws IllegalArgumentException if an argument is outside {@link LockLimits}
     */
    default long unlockEarly(String lockType, String key, String owner) {
        return unlock(lockType, key, owner) ? UNLOCK_RELEASED : UNLOCK_NOT_HELD;
    }

    /**
     * Makes releases that {@link #unlockEarly} answered early durable: each grant named that {@code owner} still
     * holds under its fencing token is released now, and the call returns once every named release has taken
     * effect. A grant that has ended, or that is held under another token (granted again since), is left alone,
     * so a settle retried or sent to a new leader can never release a later grant.
     *
     * @param owner  the owner of every grant named
     * @param grants the grants, as {@link io.lockfacade.api.deadlock.HeldLock#encode} writes them (type, key,
     *               token; at most {@link io.lockfacade.api.deadlock.HeldLock#MAX_PER_CALL})
     * @return how many of the named grants were still held and are released now (0 when every release named had
     *         already taken effect)
     * @throws IllegalArgumentException if an argument is outside {@link LockLimits} or {@code grants} is malformed
     * @throws CallNotServedException   if this implementation cannot release a grant by its token (this default)
     */
    default int settleReleases(String owner, String grants) {
        throw new CallNotServedException("settleReleases is not served by " + getClass().getSimpleName());
    }

    /**
     * Releases the lock to the calls waiting for it, if any: an {@link #unlock} when another owner's call waits on
     * this master for the lock, nothing otherwise. A node that passes one grant among its own threads calls it
     * now and then so that other nodes get their turn, without giving up a lock that nobody else wants. Retried
     * after a release it answers {@link YieldOutcome#NOT_HELD}, as a retried {@code unlock} answers {@code false}.
     *
     * @return {@link YieldOutcome#RELEASED} if a call was waiting and the lock is now released (the oldest waiter
     *         has it); {@link YieldOutcome#KEPT} if {@code owner} holds it and no call waits (nothing changes);
     *         {@link YieldOutcome#NOT_HELD} if {@code owner} does not hold it (nothing changes)
     * @throws IllegalArgumentException if an argument is outside {@link LockLimits}
     */
    YieldOutcome yieldToWaiters(String lockType, String key, String owner);

    /**
     * Tells whether a call waits on this master for the lock right now (a parked {@code tryLock} or
     * {@code tryLockInSession}). Reads only: nothing changes. A node that passes one grant among its own threads
     * asks it in the background, so that its threads keep the lock moving while the answer travels, and calls
     * {@link #yieldToWaiters} only when another node waits.
     *
     * @return {@code true} if at least one call waits for the lock; {@code false} if none does (free or held)
     * @throws IllegalArgumentException if an argument is outside {@link LockLimits}
     */
    boolean hasWaiters(String lockType, String key);

    /**
     * Extends the lease of a lock that {@code owner} still holds, to {@code leaseMillis} from now.
     *
     * @param leaseMillis the new lease; {@code <= 0} means the master's default
     * @return {@code true} if renewed; {@code false} if the lock is lost (expired, force-removed, or never held)
     * @throws IllegalArgumentException if an argument is outside {@link LockLimits}
     */
    boolean renew(String lockType, String key, String owner, long leaseMillis);

    /**
     * Tells whether no live lock of the given type exists.
     *
     * @throws IllegalArgumentException if {@code lockType} is outside {@link LockLimits}
     */
    boolean isLockTypeEmpty(String lockType);

    /**
     * Opens a session: a lease shared by every lock granted under it, kept alive by one
     * {@link #keepAliveSession} call per node whatever the node holds. Opening an open session again only
     * keeps it alive, so a retried call is harmless. A client never reuses the id of a session that ended.
     *
     * @param sessionId  chosen by the client, unique (a node id and a random UUID); see {@link LockLimits}
     * @param ttlMillis  how long the session lives without a keep-alive; {@code <= 0} means
     *                   {@link LockLimits#DEFAULT_SESSION_TTL}
     * @return the TTL granted, in milliseconds
     * @throws SessionExpiredException  if a session with this id is open but its TTL has run out
     * @throws IllegalArgumentException if an argument is outside {@link LockLimits}
     */
    long openSession(String sessionId, long ttlMillis);

    /**
     * Keeps a session alive for another TTL from now, and with it every lock granted under it. O(1).
     *
     * <p>While the session lives the answer counts the locks taken from it by someone else than their holder
     * (force-removed by an operator) since it was opened: when the count grows, the client asks {@link #renew}
     * which of its locks it still holds. Nothing else ever takes a lock from a live session.
     *
     * @return how many of the session's locks were force-removed so far ({@code >= 0}) if the session is alive;
     *         {@code -1} if it has ended (expired, closed or force-expired): its locks are released, and the client
     *         opens a new session
     * @throws IllegalArgumentException if {@code sessionId} is outside {@link LockLimits}
     */
    long keepAliveSession(String sessionId);

    /**
     * Ends a session and releases every lock granted under it; their oldest waiters get them at once.
     *
     * @return {@code true} if the session was open; {@code false} if it had ended or never existed
     * @throws IllegalArgumentException if {@code sessionId} is outside {@link LockLimits}
     */
    boolean closeSession(String sessionId);

    /**
     * {@link #tryLock} under a session: the grant lives as long as the session, instead of a lease of its own,
     * and reports the session's TTL as its lease. Same fencing tokens, owner checks, waiting and idempotent
     * retries as {@code tryLock}; {@link #unlock} releases it and {@link #renew} answers whether it is still held.
     *
     * @param sessionId  an open session, see {@link #openSession}
     * @return the grant, or {@code null} if another owner still holds the lock when the wait ends
     * @throws SessionExpiredException  if the session has ended or was never opened; nothing was granted
     * @throws IllegalArgumentException if an argument is outside {@link LockLimits}
     */
    LockGrant tryLockInSession(String lockType, String key, String owner, String sessionId, long waitMillis);

    /**
     * {@link #tryLockInSession} by a thread that holds other locks, so that the master can find a cycle of waits
     * across nodes. The owner names the thread; {@code heldLocks} names what it holds (see
     * {@link io.lockfacade.api.deadlock.HeldLock#encode}). Once the call has waited {@code deadlockCheckMillis},
     * the master looks for a cycle through it; the youngest wait of a cycle it confirms is answered with a
     * {@link DeadlockException} fault (withdrawn from the queue, as a call that gave up) and the others wait on.
     *
     * <p>A master that does not detect deadlocks answers it as {@code tryLockInSession}: the default method.
     *
     * @param heldLocks           the locks the calling thread holds, with their fencing tokens; empty for none
     * @param deadlockCheckMillis how long the call waits before it is checked, 0 to 60,000
     * @return the grant, or {@code null} if another owner still holds the lock when the wait ends
     * @throws DeadlockException        if this wait closed a cycle of waits; nothing was granted
     * @throws SessionExpiredException  if the session has ended or was never opened; nothing was granted
     * @throws IllegalArgumentException if an argument is outside {@link LockLimits} or {@code heldLocks} is malformed
     */
    default LockGrant tryLockInSessionHolding(String lockType, String key, String owner, String sessionId,
                                              long waitMillis, String heldLocks, long deadlockCheckMillis) {
        return tryLockInSession(lockType, key, owner, sessionId, waitMillis);
    }
}
