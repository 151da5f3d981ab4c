package io.lockfacade.client.transport;

import io.lockfacade.api.CallNotServedException;
import io.lockfacade.api.LockGrant;
import io.lockfacade.api.LockServiceUnavailableException;
import io.lockfacade.api.MemoryLockService;
import io.lockfacade.api.PrimitiveLockService;
import io.lockfacade.api.YieldOutcome;
import io.lockfacade.client.LockObserver;

import java.lang.reflect.Proxy;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The master's {@link MemoryLockService} as a client sees it: the one place where transport failures are
 * translated.
 *
 * <ul>
 *   <li>Connection refused, connect or read timeout, an HTTP error status, an unreadable or refused reply, or a
 *       server-side failure become {@link LockServiceUnavailableException}, whose message names the master and
 *       the operation.</li>
 *   <li>{@link IllegalArgumentException} (the master's answer to a bad argument) and
 *       {@link io.lockfacade.api.SessionExpiredException} pass through unchanged, as does anything else, which
 *       would be a programming error.</li>
 * </ul>
 */
public final class RemoteMemoryLockService implements MemoryLockService {

    private final MemoryLockService delegate;
    private final String master;
    private final boolean settlesAbandoned;
    private final PrimitiveLockService primitives;

    /**
     * @param delegate the service to call, usually a Hessian proxy
     * @param master   how messages name the master, usually its URL
     */
    public RemoteMemoryLockService(MemoryLockService delegate, String master) {
        this(delegate, master, delegate instanceof FailoverMemoryLockService, null);
    }

    private RemoteMemoryLockService(MemoryLockService delegate, String master, boolean settlesAbandoned,
                                    PrimitiveLockService primitives) {
        this.delegate = Objects.requireNonNull(delegate, "delegate");
        this.master = Objects.requireNonNull(master, "master");
        this.settlesAbandoned = settlesAbandoned;
        this.primitives = primitives;
    }

    /**
     * @param service the same master's semaphore, leadership and read-write calls, usually
     *                {@link MemoryLockServiceProxies#createPrimitives}
     * @return this service, also carrying {@code service} for {@link #primitives()}
     */
    public RemoteMemoryLockService withPrimitives(PrimitiveLockService service) {
        return new RemoteMemoryLockService(delegate, master, settlesAbandoned,
                Objects.requireNonNull(service, "service"));
    }

    /**
     * @return the same master's semaphore, leadership and read-write calls, if this client was built with them
     *         ({@link MemoryLockServiceProxies#create} does so for a single master and for a group)
     */
    public Optional<PrimitiveLockService> primitives() {
        return Optional.ofNullable(primitives);
    }

    /**
     * @return {@link #primitives()}, or, for a client built without them (one made from a bare proxy), a service
     *         whose every call throws {@link CallNotServedException}
     */
    public PrimitiveLockService primitivesOrNotServed() {
        if (primitives != null) {
            return primitives;
        }
        String message = "the client of " + master + " does not serve semaphores, leaderships or read-write locks: "
                + "it must come from MemoryLockServiceProxies.create";
        return (PrimitiveLockService) Proxy.newProxyInstance(PrimitiveLockService.class.getClassLoader(),
                new Class<?>[] {PrimitiveLockService.class}, (proxy, method, args) -> {
                    if (method.getDeclaringClass() == Object.class) {
                        return switch (method.getName()) {
                            case "equals" -> proxy == args[0];
                            case "hashCode" -> System.identityHashCode(proxy);
                            default -> "not served: " + master;
                        };
                    }
                    throw new CallNotServedException(message);
                });
    }

    /**
     * @return whether an acquisition that failed without an answer is released by this service itself, in the
     *         background and before its owner asks again (a master group's {@link FailoverMemoryLockService}), so
     *         the caller need not release it before giving up
     */
    public boolean settlesAbandonedAcquisitions() {
        return settlesAbandoned;
    }

    /**
     * @return {@code service} itself if it already translates failures, otherwise a translating wrapper that
     *         names the master by {@code service.toString()} (a Hessian proxy prints its URL)
     */
    public static RemoteMemoryLockService of(MemoryLockService service) {
        return service instanceof RemoteMemoryLockService remote ? remote
                : new RemoteMemoryLockService(service, String.valueOf(service));
    }

    /**
     * @param observer hears every call: its method, how long it took, and whether the master answered, refused or
     *                 could not be reached
     * @return the same service, whose calls are also reported to {@code observer}
     */
    public RemoteMemoryLockService observedBy(LockObserver observer) {
        return new RemoteMemoryLockService(new ObservedMemoryLockService(delegate, observer), master,
                settlesAbandoned, primitives);
    }

    /** @return how messages name the master */
    public String master() {
        return master;
    }

    /**
     * {@inheritDoc}
     *
     * @throws LockServiceUnavailableException if the master cannot be reached
     */
    @Override
    public LockGrant tryLock(String lockType, String key, String owner, long leaseMillis, long waitMillis) {
        return call(() -> delegate.tryLock(lockType, key, owner, leaseMillis, waitMillis),
                "tryLock", lockType + "/" + key);
    }

    /**
     * {@inheritDoc}
     *
     * @throws LockServiceUnavailableException if the master cannot be reached
     */
    @Override
    public boolean unlock(String lockType, String key, String owner) {
        return call(() -> delegate.unlock(lockType, key, owner), "unlock", lockType + "/" + key);
    }

    /**
     * {@inheritDoc}
     *
     * @throws io.lockfacade.api.CallNotServedException ({@code master too old}) if the master does not know it
     * @throws LockServiceUnavailableException          if the master cannot be reached
     */
    @Override
    public long unlockEarly(String lockType, String key, String owner) {
        return RemoteCalls.callNewer(master, () -> delegate.unlockEarly(lockType, key, owner), "unlockEarly",
                lockType + "/" + key, "it answers unlock instead");
    }

    /**
     * {@inheritDoc}
     *
     * @throws LockServiceUnavailableException if the master cannot be reached
     */
    @Override
    public int settleReleases(String owner, String grants) {
        return RemoteCalls.callNewer(master, () -> delegate.settleReleases(owner, grants), "settleReleases", owner,
                "only a master that answers unlockEarly early needs it");
    }

    @Override
    public YieldOutcome yieldToWaiters(String lockType, String key, String owner) {
        return call(() -> delegate.yieldToWaiters(lockType, key, owner), "yieldToWaiters", lockType + "/" + key);
    }

    @Override
    public boolean hasWaiters(String lockType, String key) {
        return call(() -> delegate.hasWaiters(lockType, key), "hasWaiters", lockType + "/" + key);
    }

    /**
     * {@inheritDoc}
     *
     * @throws LockServiceUnavailableException if the master cannot be reached
     */
    @Override
    public boolean renew(String lockType, String key, String owner, long leaseMillis) {
        return call(() -> delegate.renew(lockType, key, owner, leaseMillis), "renew", lockType + "/" + key);
    }

    /**
     * {@inheritDoc}
     *
     * @throws LockServiceUnavailableException if the master cannot be reached
     */
    @Override
    public boolean isLockTypeEmpty(String lockType) {
        return call(() -> delegate.isLockTypeEmpty(lockType), "isLockTypeEmpty", lockType);
    }

    /**
     * {@inheritDoc}
     *
     * @throws LockServiceUnavailableException if the master cannot be reached
     */
    @Override
    public long openSession(String sessionId, long ttlMillis) {
        return call(() -> delegate.openSession(sessionId, ttlMillis), "openSession", sessionId);
    }

    /**
     * {@inheritDoc}
     *
     * @throws LockServiceUnavailableException if the master cannot be reached
     */
    @Override
    public long keepAliveSession(String sessionId) {
        return call(() -> delegate.keepAliveSession(sessionId), "keepAliveSession", sessionId);
    }

    /**
     * {@inheritDoc}
     *
     * @throws LockServiceUnavailableException if the master cannot be reached
     */
    @Override
    public boolean closeSession(String sessionId) {
        return call(() -> delegate.closeSession(sessionId), "closeSession", sessionId);
    }

    /**
     * {@inheritDoc}
     *
     * @throws LockServiceUnavailableException if the master cannot be reached
     */
    @Override
    public LockGrant tryLockInSession(String lockType, String key, String owner, String sessionId,
                                      long waitMillis) {
        return call(() -> delegate.tryLockInSession(lockType, key, owner, sessionId, waitMillis),
                "tryLockInSession", lockType + "/" + key);
    }

    /**
     * {@inheritDoc}
     *
     * @throws io.lockfacade.api.DeadlockException if the master chose this wait as a deadlock's victim
     * @throws LockServiceUnavailableException     if the master cannot be reached
     */
    @Override
    public LockGrant tryLockInSessionHolding(String lockType, String key, String owner, String sessionId,
                                             long waitMillis, String heldLocks, long deadlockCheckMillis) {
        return call(() -> delegate.tryLockInSessionHolding(lockType, key, owner, sessionId, waitMillis, heldLocks,
                deadlockCheckMillis), "tryLockInSessionHolding", lockType + "/" + key);
    }

    @Override
    public String toString() {
        return "RemoteMemoryLockService[" + master + "]";
    }

    private <T> T call(Supplier<T> remoteCall, String operation, String target) {
        return RemoteCalls.call(master, remoteCall, operation, target);
    }

    /** Whether {@code e} says the call did not complete, as opposed to a bad argument or a client bug. */
    static boolean isTransportFailure(RuntimeException e) {
        return RemoteCalls.isTransportFailure(e);
    }
}
