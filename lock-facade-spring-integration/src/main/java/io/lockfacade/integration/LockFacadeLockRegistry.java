package io.lockfacade.integration;

import io.lockfacade.api.LockArguments;
import io.lockfacade.client.LockFacade;
import org.springframework.integration.support.locks.ExpirableLockRegistry;
import org.springframework.integration.support.locks.RenewableLockRegistry;

import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Lock;

/**
 * Spring Integration's lock registry on Lock Facade: {@link #obtain} hands out a {@link Lock} on the named lock
 * ({@code lockType}, the key's {@code toString()}), reentrant and owned by the thread that takes it, exclusive
 * across every node of the cluster. It serves aggregators, {@code LockRegistryLeaderInitiator} (leader election)
 * and application code alike.
 *
 * <p>Unlike the JDBC and Redis registries, a waiting thread is woken by the master the moment the lock is
 * released, instead of polling; every grant carries a fencing token ({@link #fencingToken}); and a lock lives as
 * long as its node's session, which one keep-alive per node renews whatever the node holds: a node that dies frees
 * its locks after the session's TTL ({@code lockfacade.lease}), a node that lives never loses them to a TTL.
 * A lock lost all the same (session ended, operator removal) is never re-entered: see {@link #obtain}.
 *
 * <p>{@link Lock#newCondition()} is not supported.
 */
public class LockFacadeLockRegistry implements ExpirableLockRegistry<Lock>, RenewableLockRegistry<Lock> {

    /** A lock type for the registry's locks, for applications that have no reason to choose another. */
    public static final String DEFAULT_LOCK_TYPE = "spring-integration";

    private final LockFacade locks;
    private final String lockType;
    private final Map<String, RegistryLock> obtained = new ConcurrentHashMap<>();

    /**
     * @param locks    the lock service, usually the application's {@code DistributeLock}
     * @param lockType the lock type of every lock of this registry, 1 to 256 characters without control characters;
     *                 two registries with one type share their locks
     * @throws IllegalArgumentException if {@code lockType} is invalid
     */
    public LockFacadeLockRegistry(LockFacade locks, String lockType) {
        this.locks = Objects.requireNonNull(locks, "locks");
        this.lockType = LockArguments.requireName("lockType", lockType);
    }

    /**
     * Returns the lock of {@code lockKey}; the same object for the same key until it is expired. Its methods follow
     * {@link Lock}, with the {@link LockFacade}'s failures: {@code LockServiceUnavailableException} when the master
     * cannot be reached (nothing is held then). When this thread's hold was lost, its next acquisition drops it:
     * {@code tryLock} then answers {@code false} and {@code lock} throws {@code LockLostException}.
     *
     * @param lockKey the key; its {@code toString()} must be 1 to 256 characters without control characters
     * @throws IllegalArgumentException if the key is invalid
     */
    @Override
    public Lock obtain(Object lockKey) {
        String key = keyOf(lockKey);
        RegistryLock lock = obtained.computeIfAbsent(key, k -> new RegistryLock(locks, lockType, k));
        lock.obtained();
        return lock;
    }

    /**
     * Forgets the lock objects last obtained more than {@code age} milliseconds ago that no thread of this node
     * holds; a later {@link #obtain} makes a new one. Nothing changes on the master.
     */
    @Override
    public void expireUnusedOlderThan(long age) {
        long now = System.nanoTime();
        long ageNanos = TimeUnit.MILLISECONDS.toNanos(age);
        obtained.values().removeIf(lock -> !lock.isLocked() && now - lock.lastObtainedNanos() > ageNanos);
    }

    /**
     * Checks that the current thread still holds the lock. There is nothing to renew: the lock lives as long as
     * the node's session, which the node's keep-alive renews.
     *
     * @throws IllegalStateException if the current thread does not hold the lock, or it was lost
     */
    @Override
    public void renewLock(Object lockKey) {
        String key = keyOf(lockKey);
        if (!locks.isHeldByCurrentThread(lockType, key)) {
            throw new IllegalStateException("lock " + lockType + "/" + key + " is not held by the current thread");
        }
        if (locks.isLost(lockType, key)) {
            throw new IllegalStateException("lock " + lockType + "/" + key + " was lost; it cannot be renewed");
        }
    }

    /**
     * As {@link #renewLock(Object)}: the lock outlives any {@code ttl} while its node lives, since the node's
     * session keeps it; when the node dies, the session's TTL frees it.
     *
     * @throws IllegalArgumentException if {@code ttl} is not positive
     * @throws IllegalStateException    if the current thread does not hold the lock, or it was lost
     */
    @Override
    public void renewLock(Object lockKey, Duration ttl) {
        if (Objects.requireNonNull(ttl, "ttl").isNegative() || ttl.isZero()) {
            throw new IllegalArgumentException("ttl must be positive, was " + ttl);
        }
        renewLock(lockKey);
    }

    /**
     * @return the fencing token of the current thread's hold of the lock, or empty if it does not hold it; pass it
     *         to the resource the lock protects so that it refuses a holder whose lock was lost
     */
    public OptionalLong fencingToken(Object lockKey) {
        return locks.fencingToken(lockType, keyOf(lockKey));
    }

    /** @return the lock type of this registry's locks */
    public String lockType() {
        return lockType;
    }

    @Override
    public String toString() {
        return "LockFacadeLockRegistry[lockType=" + lockType + ", locks=" + locks + "]";
    }

    private static String keyOf(Object lockKey) {
        return LockArguments.requireName("lockKey", Objects.requireNonNull(lockKey, "lockKey").toString());
    }
}
