package io.lockfacade.client.distributed;

/**
 * Decides, on a thread's final unlock, whether this node keeps the master's grant and passes it to the next
 * local thread, releases it, or, after a run of hand-offs, asks the master to release it only if a thread of
 * another node waits there (queued first come first served). A pure function, so that the fairness rule is
 * testable without threads or a master.
 */
@FunctionalInterface
interface HandoffPolicy {

    /** What a final unlock does with the grant. */
    enum Decision {
        /** Keep the grant and pass it to the next queued local thread, without a remote call. */
        HAND_OFF,
        /**
         * The run of hand-offs is over: find out whether another node's call waits for the grant on the master
         * (handing off locally while the answer travels); if one does, release it there (the next local thread
         * then asks again, behind it), else start a new run of hand-offs.
         */
        YIELD_TO_OTHER_NODES,
        /** Release the grant on the master, then let the next local thread acquire it remotely. */
        RELEASE_REMOTELY
    }

    /**
     * @param grantValid         whether the grant is still valid (not lost, client not closed)
     * @param localThreadsQueued whether another thread of this node waits for the lock
     * @param handoffsSoFar      how many consecutive hand-offs this grant has already had
     * @return the decision
     */
    Decision onFinalUnlock(boolean grantValid, boolean localThreadsQueued, int handoffsSoFar);

    /**
     * @param maxLocalHandoffs how many consecutive hand-offs one grant may have; 0 never hands off
     * @return while the grant is valid and a local thread waits: hand off until the bound is reached, then yield
     *         to other nodes; otherwise (or with a bound of 0) release
     */
    static HandoffPolicy bounded(int maxLocalHandoffs) {
        return (grantValid, localThreadsQueued, handoffsSoFar) -> {
            if (!grantValid || !localThreadsQueued || maxLocalHandoffs == 0) {
                return Decision.RELEASE_REMOTELY;
            }
            return handoffsSoFar < maxLocalHandoffs ? Decision.HAND_OFF : Decision.YIELD_TO_OTHER_NODES;
        };
    }
}
