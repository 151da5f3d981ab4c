package io.lockfacade.client.transport;

import io.lockfacade.api.LockGrant;
import io.lockfacade.api.MemoryLockService;
import io.lockfacade.api.YieldOutcome;
import io.lockfacade.client.LockObserver;
import io.lockfacade.client.LockObserver.RemoteCallOutcome;

import java.util.Objects;
import java.util.function.Supplier;

/**
 * Decorates the master's Hessian proxy: tells a {@link LockObserver} how long each call took and how it ended,
 * by method name, then answers or throws exactly as the proxy did. Made by
 * {@link RemoteMemoryLockService#observedBy}, so that it sits under the translation of transport failures and sees
 * the proxy's own exceptions.
 */
final class ObservedMemoryLockService implements MemoryLockService {

    private final MemoryLockService delegate;
    private final LockObserver observer;

    ObservedMemoryLockService(MemoryLockService delegate, LockObserver observer) {
        this.delegate = Objects.requireNonNull(delegate, "delegate");
        this.observer = Objects.requireNonNull(observer, "observer");
    }

    @Override
    public LockGrant tryLock(String lockType, String key, String owner, long leaseMillis, long waitMillis) {
        return observe("tryLock", () -> delegate.tryLock(lockType, key, owner, leaseMillis, waitMillis));
    }

    @Override
    public boolean unlock(String lockType, String key, String owner) {
        return observe("unlock", () -> delegate.unlock(lockType, key, owner));
    }

    @Override
    public long unlockEarly(String lockType, String key, String owner) {
        return observe("unlockEarly", () -> delegate.unlockEarly(lockType, key, owner));
    }

    @Override
    public int settleReleases(String owner, String grants) {
        return observe("settleReleases", () -> delegate.settleReleases(owner, grants));
    }

    @Override
    public YieldOutcome yieldToWaiters(String lockType, String key, String owner) {
        return observe("yieldToWaiters", () -> delegate.yieldToWaiters(lockType, key, owner));
    }

    @Override
    public boolean renew(String lockType, String key, String owner, long leaseMillis) {
        return observe("renew", () -> delegate.renew(lockType, key, owner, leaseMillis));
    }

    @Override
    public boolean hasWaiters(String lockType, String key) {
        return observe("hasWaiters", () -> delegate.hasWaiters(lockType, key));
    }

    @Override
    public boolean isLockTypeEmpty(String lockType) {
        return observe("isLockTypeEmpty", () -> delegate.isLockTypeEmpty(lockType));
    }

    @Override
    public long openSession(String sessionId, long ttlMillis) {
        return observe("openSession", () -> delegate.openSession(sessionId, ttlMillis));
    }

    @Override
    public long keepAliveSession(String sessionId) {
        return observe("keepAliveSession", () -> delegate.keepAliveSession(sessionId));
    }

    @Override
    public boolean closeSession(String sessionId) {
        return observe("closeSession", () -> delegate.closeSession(sessionId));
    }

    @Override
    public LockGrant tryLockInSession(String lockType, String key, String owner, String sessionId,
                                      long waitMillis) {
        return observe("tryLockInSession",
                () -> delegate.tryLockInSession(lockType, key, owner, sessionId, waitMillis));
    }

    @Override
    public LockGrant tryLockInSessionHolding(String lockType, String key, String owner, String sessionId,
                                             long waitMillis, String heldLocks, long deadlockCheckMillis) {
        return observe("tryLockInSessionHolding", () -> delegate.tryLockInSessionHolding(lockType, key, owner,
                sessionId, waitMillis, heldLocks, deadlockCheckMillis));
    }

    @Override
    public String toString() {
        return delegate.toString();
    }

    private <T> T observe(String method, Supplier<T> call) {
        long started = System.nanoTime();
        T answer;
        try {
            answer = call.get();
        } catch (RuntimeException e) {
            observer.remoteCallEnded(method, RemoteMemoryLockService.isTransportFailure(e)
                    ? RemoteCallOutcome.FAILED : RemoteCallOutcome.REFUSED, System.nanoTime() - started);
            throw e;
        }
        observer.remoteCallEnded(method, RemoteCallOutcome.ANSWERED, System.nanoTime() - started);
        return answer;
    }
}
