package io.lockfacade.client.distributed;

/**
 * Decides, on a thread's final unlock, whether this node keeps the master's grant and passes it to the next
 * local thread, or releases it so that threads on other nodes, queued first come first served on the master,
 * get their turn. A pure function, so that the fairness rule is testable without threads or a master.
 */
@FunctionalInterface
interface HandoffPolicy {

    /** What a final unlock does with the grant. */
    enum Decision {
        /** Keep the grant and pass it to the next queued local thread, without a remote call. */
        HAND_OFF,
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
     * @return hand off while the grant is valid, a local thread waits and the bound is not reached
     */
    static HandoffPolicy bounded(int maxLocalHandoffs) {
        return (grantValid, localThreadsQueued, handoffsSoFar) ->
                grantValid && localThreadsQueued && handoffsSoFar < maxLocalHandoffs
                        ? Decision.HAND_OFF : Decision.RELEASE_REMOTELY;
    }
}
