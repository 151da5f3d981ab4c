package io.lockfacade.client.transport;

import io.lockfacade.api.CallNotServedException;
import io.lockfacade.api.LockGrant;
import io.lockfacade.api.LockServiceUnavailableException;
import io.lockfacade.api.PrimitiveLockService;

import java.util.Objects;
import java.util.function.Supplier;

/**
 * The master's {@link PrimitiveLockService} as a client sees it. A master older than these calls does not know
 * their names: its answer (this project's endpoint: "unknown method"; Caucho's skeleton: "no method named") becomes
 * a {@link CallNotServedException} whose message begins with {@code master too old} and names the call, instead of
 * a transport failure. Transport failures become {@link LockServiceUnavailableException}; the master's refusals
 * pass through, as {@link RemoteMemoryLockService} does for locks.
 */
public final class RemotePrimitiveService implements PrimitiveLockService {

    private final PrimitiveLockService delegate;
    private final String master;

    /**
     * @param delegate the service to call, usually a Hessian proxy on the master's endpoint
     * @param master   how messages name the master, usually its URL
     */
    public RemotePrimitiveService(PrimitiveLockService delegate, String master) {
        this.delegate = Objects.requireNonNull(delegate, "delegate");
        this.master = Objects.requireNonNull(master, "master");
    }

    @Override
    public LockGrant tryReadLockInSession(String lockType, String key, String owner, String sessionId,
                                         long waitMillis) {
        return call(() -> delegate.tryReadLockInSession(lockType, key, owner, sessionId, waitMillis),
                "tryReadLockInSession", lockType + "/" + key);
    }

    @Override
    public LockGrant tryWriteLockInSession(String lockType, String key, String owner, String sessionId,
                                          long waitMillis) {
        return call(() -> delegate.tryWriteLockInSession(lockType, key, owner, sessionId, waitMillis),
                "tryWriteLockInSession", lockType + "/" + key);
    }

    @Override
    public LockGrant tryReadLockInSessionHolding(String lockType, String key, String owner, String sessionId,
                                                long waitMillis, String heldLocks, long deadlockCheckMillis) {
        return call(() -> delegate.tryReadLockInSessionHolding(lockType, key, owner, sessionId, waitMillis,
                heldLocks, deadlockCheckMillis), "tryReadLockInSessionHolding", lockType + "/" + key);
    }

    @Override
    public LockGrant tryWriteLockInSessionHolding(String lockType, String key, String owner, String sessionId,
                                                 long waitMillis, String heldLocks, long deadlockCheckMillis) {
        return call(() -> delegate.tryWriteLockInSessionHolding(lockType, key, owner, sessionId, waitMillis,
                heldLocks, deadlockCheckMillis), "tryWriteLockInSessionHolding", lockType + "/" + key);
    }

    @Override
    public int awaitReadWriteWaiter(String lockType, String key, String owner, long waitMillis) {
        return call(() -> delegate.awaitReadWriteWaiter(lockType, key, owner, waitMillis), "awaitReadWriteWaiter",
                lockType + "/" + key);
    }

    @Override
    public boolean unlockRead(String lockType, String key, String owner) {
        return call(() -> delegate.unlockRead(lockType, key, owner), "unlockRead", lockType + "/" + key);
    }

    @Override
    public boolean unlockWrite(String lockType, String key, String owner) {
        return call(() -> delegate.unlockWrite(lockType, key, owner), "unlockWrite", lockType + "/" + key);
    }

    @Override
    public LockGrant tryAcquirePermits(String lockType, String key, String holder, int permits, int capacity,
                                       String sessionId, long waitMillis) {
        return call(() -> delegate.tryAcquirePermits(lockType, key, holder, permits, capacity, sessionId, waitMillis),
                "tryAcquirePermits", lockType + "/" + key);
    }

    @Override
    public LockGrant tryAcquirePermitsHolding(String lockType, String key, String holder, int permits, int capacity,
                                              String sessionId, long waitMillis, String heldLocks,
                                              long deadlockCheckMillis) {
        return call(() -> delegate.tryAcquirePermitsHolding(lockType, key, holder, permits, capacity, sessionId,
                waitMillis, heldLocks, deadlockCheckMillis), "tryAcquirePermitsHolding", lockType + "/" + key);
    }

    @Override
    public boolean releasePermits(String lockType, String key, String holder, int keep) {
        return call(() -> delegate.releasePermits(lockType, key, holder, keep), "releasePermits",
                lockType + "/" + key);
    }

    @Override
    public int availablePermits(String lockType, String key) {
        return call(() -> delegate.availablePermits(lockType, key), "availablePermits", lockType + "/" + key);
    }

    @Override
    public LockGrant joinLeadership(String name, String participant, String sessionId, long waitMillis) {
        return call(() -> delegate.joinLeadership(name, participant, sessionId, waitMillis), "joinLeadership", name);
    }

    @Override
    public boolean leaveLeadership(String name, String participant) {
        return call(() -> delegate.leaveLeadership(name, participant), "leaveLeadership", name);
    }

    @Override
    public long leadershipEpoch(String name, String participant) {
        return call(() -> delegate.leadershipEpoch(name, participant), "leadershipEpoch", name);
    }

    @Override
    public String toString() {
        return "RemotePrimitiveService[" + master + "]";
    }

    private <T> T call(Supplier<T> remoteCall, String operation, String target) {
        return RemoteCalls.callNewer(master, remoteCall, operation, target,
                "read-write locks, semaphores and leaderships need a newer master");
    }
}
