package io.lockfacade.server.table;

import io.lockfacade.api.YieldOutcome;

/**
 * The rule of {@code yieldToWaiters}, for every master: the holder keeps the lock while no call waits for it, and
 * releases it to the oldest waiter when one does; a caller that does not hold the lock changes nothing.
 * {@link LockMachine#yieldToWaiters} applies it to the calls queued in the table, a master group's leader to the
 * calls parked on it.
 */
public final class YieldRule {

    private YieldRule() {
    }

    /**
     * @param holds      whether the caller holds the lock
     * @param othersWait whether a call waits for it
     * @return {@code RELEASED} if the lock is to be released, {@code KEPT} or {@code NOT_HELD} if nothing changes
     */
    public static YieldOutcome decide(boolean holds, boolean othersWait) {
        if (!holds) {
            return YieldOutcome.NOT_HELD;
        }
        return othersWait ? YieldOutcome.RELEASED : YieldOutcome.KEPT;
    }
}
