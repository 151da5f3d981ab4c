package io.lockfacade.client.distributed;

/**
 * The typed outcome of one {@link GrantTransitions} move: the state to store, and what the caller must do
 * outside the pure part (ask the master, release remotely, report a loss).
 *
 * @param next       the state the entry moves to
 * @param effect     what the caller does next
 * @param hold       the grant the effect is about, or {@code null} when it is about none
 * @param lossReason why the grant was lost, for {@link Effect#DISCARD_THEN_ASK_MASTER} and
 *                   {@link Effect#REPORT_LOST}; else {@code null}
 */
record GrantStep(GrantState next, Effect effect, RemoteHold hold, String lossReason) {

    /** What the caller does after storing {@link #next}. */
    enum Effect {
        /** Nothing: the move needs no remote call. */
        NONE,
        /** Ask the master for a grant, then apply {@link GrantTransitions#granted}. */
        ASK_MASTER,
        /** A cached grant was taken: the lock is held without a remote call. */
        USE_CACHED,
        /** Release the lost cached grant on a best-effort basis, then ask the master. */
        DISCARD_THEN_ASK_MASTER,
        /** The grant stays cached for the next local thread: no remote call. */
        HANDED_OFF,
        /**
         * As {@link #HANDED_OFF}, and send the next state's {@link WaiterProbe} to the master in the background
         * ({@link GrantState.Cached#probe()}).
         */
        PROBE_WAITERS,
        /** Release the grant on the master; a refusal means it was lost meanwhile. */
        RELEASE_ON_MASTER,
        /**
         * Ask the master to release the grant if another owner's call waits for it, then apply
         * {@link GrantTransitions#yielded}; the state is unchanged until then.
         */
        YIELD_TO_WAITERS,
        /** Release the lost grant on a best-effort basis and tell the holder it was lost. */
        REPORT_LOST,
        /** Release a grant nobody will take on a best-effort basis. */
        DISCARD
    }

    static GrantStep of(GrantState next, Effect effect, RemoteHold hold) {
        return new GrantStep(next, effect, hold, null);
    }
}
