package io.lockfacade.server.service;

/**
 * What the master tells a metrics module while it serves locks. Every method has a no-op default, so an
 * implementation overrides only what it counts; {@link #NONE} ignores everything.
 *
 * <p>The service calls these after a transition of the lock table has been decided and applied, on whatever thread
 * applied it (a Hessian call's, the wait timer's or the expiry reaper's), never while a lock of the table is held.
 * Implementations must be thread-safe, fast and must not throw: an exception is logged and otherwise ignored.
 *
 * <p>A gauge of parked calls is {@code waiterParked - waiterLeft}: every parked call ends with exactly one
 * {@link #waiterLeft}, whether it got the lock or not.
 */
public interface LockEvents {

    /** Ignores every event. */
    LockEvents NONE = new LockEvents() {
    };

    /**
     * A new grant was made: a fresh fencing token was issued (not a holder's retried call).
     *
     * @param lockType    the lock's type
     * @param waitedNanos how long the call waited for the lock; 0 when granted at once
     */
    default void granted(String lockType, long waitedNanos) {
    }

    /**
     * A holder gave its lock up: {@code unlock}, a closed session, or a grant that could not be delivered.
     *
     * @param lockType the lock's type
     */
    default void released(String lockType) {
    }

    /**
     * A grant ended without its holder: its lease or its session's TTL ran out, or an operator removed it or
     * force-expired its session.
     *
     * @param lockType the lock's type
     */
    default void expired(String lockType) {
    }

    /**
     * A {@code tryLock} call was parked behind the holder.
     *
     * @param lockType the lock's type
     */
    default void waiterParked(String lockType) {
    }

    /**
     * A parked call stopped waiting, granted or not (wait over, client gone, retried, session ended).
     *
     * @param lockType the lock's type
     */
    default void waiterLeft(String lockType) {
    }
}
