package io.lockfacade.server.service;

import io.lockfacade.api.LockArguments;
import io.lockfacade.server.deadlock.HoldingCall;
import io.lockfacade.server.deadlock.WaitTarget;
import io.lockfacade.server.table.AccessMode;
import io.lockfacade.server.table.Handout;
import io.lockfacade.server.table.Leaderships;
import io.lockfacade.server.table.LockKey;
import io.lockfacade.server.table.LockMachine;
import io.lockfacade.server.table.PrimitiveOutcome;
import io.lockfacade.server.table.ReadWriteLocks;
import io.lockfacade.server.table.SemaphoreView;
import io.lockfacade.server.table.Semaphores;

import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * The single master's read-write locks, semaphores and leaderships ({@link ParkingPrimitiveService}): checks every
 * argument before anything changes, caps each call's wait as for locks, and runs the table's transitions through
 * {@link LivePrimitives}. A call that names what its thread holds is watched for deadlocks by {@link DeadlockVictims},
 * as the master's lock calls are.
 */
final class MasterPrimitives implements ParkingPrimitiveService {

    private static final Consumer<ParkedCall> NOT_WATCHED = call -> { };

    private final MasterSettings settings;
    private final DeadlockVictims deadlocks;
    private final LivePrimitives live;
    private final ReadWriteLocks readWriteLocks;
    private final Semaphores semaphores;
    private final Leaderships leaderships;
    private final ReadWriteWatches watches;

    MasterPrimitives(MasterSettings settings, LiveTable table, DeadlockVictims deadlocks) {
        LockMachine machine = table.machine();
        this.settings = settings;
        this.deadlocks = deadlocks;
        this.live = new LivePrimitives(table);
        this.readWriteLocks = machine.readWriteLocks();
        this.semaphores = machine.semaphores();
        this.leaderships = machine.leaderships();
        this.watches = new ReadWriteWatches(table.waitTimer(), (lockKey, owner) ->
                CompletableFuture.completedFuture(readWriteLocks.waiterStanding(lockKey, owner)));
    }

    @Override
    public CompletableFuture<Handout> tryReadLockAsync(String lockType, String key, String owner, String sessionId,
                                                       long waitMillis) {
        return lockAsync(lockType, key, owner, sessionId, waitMillis, AccessMode.READ);
    }

    @Override
    public CompletableFuture<Handout> tryWriteLockAsync(String lockType, String key, String owner,
                                                        String sessionId, long waitMillis) {
        return lockAsync(lockType, key, owner, sessionId, waitMillis, AccessMode.WRITE);
    }

    @Override
    public CompletableFuture<Handout> tryReadLockHoldingAsync(String lockType, String key, String owner,
                                                              String sessionId, long waitMillis, String heldLocks,
                                                              long deadlockCheckMillis) {
        return lockHoldingAsync(lockType, key, owner, sessionId, waitMillis, AccessMode.READ, heldLocks,
                deadlockCheckMillis);
    }

    @Override
    public CompletableFuture<Handout> tryWriteLockHoldingAsync(String lockType, String key, String owner,
                                                               String sessionId, long waitMillis, String heldLocks,
                                                               long deadlockCheckMillis) {
        return lockHoldingAsync(lockType, key, owner, sessionId, waitMillis, AccessMode.WRITE, heldLocks,
                deadlockCheckMillis);
    }

    private CompletableFuture<Handout> lockAsync(String lockType, String key, String owner, String sessionId,
                                                 long waitMillis, AccessMode mode) {
        LockKey lockKey = PrimitiveArguments.lock(lockType, key, owner, sessionId);
        return lock(lockKey, owner, sessionId, waitMillis, mode, NOT_WATCHED);
    }

    private CompletableFuture<Handout> lockHoldingAsync(String lockType, String key, String owner, String sessionId,
                                                        long waitMillis, AccessMode mode, String heldLocks,
                                                        long deadlockCheckMillis) {
        LockKey lockKey = PrimitiveArguments.lock(lockType, key, owner, sessionId);
        WaitTarget target = new WaitTarget(mode == AccessMode.READ ? WaitTarget.Kind.READ : WaitTarget.Kind.WRITE,
                lockKey, 1, owner);
        HoldingCall asked = HoldingCall.checked(target, sessionId, heldLocks, deadlockCheckMillis);
        return lock(lockKey, owner, sessionId, waitMillis, mode, watching(owner, asked));
    }

    private CompletableFuture<Handout> lock(LockKey lockKey, String owner, String sessionId, long waitMillis,
                                            AccessMode mode, Consumer<ParkedCall> parking) {
        long wait = settings.waitFor(waitMillis);
        return live.acquire(lockKey, sessionId, wait, readWriteLocks::withdraw, (waiterId, m) -> {
            PrimitiveOutcome outcome = readWriteLocks.acquire(lockKey, owner, mode, sessionId, waiterId, m);
            if (outcome instanceof PrimitiveOutcome.Parked) {
                watches.callParked(lockKey);
            }
            return outcome;
        }, parking);
    }

    /** @return the hook that watches a parked call of a thread that holds something; none for one that holds nothing */
    private Consumer<ParkedCall> watching(String owner, HoldingCall asked) {
        return asked.holdsNothing() ? NOT_WATCHED : deadlocks.watching(owner, asked);
    }

    @Override
    public CompletableFuture<Integer> awaitReadWriteWaiterAsync(String lockType, String key, String owner,
                                                                long waitMillis) {
        LockKey lockKey = PrimitiveArguments.held(lockType, key, owner);
        return watches.watch(lockKey, owner, settings.waitFor(waitMillis));
    }

    @Override
    public boolean unlockRead(String lockType, String key, String owner) {
        return unlock(lockType, key, owner, AccessMode.READ);
    }

    @Override
    public boolean unlockWrite(String lockType, String key, String owner) {
        return unlock(lockType, key, owner, AccessMode.WRITE);
    }

    private boolean unlock(String lockType, String key, String owner, AccessMode mode) {
        LockKey lockKey = PrimitiveArguments.held(lockType, key, owner);
        boolean released = live.release(m -> readWriteLocks.release(lockKey, owner, mode, m));
        if (released) {
            watches.released(lockKey, owner);
        }
        return released;
    }

    @Override
    public CompletableFuture<Handout> tryAcquirePermitsAsync(String lockType, String key, String holder,
                                                             int permits, int capacity, String sessionId,
                                                             long waitMillis) {
        LockKey lockKey = PrimitiveArguments.permits(lockType, key, holder, permits, capacity, sessionId);
        return permits(lockKey, holder, permits, capacity, sessionId, waitMillis, NOT_WATCHED);
    }

    @Override
    public CompletableFuture<Handout> tryAcquirePermitsHoldingAsync(String lockType, String key, String holder,
                                                                    int permits, int capacity, String sessionId,
                                                                    long waitMillis, String heldLocks,
                                                                    long deadlockCheckMillis) {
        LockKey lockKey = PrimitiveArguments.permits(lockType, key, holder, permits, capacity, sessionId);
        HoldingCall asked = HoldingCall.checked(WaitTarget.permits(lockKey, permits, holder), sessionId, heldLocks,
                deadlockCheckMillis);
        return permits(lockKey, holder, permits, capacity, sessionId, waitMillis, watching(holder, asked));
    }

    private CompletableFuture<Handout> permits(LockKey lockKey, String holder, int permits, int capacity,
                                               String sessionId, long waitMillis, Consumer<ParkedCall> parking) {
        long wait = settings.waitFor(waitMillis);
        return live.acquire(lockKey, sessionId, wait, semaphores::withdraw,
                (waiterId, m) -> semaphores.acquire(lockKey, holder, permits, capacity, sessionId, waiterId, m),
                parking);
    }

    @Override
    public boolean releasePermits(String lockType, String key, String holder, int keep) {
        LockKey lockKey = PrimitiveArguments.release(lockType, key, holder, keep);
        return live.release(m -> semaphores.reduce(lockKey, holder, keep, m));
    }

    @Override
    public int availablePermits(String lockType, String key) {
        return semaphores.describe(LockKey.checked(lockType, key)).map(SemaphoreView::available).orElse(-1);
    }

    @Override
    public CompletableFuture<Handout> joinLeadershipAsync(String name, String participant, String sessionId,
                                                          long waitMillis) {
        LockKey key = PrimitiveArguments.leadership(name, participant);
        LockArguments.requireSessionId(sessionId);
        long wait = settings.waitFor(waitMillis);
        return live.acquire(key, sessionId, wait, leaderships::withdraw,
                (waiterId, m) -> leaderships.join(key, participant, sessionId, waiterId, m));
    }

    @Override
    public boolean leaveLeadership(String name, String participant) {
        LockKey key = PrimitiveArguments.leadership(name, participant);
        return live.release(m -> leaderships.leave(key, participant, m));
    }

    @Override
    public long leadershipEpoch(String name, String participant) {
        return leaderships.standing(PrimitiveArguments.leadership(name, participant), participant, live.nanos());
    }

    @Override
    public boolean forceReleaseReadWrite(String lockType, String key, long token) {
        LockKey lockKey = LockKey.checked(lockType, key);
        long expected = PrimitiveOperations.requireToken("token", token);
        boolean released = live.release(m -> readWriteLocks.forceRelease(lockKey, expected, m));
        watches.grantsEnded(lockKey);
        return released;
    }

    @Override
    public boolean forceReleasePermits(String lockType, String key, long token) {
        LockKey lockKey = LockKey.checked(lockType, key);
        long expected = PrimitiveOperations.requireToken("token", token);
        return live.release(m -> semaphores.forceRelease(lockKey, expected, m));
    }

    @Override
    public boolean revokeLeadership(String name, long epoch) {
        LockKey key = Leaderships.key(LockArguments.requireName("name", name));
        long expected = PrimitiveOperations.requireToken("epoch", epoch);
        return live.release(m -> leaderships.revoke(key, expected, m));
    }

    @Override
    public void setCapacity(String lockType, String key, int capacity) {
        LockKey lockKey = LockKey.checked(lockType, key);
        LockArguments.requirePermits("capacity", capacity, 1);
        live.release(m -> semaphores.setCapacity(lockKey, capacity, m));
    }
}
