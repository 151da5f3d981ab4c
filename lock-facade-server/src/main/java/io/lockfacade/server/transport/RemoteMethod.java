package io.lockfacade.server.transport;

import java.util.List;
import java.util.Optional;

/**
 * The methods of {@link io.lockfacade.api.MemoryLockService} and {@link io.lockfacade.api.PrimitiveLockService} that
 * the Hessian endpoint answers, with the name and wire type of each parameter. Nothing outside this list is ever
 * dispatched.
 */
public enum RemoteMethod {

    /** {@code tryLock(lockType, key, owner, leaseMillis, waitMillis)}: the only call that may be parked. */
    TRY_LOCK("tryLock", Parameter.string("lockType"), Parameter.string("key"), Parameter.string("owner"),
            Parameter.number("leaseMillis"), Parameter.number("waitMillis")),

    /** {@code unlock(lockType, key, owner)}. */
    UNLOCK("unlock", Parameter.string("lockType"), Parameter.string("key"), Parameter.string("owner")),

    /** {@code unlockEarly(lockType, key, owner)}. */
    UNLOCK_EARLY("unlockEarly", Parameter.string("lockType"), Parameter.string("key"), Parameter.string("owner")),

    /** {@code settleReleases(owner, grants)}. */
    SETTLE_RELEASES("settleReleases", Parameter.string("owner"), Parameter.string("grants")),

    /** {@code yieldToWaiters(lockType, key, owner)}. */
    YIELD_TO_WAITERS("yieldToWaiters", Parameter.string("lockType"), Parameter.string("key"),
            Parameter.string("owner")),

    /** {@code hasWaiters(lockType, key)}. */
    HAS_WAITERS("hasWaiters", Parameter.string("lockType"), Parameter.string("key")),

    /** {@code renew(lockType, key, owner, leaseMillis)}. */
    RENEW("renew", Parameter.string("lockType"), Parameter.string("key"), Parameter.string("owner"),
            Parameter.number("leaseMillis")),

    /** {@code isLockTypeEmpty(lockType)}. */
    IS_LOCK_TYPE_EMPTY("isLockTypeEmpty", Parameter.string("lockType")),

    /** {@code openSession(sessionId, ttlMillis)}. */
    OPEN_SESSION("openSession", Parameter.string("sessionId"), Parameter.number("ttlMillis")),

    /** {@code keepAliveSession(sessionId)}. */
    KEEP_ALIVE_SESSION("keepAliveSession", Parameter.string("sessionId")),

    /** {@code closeSession(sessionId)}. */
    CLOSE_SESSION("closeSession", Parameter.string("sessionId")),

    /** {@code tryLockInSession(lockType, key, owner, sessionId, waitMillis)}: may be parked, like tryLock. */
    TRY_LOCK_IN_SESSION("tryLockInSession", Parameter.string("lockType"), Parameter.string("key"),
            Parameter.string("owner"), Parameter.string("sessionId"), Parameter.number("waitMillis")),

    /**
     * {@code tryLockInSessionHolding(lockType, key, owner, sessionId, waitMillis, heldLocks, deadlockCheckMillis)}:
     * may be parked, and is checked for a deadlock.
     */
    TRY_LOCK_IN_SESSION_HOLDING("tryLockInSessionHolding", Parameter.string("lockType"), Parameter.string("key"),
            Parameter.string("owner"), Parameter.string("sessionId"), Parameter.number("waitMillis"),
            Parameter.string("heldLocks"), Parameter.number("deadlockCheckMillis")),

    /** {@code tryReadLockInSession(lockType, key, owner, sessionId, waitMillis)}: may be parked. */
    TRY_READ_LOCK_IN_SESSION("tryReadLockInSession", Parameter.string("lockType"), Parameter.string("key"),
            Parameter.string("owner"), Parameter.string("sessionId"), Parameter.number("waitMillis")),

    /** {@code tryWriteLockInSession(lockType, key, owner, sessionId, waitMillis)}: may be parked. */
    TRY_WRITE_LOCK_IN_SESSION("tryWriteLockInSession", Parameter.string("lockType"), Parameter.string("key"),
            Parameter.string("owner"), Parameter.string("sessionId"), Parameter.number("waitMillis")),

    /**
     * {@code tryReadLockInSessionHolding(lockType, key, owner, sessionId, waitMillis, heldLocks,
     * deadlockCheckMillis)}: may be parked, and is checked for a deadlock.
     */
    TRY_READ_LOCK_IN_SESSION_HOLDING("tryReadLockInSessionHolding", Parameter.string("lockType"),
            Parameter.string("key"), Parameter.string("owner"), Parameter.string("sessionId"),
            Parameter.number("waitMillis"), Parameter.string("heldLocks"), Parameter.number("deadlockCheckMillis")),

    /**
     * {@code tryWriteLockInSessionHolding(lockType, key, owner, sessionId, waitMillis, heldLocks,
     * deadlockCheckMillis)}: may be parked, and is checked for a deadlock.
     */
    TRY_WRITE_LOCK_IN_SESSION_HOLDING("tryWriteLockInSessionHolding", Parameter.string("lockType"),
            Parameter.string("key"), Parameter.string("owner"), Parameter.string("sessionId"),
            Parameter.number("waitMillis"), Parameter.string("heldLocks"), Parameter.number("deadlockCheckMillis")),

    /** {@code unlockRead(lockType, key, owner)}. */
    UNLOCK_READ("unlockRead", Parameter.string("lockType"), Parameter.string("key"), Parameter.string("owner")),

    /** {@code unlockWrite(lockType, key, owner)}. */
    UNLOCK_WRITE("unlockWrite", Parameter.string("lockType"), Parameter.string("key"), Parameter.string("owner")),

    /** {@code awaitReadWriteWaiter(lockType, key, owner, waitMillis)}: may be parked; changes nothing. */
    AWAIT_READ_WRITE_WAITER("awaitReadWriteWaiter", Parameter.string("lockType"), Parameter.string("key"),
            Parameter.string("owner"), Parameter.number("waitMillis")),

    /** {@code tryAcquirePermits(lockType, key, holder, permits, capacity, sessionId, waitMillis)}: may be parked. */
    TRY_ACQUIRE_PERMITS("tryAcquirePermits", Parameter.string("lockType"), Parameter.string("key"),
            Parameter.string("holder"), Parameter.number("permits"), Parameter.number("capacity"),
            Parameter.string("sessionId"), Parameter.number("waitMillis")),

    /**
     * {@code tryAcquirePermitsHolding(lockType, key, holder, permits, capacity, sessionId, waitMillis, heldLocks,
     * deadlockCheckMillis)}: may be parked, and is checked for a deadlock.
     */
    TRY_ACQUIRE_PERMITS_HOLDING("tryAcquirePermitsHolding", Parameter.string("lockType"), Parameter.string("key"),
            Parameter.string("holder"), Parameter.number("permits"), Parameter.number("capacity"),
            Parameter.string("sessionId"), Parameter.number("waitMillis"), Parameter.string("heldLocks"),
            Parameter.number("deadlockCheckMillis")),

    /** {@code releasePermits(lockType, key, holder, keep)}. */
    RELEASE_PERMITS("releasePermits", Parameter.string("lockType"), Parameter.string("key"),
            Parameter.string("holder"), Parameter.number("keep")),

    /** {@code availablePermits(lockType, key)}. */
    AVAILABLE_PERMITS("availablePermits", Parameter.string("lockType"), Parameter.string("key")),

    /** {@code joinLeadership(name, participant, sessionId, waitMillis)}: may be parked. */
    JOIN_LEADERSHIP("joinLeadership", Parameter.string("name"), Parameter.string("participant"),
            Parameter.string("sessionId"), Parameter.number("waitMillis")),

    /** {@code leaveLeadership(name, participant)}. */
    LEAVE_LEADERSHIP("leaveLeadership", Parameter.string("name"), Parameter.string("participant")),

    /** {@code leadershipEpoch(name, participant)}. */
    LEADERSHIP_EPOCH("leadershipEpoch", Parameter.string("name"), Parameter.string("participant"));

    private final String wireName;
    private final List<Parameter> parameters;

    RemoteMethod(String wireName, Parameter... parameters) {
        this.wireName = wireName;
        this.parameters = List.of(parameters);
    }

    /** @return the method name as Hessian writes it (Java name, no overloads in the contract) */
    public String wireName() {
        return wireName;
    }

    /** @return the parameters, in call order */
    public List<Parameter> parameters() {
        return parameters;
    }

    /**
     * @param wireName a method name read from a call
     * @return the contract's method of that name, or empty if there is none
     */
    public static Optional<RemoteMethod> byWireName(String wireName) {
        for (RemoteMethod method : values()) {
            if (method.wireName.equals(wireName)) {
                return Optional.of(method);
            }
        }
        return Optional.empty();
    }

    /** How one parameter travels: a string or an integer. */
    public enum WireType {
        /** A Hessian string (or null). */
        STRING,
        /** A Hessian long or int, read as a long (the service checks an int parameter's range). */
        LONG
    }

    /**
     * One parameter of a remote method.
     *
     * @param name the Java parameter name, used in error messages
     * @param type how the argument is encoded
     */
    public record Parameter(String name, WireType type) {

        static Parameter string(String name) {
            return new Parameter(name, WireType.STRING);
        }

        static Parameter number(String name) {
            return new Parameter(name, WireType.LONG);
        }
    }
}
