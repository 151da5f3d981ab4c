package io.lockfacade.client.distributed;

/**
 * The state of this node's grant for one lock, as an explicit type. {@link GrantTransitions} moves between the
 * states; the thread holding the lock's local lock applies the moves.
 *
 * <pre>
 *   FREE   --the master granted----------------------------------------> HELD
 *   HELD   --final unlock, a local thread queued, hand-off allowed------> CACHED   (no remote call)
 *   HELD   --final unlock at the run's bound, nobody known to wait------> CACHED   (a probe asks in the background)
 *   CACHED --the next local thread took it------------------------------> HELD     (same grant, same token)
 *   HELD   --final unlock otherwise---------------------------------------> FREE     (released on the master)
 *   CACHED --nobody left to take it, or the client closed-----------------> FREE     (released on the master)
 *   HELD, CACHED --session ended or TTL run out at now, force-removed----> LOST     (final for that grant)
 *   LOST   --the holder's final unlock, or a taker found it---------------> FREE     (loss reported or discarded)
 * </pre>
 *
 * <p>Loss is noticed asynchronously (the keep-alive thread marks holds lost) or by time passing (the session's
 * TTL runs out on the client's clock), so a stored HELD or CACHED state is read through {@link #at(long)}, which
 * says whether it is LOST at a given instant.
 */
sealed interface GrantState {

    /** No grant: the next local thread to take the local lock asks the master. */
    Free FREE = new Free();

    /** @return the grant of this state, or {@code null} when {@link Free} */
    RemoteHold hold();

    /**
     * @param nowNanos the instant, on the node's clock
     * @return this state as it stands at {@code nowNanos}: a held or cached grant lost by then is {@link Lost}
     */
    GrantState at(long nowNanos);

    /** No grant on this node. */
    record Free() implements GrantState {
        @Override
        public RemoteHold hold() {
            return null;
        }

        @Override
        public GrantState at(long nowNanos) {
            return this;
        }
    }

    /**
     * The grant belongs to the thread holding the local lock.
     *
     * @param handoffs consecutive local hand-offs the grant has had so far
     * @param probe    the question to the master about waiting nodes, asked when this run of hand-offs reached its
     *                 bound; {@code null} before that
     */
    record Held(RemoteHold hold, int handoffs, WaiterProbe probe) implements GrantState {

        /** A grant with no question asked about it in this run. */
        Held(RemoteHold hold, int handoffs) {
            this(hold, handoffs, null);
        }

        @Override
        public GrantState at(long nowNanos) {
            return Lost.ifLost(this, nowNanos);
        }
    }

    /**
     * The grant is kept for the next local thread, between a final unlock that chose a hand-off and that thread
     * taking it.
     *
     * @param handoffs consecutive local hand-offs the grant has had, this one included
     * @param probe    as for {@link Held}
     */
    record Cached(RemoteHold hold, int handoffs, WaiterProbe probe) implements GrantState {

        /** A grant with no question asked about it in this run. */
        Cached(RemoteHold hold, int handoffs) {
            this(hold, handoffs, null);
        }

        @Override
        public GrantState at(long nowNanos) {
            return Lost.ifLost(this, nowNanos);
        }
    }

    /**
     * The grant was lost while held or cached; it is never used again.
     *
     * @param reason why, for the holder's {@link io.lockfacade.api.LockLostException}
     */
    record Lost(RemoteHold hold, String reason) implements GrantState {
        @Override
        public GrantState at(long nowNanos) {
            return this;
        }

        private static GrantState ifLost(GrantState state, long nowNanos) {
            String reason = state.hold().lossReasonAt(nowNanos);
            return reason == null ? state : new Lost(state.hold(), reason);
        }
    }
}
