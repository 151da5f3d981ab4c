package io.lockfacade.server.service;

import io.lockfacade.server.deadlock.HoldingCall;
import io.lockfacade.server.deadlock.WaitTarget;
import io.lockfacade.server.table.AccessMode;
import io.lockfacade.server.table.Handout;
import io.lockfacade.server.table.LockKey;

import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * The read-write and semaphore calls of {@link ParkingPrimitiveService} up to the table, written once for every
 * master: each call's arguments are checked before anything changes, its wait is capped as for locks, and a call that
 * names what its thread holds gets the hook that watches it for deadlocks while it is parked (a thread that holds
 * nothing is not watched). The single master and a group's leader then run the table's transitions their own way,
 * in place or through the log.
 */
public abstract class CheckedPrimitiveCalls implements ParkingPrimitiveService {

    /** The parking hook of a call that is not watched for deadlocks. */
    protected static final Consumer<ParkedCall> NOT_WATCHED = call -> { };

    private final MasterSettings settings;

    /** @param settings the wait cap */
    protected CheckedPrimitiveCalls(MasterSettings settings) {
        this.settings = Objects.requireNonNull(settings, "settings");
    }

    /**
     * Takes a read or write lock, or parks the call for at most {@code wait} ms.
     *
     * @param parking told of the parked call, so that it can be watched for deadlocks
     */
    protected abstract CompletableFuture<Handout> lock(LockKey lockKey, String owner, String sessionId, long wait,
                                                       AccessMode mode, Consumer<ParkedCall> parking);

    /** @return whether {@code owner} held the lock on the {@code mode} side and has released it */
    protected abstract boolean unlock(LockKey lockKey, String owner, AccessMode mode);

    /**
     * Takes {@code permits} permits of a semaphore, or parks the call for at most {@code wait} ms.
     *
     * @param parking told of the parked call, so that it can be watched for deadlocks
     */
    protected abstract CompletableFuture<Handout> acquirePermits(LockKey lockKey, String holder, int permits,
                                                                 int capacity, String sessionId, long wait,
                                                                 Consumer<ParkedCall> parking);

    /** @return the hook that watches the parked call of {@code owner}, whose thread holds what {@code asked} names */
    protected abstract Consumer<ParkedCall> deadlockWatch(String owner, HoldingCall asked);

    /** @return the wait a call asked for, capped */
    protected final long cappedWait(long waitMillis) {
        return settings.waitFor(waitMillis);
    }

    @Override
    public final CompletableFuture<Handout> tryReadLockAsync(String lockType, String key, String owner,
                                                             String sessionId, long waitMillis) {
        return lock(PrimitiveArguments.lock(lockType, key, owner, sessionId), owner, sessionId,
                cappedWait(waitMillis), AccessMode.READ, NOT_WATCHED);
    }

    @Override
    public final CompletableFuture<Handout> tryWriteLockAsync(String lockType, String key, String owner,
                                                              String sessionId, long waitMillis) {
        return lock(PrimitiveArguments.lock(lockType, key, owner, sessionId), owner, sessionId,
                cappedWait(waitMillis), AccessMode.WRITE, NOT_WATCHED);
    }

    @Override
    public final CompletableFuture<Handout> tryReadLockHoldingAsync(String lockType, String key, String owner,
                                                                    String sessionId, long waitMillis,
                                                                    String heldLocks, long deadlockCheckMillis) {
        return lockHolding(lockType, key, owner, sessionId, waitMillis, AccessMode.READ, heldLocks,
                deadlockCheckMillis);
    }

    @Override
    public final CompletableFuture<Handout> tryWriteLockHoldingAsync(String lockType, String key, String owner,
                                                                     String sessionId, long waitMillis,
                                                                     String heldLocks, long deadlockCheckMillis) {
        return lockHolding(lockType, key, owner, sessionId, waitMillis, AccessMode.WRITE, heldLocks,
                deadlockCheckMillis);
    }

    private CompletableFuture<Handout> lockHolding(String lockType, String key, String owner, String sessionId,
                                                   long waitMillis, AccessMode mode, String heldLocks,
                                                   long deadlockCheckMillis) {
        LockKey lockKey = PrimitiveArguments.lock(lockType, key, owner, sessionId);
        WaitTarget target = new WaitTarget(mode == AccessMode.READ ? WaitTarget.Kind.READ : WaitTarget.Kind.WRITE,
                lockKey, 1, owner);
        HoldingCall asked = HoldingCall.checked(target, sessionId, heldLocks, deadlockCheckMillis);
        return lock(lockKey, owner, sessionId, cappedWait(waitMillis), mode, watching(owner, asked));
    }

    @Override
    public final boolean unlockRead(String lockType, String key, String owner) {
        return unlock(PrimitiveArguments.held(lockType, key, owner), owner, AccessMode.READ);
    }

    @Override
    public final boolean unlockWrite(String lockType, String key, String owner) {
        return unlock(PrimitiveArguments.held(lockType, key, owner), owner, AccessMode.WRITE);
    }

    @Override
    public final CompletableFuture<Handout> tryAcquirePermitsAsync(String lockType, String key, String holder,
                                                                   int permits, int capacity, String sessionId,
                                                                   long waitMillis) {
        LockKey lockKey = PrimitiveArguments.permits(lockType, key, holder, permits, capacity, sessionId);
        return acquirePermits(lockKey, holder, permits, capacity, sessionId, cappedWait(waitMillis), NOT_WATCHED);
    }

    @Override
    public final CompletableFuture<Handout> tryAcquirePermitsHoldingAsync(String lockType, String key, String holder,
                                                                          int permits, int capacity, String sessionId,
                                                                          long waitMillis, String heldLocks,
                                                                          long deadlockCheckMillis) {
        LockKey lockKey = PrimitiveArguments.permits(lockType, key, holder, permits, capacity, sessionId);
        HoldingCall asked = HoldingCall.checked(WaitTarget.permits(lockKey, permits, holder), sessionId, heldLocks,
                deadlockCheckMillis);
        return acquirePermits(lockKey, holder, permits, capacity, sessionId, cappedWait(waitMillis),
                watching(holder, asked));
    }

    private Consumer<ParkedCall> watching(String owner, HoldingCall asked) {
        return asked.holdsNothing() ? NOT_WATCHED : deadlockWatch(owner, asked);
    }
}
