package io.lockfacade.client;

import java.util.List;
import java.util.Objects;

/**
 * Hears what a {@link io.lockfacade.client.distributed.DistributeLock} does, for metrics and health: how long
 * acquisitions wait and how they end, how long locks are held, local hand-offs, calls to the master and locks
 * lost, deadlock victims. Every method has a no-op default, so an observer implements only what it needs.
 *
 * <p>Events name the lock <em>type</em>, never the key: types are few and chosen by the code, keys are data
 * (order ids, account numbers), so a metric tagged by type keeps a bounded number of series.
 *
 * <p>Methods are called on the thread doing the work (an application thread, or the node's keep-alive thread
 * for its remote calls), after the lock's local state has changed; a thread that has just acquired a lock, or is
 * asking the master for one, still holds that lock's local queue. So they must be quick, must not block, and must
 * not throw: a failing observer is a bug in the observer, and what it throws reaches the caller of the lock
 * method.
 */
public interface LockObserver {

    /** An observer that does nothing: the default of a {@code DistributeLock}. */
    LockObserver NONE = new LockObserver() {
    };

    /** How an acquisition ended. */
    enum AcquisitionOutcome {
        /** The lock is now held by the calling thread. */
        ACQUIRED,
        /** The wait ran out while another owner held the lock. */
        TIMED_OUT,
        /** It threw: master unreachable, interrupted, bad argument, client closed. */
        FAILED
    }

    /** How a remote call ended. */
    enum RemoteCallOutcome {
        /** The master answered. */
        ANSWERED,
        /**
         * The master answered with a refusal: a bad argument, a session it had ended, or (in a master group) a
         * member that is not the leader.
         */
        REFUSED,
        /** The call did not complete: connection refused or lost, timeout, unreadable reply. */
        FAILED
    }

    /** Why a held lock was lost. */
    enum LossReason {
        /** The master said the node's session had ended (its TTL ran out there, or an operator expired it). */
        SESSION_ENDED,
        /** Keep-alives went unconfirmed until the session's TTL ran out (master unreachable). */
        SESSION_TIMED_OUT,
        /**
         * The master no longer held the lock though the node believed its session alive: an operator removed the
         * lock, or the master ended the session before the node noticed and the release found nothing.
         */
        REMOVED
    }

    /**
     * A thread's acquisition of a lock it did not already hold ended. Re-entries are not reported.
     *
     * @param lockType  the lock type
     * @param outcome   how it ended
     * @param waitNanos how long the call took, local queue and remote calls included
     */
    default void acquisitionEnded(String lockType, AcquisitionOutcome outcome, long waitNanos) {
    }

    /**
     * An acquisition was served by a grant another thread of this node handed off, without a remote call.
     *
     * @param lockType the lock type
     */
    default void handedOff(String lockType) {
    }

    /**
     * A thread let go of a lock it held (its final unlock), whether the lock was still valid or lost.
     *
     * @param lockType  the lock type
     * @param heldNanos how long the thread held it, from the end of its acquisition
     */
    default void released(String lockType, long heldNanos) {
    }

    /**
     * A holder's final unlock found its lock lost (it then throws
     * {@link io.lockfacade.api.LockLostException}). Reported after {@link #released}.
     *
     * @param lockType the lock type
     * @param reason   why
     */
    default void lost(String lockType, LossReason reason) {
    }

    /**
     * A thread of this node was chosen as the victim of a deadlock: its acquisition throws
     * {@link io.lockfacade.api.DeadlockException} (and is also reported to {@link #acquisitionEnded} as failed).
     *
     * @param lockType the type of the lock the victim waited for
     */
    default void deadlockVictim(String lockType) {
    }

    /**
     * A call to the master ended.
     *
     * @param method   the contract's method name ({@code tryLockInSession}, {@code unlock}, ...)
     * @param outcome  how it ended
     * @param nanos    how long it took
     */
    default void remoteCallEnded(String method, RemoteCallOutcome outcome, long nanos) {
    }

    /**
     * @param observers the observers to tell, in this order
     * @return one observer telling all of them; {@link #NONE} if there are none, the observer itself if one
     */
    static LockObserver all(List<? extends LockObserver> observers) {
        List<LockObserver> list = List.copyOf(observers);
        if (list.isEmpty()) {
            return NONE;
        }
        return list.size() == 1 ? list.get(0) : new AllObservers(list);
    }

    /** Tells each of several observers, in order. */
    record AllObservers(List<LockObserver> observers) implements LockObserver {

        /** Copies the list. */
        public AllObservers {
            observers = List.copyOf(Objects.requireNonNull(observers, "observers"));
        }

        @Override
        public void acquisitionEnded(String lockType, AcquisitionOutcome outcome, long waitNanos) {
            observers.forEach(o -> o.acquisitionEnded(lockType, outcome, waitNanos));
        }

        @Override
        public void handedOff(String lockType) {
            observers.forEach(o -> o.handedOff(lockType));
        }

        @Override
        public void released(String lockType, long heldNanos) {
            observers.forEach(o -> o.released(lockType, heldNanos));
        }

        @Override
        public void lost(String lockType, LossReason reason) {
            observers.forEach(o -> o.lost(lockType, reason));
        }

        @Override
        public void deadlockVictim(String lockType) {
            observers.forEach(o -> o.deadlockVictim(lockType));
        }

        @Override
        public void remoteCallEnded(String method, RemoteCallOutcome outcome, long nanos) {
            observers.forEach(o -> o.remoteCallEnded(method, outcome, nanos));
        }
    }
}
