package io.lockfacade.server.deadlock;

import io.lockfacade.api.LockArguments;
import io.lockfacade.api.LockLimits;
import io.lockfacade.api.deadlock.HeldLock;
import io.lockfacade.server.table.LockKey;

import java.util.List;

/**
 * The checked arguments of a call that names what its thread holds ({@code tryLockInSessionHolding},
 * {@code tryReadLockInSessionHolding}, {@code tryWriteLockInSessionHolding}, {@code tryAcquirePermitsHolding}), the
 * same on every master: what the call waits for, the fencing tokens of what the calling thread holds (a token names
 * one grant of any primitive: the master's one counter issues each once), and its check delay.
 *
 * @param target           what the call waits for
 * @param heldTokens       the tokens of the grants the caller's thread holds; empty for none
 * @param checkDelayMillis how long the call waits before it is checked
 */
public record HoldingCall(WaitTarget target, long[] heldTokens, long checkDelayMillis) {

    /**
     * Checks every argument of a mutex call (the wait is the master's to cap).
     *
     * @throws IllegalArgumentException naming the argument that is outside the limits
     */
    public static HoldingCall checked(String lockType, String key, String owner, String sessionId, String heldLocks,
                                      long deadlockCheckMillis) {
        LockKey lockKey = LockKey.checked(lockType, key);
        LockArguments.requireOwner(owner);
        return checked(WaitTarget.lock(lockKey, owner), sessionId, heldLocks, deadlockCheckMillis);
    }

    /**
     * Checks the arguments a call adds to its primitive's own, which the caller has checked already.
     *
     * @throws IllegalArgumentException naming the argument that is outside the limits
     */
    public static HoldingCall checked(WaitTarget target, String sessionId, String heldLocks,
                                      long deadlockCheckMillis) {
        LockArguments.requireSessionId(sessionId);
        List<HeldLock> held = HeldLock.decode(heldLocks);
        if (deadlockCheckMillis < 0 || deadlockCheckMillis > LockLimits.MAX_DEADLOCK_CHECK_DELAY.toMillis()) {
            throw new IllegalArgumentException("deadlockCheckMillis must be between 0 and "
                    + LockLimits.MAX_DEADLOCK_CHECK_DELAY.toMillis() + ", was " + deadlockCheckMillis);
        }
        return new HoldingCall(target, held.stream().mapToLong(HeldLock::fencingToken).toArray(),
                deadlockCheckMillis);
    }

    /** @return the lock asked for */
    public LockKey lockKey() {
        return target.lockKey();
    }

    /** @return whether the caller holds nothing: such a thread cannot be part of a cycle */
    public boolean holdsNothing() {
        return heldTokens.length == 0;
    }
}
