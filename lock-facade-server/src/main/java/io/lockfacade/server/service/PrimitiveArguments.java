package io.lockfacade.server.service;

import io.lockfacade.api.LockArguments;
import io.lockfacade.server.table.Leaderships;
import io.lockfacade.server.table.LockKey;

/**
 * The argument checks of {@link io.lockfacade.api.PrimitiveLockService}'s calls, the same on the single master and
 * a master group's leader: each names the argument it refuses ({@link IllegalArgumentException}) before anything
 * changes, and returns the key the call is on.
 */
public final class PrimitiveArguments {

    private PrimitiveArguments() {
    }

    /** Checks a read-write lock's acquisition. */
    public static LockKey lock(String lockType, String key, String owner, String sessionId) {
        LockKey lockKey = LockKey.checked(lockType, key);
        LockArguments.requireOwner(owner);
        LockArguments.requireSessionId(sessionId);
        return lockKey;
    }

    /** Checks a read-write lock's release, or a holder's wait for a call to queue behind it. */
    public static LockKey held(String lockType, String key, String owner) {
        LockKey lockKey = LockKey.checked(lockType, key);
        LockArguments.requireOwner(owner);
        return lockKey;
    }

    /** Checks a semaphore's acquisition. */
    public static LockKey permits(String lockType, String key, String holder, int permits, int capacity,
                                  String sessionId) {
        LockKey lockKey = LockKey.checked(lockType, key);
        LockArguments.requireName("holder", holder);
        LockArguments.requirePermits("permits", permits, 1);
        LockArguments.requirePermits("capacity", capacity, 1);
        LockArguments.requireSessionId(sessionId);
        return lockKey;
    }

    /** Checks a release of permits. */
    public static LockKey release(String lockType, String key, String holder, int keep) {
        LockKey lockKey = LockKey.checked(lockType, key);
        LockArguments.requireName("holder", holder);
        LockArguments.requirePermits("keep", keep, 0);
        return lockKey;
    }

    /** Checks a leadership call; returns the leadership's key. */
    public static LockKey leadership(String name, String participant) {
        LockArguments.requireName("name", name);
        LockArguments.requireName("participant", participant);
        return Leaderships.key(name);
    }
}
