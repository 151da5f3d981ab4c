package io.lockfacade.client.transport;

import io.lockfacade.api.LockGrant;
import io.lockfacade.api.PrimitiveLockService;
import io.lockfacade.client.transport.AbandonedAcquisitions.Acquisition;

/**
 * The {@link PrimitiveLockService} of a master group: every call goes to the leader as
 * {@link FailoverMemoryLockService}'s calls do, following {@code not leader} answers and skipping silent members,
 * with the same bounds. Reads ({@code availablePermits}, {@code leadershipEpoch}) are answered by the leader too.
 *
 * <p>A waiting call ({@code tryReadLockInSession}, {@code tryWriteLockInSession}, {@code tryAcquirePermits},
 * {@code joinLeadership}) waits in slices and keeps its deadline: it returns by its wait plus
 * {@link FailoverMemoryLockService#DEADLINE_BOUND}. A read lock, write lock or permits given up on while an attempt
 * was unanswered may have been granted: they are released in the background by owner or holder name, and before
 * the same owner or holder asks again ({@link AbandonedAcquisitions}; the calls are idempotent on those names). A
 * join is not undone: a participant keeps taking part until it leaves or its session ends, and joining again is
 * answered with where it stands. Obtained from {@link FailoverMemoryLockService#primitives()}. Thread-safe.
 */
public final class FailoverPrimitiveService implements PrimitiveLockService {

    private final LeaderFollowingCalls<PrimitiveLockService> calls;
    private final AbandonedAcquisitions abandonedReads;
    private final AbandonedAcquisitions abandonedWrites;
    private final AbandonedAcquisitions abandonedPermits;

    /** @param calls how the group's members are called */
    FailoverPrimitiveService(LeaderFollowingCalls<PrimitiveLockService> calls) {
        this.calls = calls;
        this.abandonedReads = new AbandonedAcquisitions((read, deadline) -> calls.callBy(deadline,
                member -> member.unlockRead(read.lockType(), read.key(), read.owner()), "unlockRead"),
                calls.budget());
        this.abandonedWrites = new AbandonedAcquisitions((write, deadline) -> calls.callBy(deadline,
                member -> member.unlockWrite(write.lockType(), write.key(), write.owner()), "unlockWrite"),
                calls.budget());
        this.abandonedPermits = new AbandonedAcquisitions((permits, deadline) -> calls.callBy(deadline,
                member -> member.releasePermits(permits.lockType(), permits.key(), permits.owner(), 0),
                "releasePermits"), calls.budget());
    }

    @Override
    public LockGrant tryReadLockInSession(String lockType, String key, String owner, String sessionId,
                                         long waitMillis) {
        return lock(abandonedReads, new Acquisition(lockType, key, owner), waitMillis, (member, slice) ->
                member.tryReadLockInSession(lockType, key, owner, sessionId, slice), "tryReadLockInSession");
    }

    @Override
    public LockGrant tryWriteLockInSession(String lockType, String key, String owner, String sessionId,
                                          long waitMillis) {
        return lock(abandonedWrites, new Acquisition(lockType, key, owner), waitMillis, (member, slice) ->
                member.tryWriteLockInSession(lockType, key, owner, sessionId, slice), "tryWriteLockInSession");
    }

    @Override
    public LockGrant tryReadLockInSessionHolding(String lockType, String key, String owner, String sessionId,
                                                long waitMillis, String heldLocks, long deadlockCheckMillis) {
        return lock(abandonedReads, new Acquisition(lockType, key, owner), waitMillis, (member, slice) ->
                member.tryReadLockInSessionHolding(lockType, key, owner, sessionId, slice, heldLocks,
                        deadlockCheckMillis), "tryReadLockInSessionHolding");
    }

    @Override
    public LockGrant tryWriteLockInSessionHolding(String lockType, String key, String owner, String sessionId,
                                                 long waitMillis, String heldLocks, long deadlockCheckMillis) {
        return lock(abandonedWrites, new Acquisition(lockType, key, owner), waitMillis, (member, slice) ->
                member.tryWriteLockInSessionHolding(lockType, key, owner, sessionId, slice, heldLocks,
                        deadlockCheckMillis), "tryWriteLockInSessionHolding");
    }

    @Override
    public int awaitReadWriteWaiter(String lockType, String key, String owner, long waitMillis) {
        return calls.call(member -> member.awaitReadWriteWaiter(lockType, key, owner, waitMillis),
                "awaitReadWriteWaiter");
    }

    @Override
    public boolean unlockRead(String lockType, String key, String owner) {
        return calls.call(member -> member.unlockRead(lockType, key, owner), "unlockRead");
    }

    @Override
    public boolean unlockWrite(String lockType, String key, String owner) {
        return calls.call(member -> member.unlockWrite(lockType, key, owner), "unlockWrite");
    }

    @Override
    public LockGrant tryAcquirePermits(String lockType, String key, String holder, int permits, int capacity,
                                       String sessionId, long waitMillis) {
        return lock(abandonedPermits, new Acquisition(lockType, key, holder), waitMillis, (member, slice) ->
                member.tryAcquirePermits(lockType, key, holder, permits, capacity, sessionId, slice),
                "tryAcquirePermits");
    }

    @Override
    public LockGrant tryAcquirePermitsHolding(String lockType, String key, String holder, int permits, int capacity,
                                              String sessionId, long waitMillis, String heldLocks,
                                              long deadlockCheckMillis) {
        return lock(abandonedPermits, new Acquisition(lockType, key, holder), waitMillis, (member, slice) ->
                member.tryAcquirePermitsHolding(lockType, key, holder, permits, capacity, sessionId, slice,
                        heldLocks, deadlockCheckMillis), "tryAcquirePermitsHolding");
    }

    @Override
    public boolean releasePermits(String lockType, String key, String holder, int keep) {
        return calls.call(member -> member.releasePermits(lockType, key, holder, keep), "releasePermits");
    }

    @Override
    public int availablePermits(String lockType, String key) {
        return calls.call(member -> member.availablePermits(lockType, key), "availablePermits");
    }

    @Override
    public LockGrant joinLeadership(String name, String participant, String sessionId, long waitMillis) {
        // never abandoned: a join stands until the participant leaves, and joining again answers where it stands
        return calls.waitFor(waitMillis, slice -> member -> member.joinLeadership(name, participant, sessionId,
                slice), "joinLeadership", new boolean[1]);
    }

    @Override
    public boolean leaveLeadership(String name, String participant) {
        return calls.call(member -> member.leaveLeadership(name, participant), "leaveLeadership");
    }

    @Override
    public long leadershipEpoch(String name, String participant) {
        return calls.call(member -> member.leadershipEpoch(name, participant), "leadershipEpoch");
    }

    @Override
    public String toString() {
        return "FailoverPrimitiveService" + calls.endpoints();
    }

    /** One attempt of a waiting call: the member to ask and the wait it asks for. */
    @FunctionalInterface
    private interface Attempt {
        LockGrant ask(PrimitiveLockService member, long waitMillis);
    }

    private LockGrant lock(AbandonedAcquisitions abandoned, Acquisition acquisition, long waitMillis,
                           Attempt attempt, String operation) {
        return calls.acquire(abandoned, acquisition, System.nanoTime(), waitMillis,
                slice -> member -> attempt.ask(member, slice), operation);
    }
}
