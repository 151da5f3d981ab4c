package io.lockfacade.server.service;

import io.lockfacade.api.LockArguments;
import io.lockfacade.server.deadlock.HoldingCall;
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
 * The single master's read-write locks, semaphores and leaderships ({@link ParkingPrimitiveService}): runs the table's
 * transitions through {@link LivePrimitives}, each call checked first ({@link CheckedPrimitiveCalls} for the
 * read-write and semaphore calls). A call that names what its thread holds is watched for deadlocks by {@link DeadlockVictims},
 * as the master's lock calls are.
 */
final class MasterPrimitives extends CheckedPrimitiveCalls {

    private final DeadlockVictims deadlocks;
    private final LivePrimitives live;
    private final ReadWriteLocks readWriteLocks;
    private final Semaphores semaphores;
    private final Leaderships leaderships;
    private final ReadWriteWatches watches;

    MasterPrimitives(MasterSettings settings, LiveTable table, DeadlockVictims deadlocks) {
        super(settings);
        LockMachine machine = table.machine();
        this.deadlocks = deadlocks;
        this.live = new LivePrimitives(table);
        this.readWriteLocks = machine.readWriteLocks();
        this.semaphores = machine.semaphores();
        this.leaderships = machine.leaderships();
        this.watches = new ReadWriteWatches(table.waitTimer(), (lockKey, owner) ->
                CompletableFuture.completedFuture(readWriteLocks.waiterStanding(lockKey, owner)));
    }

    @Override
    protected CompletableFuture<Handout> lock(LockKey lockKey, String owner, String sessionId, long wait,
                                              AccessMode mode, Consumer<ParkedCall> parking) {
        return live.acquire(lockKey, sessionId, wait, readWriteLocks::withdraw, (waiterId, m) -> {
            PrimitiveOutcome outcome = readWriteLocks.acquire(lockKey, owner, mode, sessionId, waiterId, m);
            if (outcome instanceof PrimitiveOutcome.Parked) {
                watches.callParked(lockKey);
            }
            return outcome;
        }, parking);
    }

    @Override
    protected Consumer<ParkedCall> deadlockWatch(String owner, HoldingCall asked) {
        return deadlocks.watching(owner, asked);
    }

    @Override
    public CompletableFuture<Integer> awaitReadWriteWaiterAsync(String lockType, String key, String owner,
                                                                long waitMillis) {
        LockKey lockKey = PrimitiveArguments.held(lockType, key, owner);
        return watches.watch(lockKey, owner, cappedWait(waitMillis));
    }

    @Override
    protected boolean unlock(LockKey lockKey, String owner, AccessMode mode) {
        boolean released = live.release(m -> readWriteLocks.release(lockKey, owner, mode, m));
        if (released) {
            watches.released(lockKey, owner);
        }
        return released;
    }

    @Override
    protected CompletableFuture<Handout> acquirePermits(LockKey lockKey, String holder, int permits, int capacity,
                                                        String sessionId, long wait, Consumer<ParkedCall> parking) {
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
        long wait = cappedWait(waitMillis);
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
