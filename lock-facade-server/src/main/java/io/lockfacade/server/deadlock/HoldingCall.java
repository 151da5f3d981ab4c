package io.lockfacade.server.deadlock;

import io.lockfacade.api.LockArguments;
import io.lockfacade.api.LockLimits;
import io.lockfacade.api.deadlock.HeldLock;
import io.lockfacade.server.table.LockKey;

import java.util.List;

/**
 * The checked arguments of a {@code tryLockInSessionHolding} call, the same on every master: the lock asked for,
 * the fencing tokens of what the calling thread holds (a token names one grant: the master's one counter issues
 * each once), and its check delay.
 *
 * @param lockKey          the lock asked for
 * @param heldTokens       the tokens of the grants the caller's thread holds; empty for none
 * @param checkDelayMillis how long the call waits before it is checked
 */
public record HoldingCall(LockKey lockKey, long[] heldTokens, long checkDelayMillis) {

    /**
     * Checks every argument of the call (the wait is the master's to cap).
     *
     * @throws IllegalArgumentException naming the argument that is outside the limits
     */
    public static HoldingCall checked(String lockType, String key, String owner, String sessionId, String heldLocks,
                                      long deadlockCheckMillis) {
        LockKey lockKey = LockKey.checked(lockType, key);
        LockArguments.requireOwner(owner);
        LockArguments.requireSessionId(sessionId);
        List<HeldLock> held = HeldLock.decode(heldLocks);
        if (deadlockCheckMillis < 0 || deadlockCheckMillis > LockLimits.MAX_DEADLOCK_CHECK_DELAY.toMillis()) {
            throw new IllegalArgumentException("deadlockCheckMillis must be between 0 and "
                    + LockLimits.MAX_DEADLOCK_CHECK_DELAY.toMillis() + ", was " + deadlockCheckMillis);
        }
        return new HoldingCall(lockKey, held.stream().mapToLong(HeldLock::fencingToken).toArray(),
                deadlockCheckMillis);
    }

    /** @return whether the caller holds nothing: such a thread cannot be part of a cycle */
    public boolean holdsNothing() {
        return heldTokens.length == 0;
    }
}
