package io.lockfacade.client.transport;

import io.lockfacade.api.LockGrant;
import io.lockfacade.api.MemoryLockService;
import io.lockfacade.api.YieldOutcome;

import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;

/**
 * Counts the calls a client makes to its master, by {@link CallKind}, tells a listener of every grant that comes
 * back, and otherwise passes each call on unchanged. Thread-safe. For tools that report a client's traffic: the
 * demo's verdict (calls saved by local arbitration, when grants came) and the benchmark's calls per acquisition.
 *
 * <p>{@code unlockEarly} and {@code settleReleases} are the interface's defaults: a release is answered only once
 * it has taken effect (an {@code unlock}, counted as one), so the counts are those of the plain calls.
 */
public final class CountingMemoryLockService implements MemoryLockService {

    /** What a call does, as the counts group it. */
    public enum CallKind {
        /** {@code tryLock}, {@code tryLockInSession}, {@code tryLockInSessionHolding} */
        ACQUIRE,
        /** {@code unlock} */
        RELEASE,
        /** {@code yieldToWaiters} */
        YIELD,
        /** lease and session upkeep: {@code renew}, {@code openSession}, {@code keepAliveSession}, {@code closeSession} */
        UPKEEP,
        /** reads that change nothing: {@code hasWaiters}, {@code isLockTypeEmpty} */
        READ
    }

    private final MemoryLockService delegate;
    private final Consumer<LockGrant> grantListener;
    private final Map<CallKind, LongAdder> counts = new EnumMap<>(CallKind.class);

    /**
     * @param delegate the service that makes the calls, usually the Hessian proxy
     */
    public CountingMemoryLockService(MemoryLockService delegate) {
        this(delegate, grant -> { });
    }

    /**
     * @param delegate      the service that makes the calls, usually the Hessian proxy
     * @param grantListener told of every grant an acquisition returns, on the calling thread
     */
    public CountingMemoryLockService(MemoryLockService delegate, Consumer<LockGrant> grantListener) {
        this.delegate = Objects.requireNonNull(delegate, "delegate");
        this.grantListener = Objects.requireNonNull(grantListener, "grantListener");
        for (CallKind kind : CallKind.values()) {
            counts.put(kind, new LongAdder());
        }
    }

    /** @return the calls of {@code kind} made so far */
    public long calls(CallKind kind) {
        return counts.get(kind).sum();
    }

    /** @return every call made so far */
    public long totalCalls() {
        return counts.values().stream().mapToLong(LongAdder::sum).sum();
    }

    @Override
    public LockGrant tryLock(String lockType, String key, String owner, long leaseMillis, long waitMillis) {
        counted(CallKind.ACQUIRE);
        return granted(delegate.tryLock(lockType, key, owner, leaseMillis, waitMillis));
    }

    @Override
    public LockGrant tryLockInSession(String lockType, String key, String owner, String sessionId,
                                      long waitMillis) {
        counted(CallKind.ACQUIRE);
        return granted(delegate.tryLockInSession(lockType, key, owner, sessionId, waitMillis));
    }

    /** Forwarded as it is, so that the master still checks the wait for deadlocks. */
    @Override
    public LockGrant tryLockInSessionHolding(String lockType, String key, String owner, String sessionId,
                                             long waitMillis, String heldLocks, long deadlockCheckMillis) {
        counted(CallKind.ACQUIRE);
        return granted(delegate.tryLockInSessionHolding(lockType, key, owner, sessionId, waitMillis, heldLocks,
                deadlockCheckMillis));
    }

    @Override
    public boolean unlock(String lockType, String key, String owner) {
        counted(CallKind.RELEASE);
        return delegate.unlock(lockType, key, owner);
    }

    @Override
    public YieldOutcome yieldToWaiters(String lockType, String key, String owner) {
        counted(CallKind.YIELD);
        return delegate.yieldToWaiters(lockType, key, owner);
    }

    @Override
    public boolean renew(String lockType, String key, String owner, long leaseMillis) {
        counted(CallKind.UPKEEP);
        return delegate.renew(lockType, key, owner, leaseMillis);
    }

    @Override
    public long openSession(String sessionId, long ttlMillis) {
        counted(CallKind.UPKEEP);
        return delegate.openSession(sessionId, ttlMillis);
    }

    /** One keep-alive upholds every lease of the node. */
    @Override
    public long keepAliveSession(String sessionId) {
        counted(CallKind.UPKEEP);
        return delegate.keepAliveSession(sessionId);
    }

    @Override
    public boolean closeSession(String sessionId) {
        counted(CallKind.UPKEEP);
        return delegate.closeSession(sessionId);
    }

    @Override
    public boolean hasWaiters(String lockType, String key) {
        counted(CallKind.READ);
        return delegate.hasWaiters(lockType, key);
    }

    @Override
    public boolean isLockTypeEmpty(String lockType) {
        counted(CallKind.READ);
        return delegate.isLockTypeEmpty(lockType);
    }

    /** Names the master as the wrapped service does, so that failure messages stay the same. */
    @Override
    public String toString() {
        return delegate.toString();
    }

    private void counted(CallKind kind) {
        counts.get(kind).increment();
    }

    private LockGrant granted(LockGrant grant) {
        if (grant != null) {
            grantListener.accept(grant);
        }
        return grant;
    }
}
