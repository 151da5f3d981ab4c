package io.lockfacade.shedlock;

import io.lockfacade.api.LockArguments;
import io.lockfacade.api.LockLimits;
import io.lockfacade.api.LockServiceUnavailableException;
import io.lockfacade.client.LeasedLock;
import io.lockfacade.client.LeasedLocks;
import io.lockfacade.client.LockFacade;
import net.javacrumbs.shedlock.core.ExtensibleLockProvider;
import net.javacrumbs.shedlock.core.LockConfiguration;
import net.javacrumbs.shedlock.core.SimpleLock;

import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;

/**
 * ShedLock's lock provider on Lock Facade: a {@code @SchedulerLock} task runs on one node at a time, locked by the
 * lock master (a single master or a master group) under lock type {@value #DEFAULT_LOCK_TYPE} and the task's
 * lock name as key.
 *
 * <p><b>How ShedLock's settings map.</b>
 * <ul>
 *   <li>{@code lockAtMostFor} is the lease of the grant on the master, counted by the master's clock and never
 *       renewed behind the task's back: at that time the lock is free for the other nodes whether this node
 *       finished, froze, died or is still running. A task still running then is reported: a warning in the log
 *       and {@link #leaseOverruns()} (a metric under Spring Boot). It must be between
 *       {@link LockLimits#MIN_LEASE} and {@link LockLimits#MAX_LEASE}.</li>
 *   <li>{@code lockAtLeastFor}: on unlock before it has passed, the lease is cut to what is left of it instead of
 *       being released, so a fast task is not run again by a node whose clock or schedule is a little off.</li>
 *   <li>{@link SimpleLock#extend} ({@code LockExtender.extendActiveLock}) sets the lease to the new
 *       {@code lockAtMostFor} from now; it answers empty if the lease had already run out.</li>
 * </ul>
 * Only durations travel: the nodes' wall clocks play no part, so nodes whose clocks are apart still run a task
 * one at a time. Each grant carries a fencing token, reachable from the running task with
 * {@link #fencingToken(String)}.
 *
 * <p>A grant is a lease of its own on the master rather than one under the node's session: a session is kept
 * alive by the node's keep-alives, which would hold a task's lock past {@code lockAtMostFor} while the node lives.
 * A lease needs no keep-alive at all. A master group extends every lease when a new leader takes over, so a
 * leader change during a task never frees its lock early.
 */
public class LockFacadeLockProvider implements ExtensibleLockProvider, AutoCloseable {

    /** The lock type under which task locks are taken unless another is given. */
    public static final String DEFAULT_LOCK_TYPE = "shedlock";

    private final LeasedLocks leases;
    private final String lockType;
    private final LeaseOverrunWatch overruns = new LeaseOverrunWatch();
    private final Map<String, ShedLockHold> active = new ConcurrentHashMap<>();

    /**
     * Takes task locks under lock type {@value #DEFAULT_LOCK_TYPE}.
     *
     * @param locks a lock service that grants leased locks, such as {@code DistributeLock}
     * @throws IllegalArgumentException if {@code locks} cannot grant leased locks ({@code MemoryLock} cannot:
     *                                  ShedLock exists to lock across JVMs)
     */
    public LockFacadeLockProvider(LockFacade locks) {
        this(locks, DEFAULT_LOCK_TYPE);
    }

    /**
     * @param locks    a lock service that grants leased locks, such as {@code DistributeLock}
     * @param lockType the lock type of every task lock, 1 to 256 characters without control characters
     * @throws IllegalArgumentException if {@code locks} cannot grant leased locks, or {@code lockType} is invalid
     */
    public LockFacadeLockProvider(LockFacade locks, String lockType) {
        Objects.requireNonNull(locks, "locks");
        if (!(locks instanceof LeasedLocks leasedLocks)) {
            throw new IllegalArgumentException("ShedLock needs a lock service that grants leased locks across nodes "
                    + "(DistributeLock); " + locks.getClass().getName() + " does not");
        }
        this.leases = leasedLocks;
        this.lockType = LockArguments.requireName("lockType", lockType);
    }

    /**
     * Takes the task's lock if no node holds it; never waits.
     *
     * @return the lock, or empty if another node (or another thread of this one) holds it
     * @throws IllegalArgumentException        if the lock name is not a valid key, or {@code lockAtMostFor} is
     *                                         outside {@link LockLimits#MIN_LEASE} to {@link LockLimits#MAX_LEASE}
     * @throws LockServiceUnavailableException if the master cannot be reached; nothing is held then
     */
    @Override
    public Optional<SimpleLock> lock(LockConfiguration configuration) {
        String name = LockArguments.requireName("lock name", configuration.getName());
        Duration lockAtMostFor = requireLockAtMostFor(configuration);
        Optional<LeasedLock> lease = leases.tryLease(lockType, name, lockAtMostFor);
        if (lease.isEmpty()) {
            return Optional.empty();
        }
        ShedLockHold hold = new ShedLockHold(lease.get(), configuration, overruns);
        active.put(name, hold);
        return Optional.of(new FacadeSimpleLock(configuration, hold, this::ended));
    }

    /**
     * The fencing token of a task's lock while this node holds it: give it to the resource the task writes to, so
     * that the resource can refuse a node whose {@code lockAtMostFor} ran out while it still worked. From inside a
     * {@code @SchedulerLock} method, ask with the method's lock name (ShedLock has no token of its own).
     *
     * @return the token, or empty if this node does not hold the lock (never took it, or unlocked it)
     */
    public OptionalLong fencingToken(String lockName) {
        ShedLockHold hold = active.get(lockName);
        return hold == null ? OptionalLong.empty() : OptionalLong.of(hold.fencingToken());
    }

    /** @return how many tasks were still running when their {@code lockAtMostFor} ended, since start-up */
    public long leaseOverruns() {
        return overruns.count();
    }

    /** @return the lock type of the task locks */
    public String lockType() {
        return lockType;
    }

    /** Stops watching for overruns; locks still held end with their lease. */
    @Override
    public void close() {
        overruns.close();
    }

    @Override
    public String toString() {
        return "LockFacadeLockProvider[lockType=" + lockType + ", locks=" + leases + "]";
    }

    private void ended(ShedLockHold hold) {
        active.remove(hold.name(), hold);
    }

    private static Duration requireLockAtMostFor(LockConfiguration configuration) {
        Duration lockAtMostFor = configuration.getLockAtMostFor();
        if (lockAtMostFor.compareTo(LockLimits.MIN_LEASE) < 0 || lockAtMostFor.compareTo(LockLimits.MAX_LEASE) > 0) {
            throw new IllegalArgumentException("lockAtMostFor of lock '" + configuration.getName()
                    + "' must be between " + LockLimits.MIN_LEASE + " and " + LockLimits.MAX_LEASE + ", was "
                    + lockAtMostFor);
        }
        return lockAtMostFor;
    }
}
