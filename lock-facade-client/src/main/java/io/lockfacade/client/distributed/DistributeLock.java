package io.lockfacade.client.distributed;

import io.lockfacade.api.LockArguments;
import io.lockfacade.api.LockLostException;
import io.lockfacade.api.LockServiceUnavailableException;
import io.lockfacade.api.MemoryLockService;
import io.lockfacade.client.Leadership;
import io.lockfacade.client.LeadershipListener;
import io.lockfacade.client.LeasedLock;
import io.lockfacade.client.LeasedLocks;
import io.lockfacade.client.LockFacade;
import io.lockfacade.client.LockFacadeSemaphore;
import io.lockfacade.client.LockObserver;
import io.lockfacade.client.PrimitiveObserver;
import io.lockfacade.client.leadership.DistributedLeaderships;
import io.lockfacade.client.readwrite.FacadeReadWriteLock;
import io.lockfacade.client.semaphore.DistributedSemaphores;
import io.lockfacade.client.transport.RemoteMemoryLockService;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReadWriteLock;

/**
 * {@link LockFacade} for a cluster: locks are granted by the lock master, so one thread in the whole cluster
 * holds a given lock type and key at a time.
 *
 * <p><b>Local arbitration first.</b> Threads of this node queue on a local lock per type and key, first come
 * first served unless {@code fairLocalLock} is off; only the thread holding it talks to the master. Re-entry is
 * counted locally; the master never sees it. The owner the master sees is {@code nodeId:threadName#threadId}.
 *
 * <p><b>Hand-off.</b> On a final unlock with another local thread queued, the grant passes to that thread
 * without a remote call (same fencing token), {@code maxLocalHandoffs} times in a row; then a daemon thread
 * ({@code lock-facade-probe-<nodeId>}) asks the master whether a thread of another node waits there, while the
 * local threads go on handing the grant off. If none does, a new run begins; if one does (or the master cannot
 * say), the next final unlock asks the master to yield the grant: released to the oldest waiter (queued in
 * arrival order), or kept for a new run if that waiter gave up meanwhile. So a busy lock pays one background
 * call per run, and its local threads wait on the network only when the grant really changes node.
 *
 * <p><b>Timeouts.</b> The local and the remote wait share the caller's timeout; the remote wait is a series of
 * {@code tryLock} calls of at most {@code remoteWaitCap} each. A timeout, an interrupt or a transport failure
 * leaves nothing held, locally or on the master.
 *
 * <p><b>Session.</b> Every grant of the node lives under one session on the master, whose TTL is the
 * {@code lease} setting. A daemon thread ({@code lock-facade-renewal-<nodeId>}) keeps it alive with one call
 * every {@code renewInterval}, whatever the node holds. Every grant is lost at once when the master says the session
 * ended, or when keep-alives keep failing until the TTL has run out; a grant is lost on its own when an operator
 * force-removes it (the keep-alive reports it). The next acquisition opens a new session. The holder of a lost
 * grant sees {@link #isLost} become {@code true}, and its
 * {@link #unlock} releases the lock locally and throws {@link LockLostException}. A lost grant is never handed
 * to another thread.
 *
 * <p><b>Master unreachable.</b> {@link #isLockTypeEmpty} and {@link #unlock} throw
 * {@link LockServiceUnavailableException} within the transport's read timeout. An acquisition throws it within
 * the wait it asked for plus twice the read timeout: the call that failed, then a best-effort release of the grant
 * the master may have made before the reply was lost (a master that does not answer at all costs both).
 *
 * <p><b>Leased locks.</b> {@link #tryLease} takes a lock that belongs to no thread and ends with its own lease,
 * outside the session (for job schedulers: ShedLock's {@code lockAtMostFor}); see {@link LeasedLocks}.
 *
 * <p><b>Observing.</b> A {@link LockObserver} given at construction hears every acquisition, hand-off, release,
 * loss and remote call, by lock type (for metrics and health checks); without one nothing is reported and nothing
 * is added to a call.
 */
public class DistributeLock implements LockFacade, LeasedLocks, AutoCloseable {

    private final DistributeLockSettings settings;
    private final RemoteGrants grants;
    private final LocalArbiter arbiter;
    private final NodeSession session;
    private final RemoteLeases leases;
    private final ObservedAcquisitions acquisitions;
    private final DistributedReadWriteLocks readWriteLocks;
    private final DistributedSemaphores semaphores;
    private final DistributedLeaderships leaderships;
    private final AtomicBoolean closed = new AtomicBoolean();

    /**
     * @param master the master's service, usually from {@code MemoryLockServiceProxies} or the Spring factory bean
     */
    public DistributeLock(MemoryLockService master) {
        this(master, DistributeLockSettings.defaults());
    }

    /**
     * @param master   the master's service; its transport failures are translated to
     *                 {@link LockServiceUnavailableException}
     * @param settings node id, lease, renewal, hand-off bound, remote wait cap and local fairness
     */
    public DistributeLock(MemoryLockService master, DistributeLockSettings settings) {
        this(master, settings, LockObserver.NONE);
    }

    /**
     * @param master   the master's service; its transport failures are translated to
     *                 {@link LockServiceUnavailableException}
     * @param settings node id, lease, renewal, hand-off bound and remote wait cap
     * @param observer hears what this lock does, including every call to the master; {@link LockObserver#NONE}
     *                 for nothing
     */
    public DistributeLock(MemoryLockService master, DistributeLockSettings settings, LockObserver observer) {
        this(master, settings, HandoffPolicy.bounded(settings.maxLocalHandoffs()), observer);
    }

    DistributeLock(MemoryLockService master, DistributeLockSettings settings, HandoffPolicy handoffPolicy) {
        this(master, settings, handoffPolicy, LockObserver.NONE);
    }

    private DistributeLock(MemoryLockService master, DistributeLockSettings settings, HandoffPolicy handoffPolicy,
                           LockObserver observer) {
        this.settings = Objects.requireNonNull(settings, "settings");
        Objects.requireNonNull(observer, "observer");
        RemoteMemoryLockService remote = RemoteMemoryLockService.of(Objects.requireNonNull(master, "master"));
        RemoteMemoryLockService observed = observer == LockObserver.NONE ? remote : remote.observedBy(observer);
        this.grants = new RemoteGrants(observed, settings.remoteWaitCap());
        this.leases = new RemoteLeases(observed, settings.nodeId());
        this.session = new NodeSession(grants, settings.nodeId(), settings.lease(), settings.renewInterval());
        HeldByThread heldByThread = new HeldByThread(settings.deadlockDetection());
        this.arbiter = new LocalArbiter(settings.nodeId(), grants, session,
                Objects.requireNonNull(handoffPolicy, "handoffPolicy"), settings.fairLocalLock(),
                settings.deadlockDetection(), id -> observer.deadlockVictim(id.lockType()), heldByThread);
        this.acquisitions = new ObservedAcquisitions(arbiter, observer);
        this.readWriteLocks = DistributedReadWriteLocks.of(remote.primitivesOrNotServed(), grants, session, settings,
                heldByThread, observer::deadlockVictim, arbiter.localWaits());
        this.semaphores = new DistributedSemaphores(remote.primitivesOrNotServed(), session,
                settings.remoteWaitCap(), PrimitiveObserver.of(observer), heldByThread, observer::deadlockVictim);
        this.leaderships = new DistributedLeaderships(remote.primitivesOrNotServed(), session,
                settings.remoteWaitCap(), PrimitiveObserver.of(observer));
    }

    /** @return the settings this lock was made with */
    public DistributeLockSettings settings() {
        return settings;
    }

    /**
     * {@inheritDoc} An interrupt does not end the wait; the interrupt flag stays set.
     *
     * @throws IllegalStateException if this lock has been closed
     */
    @Override
    public void lock(String lockType, String key, long timeoutMillis) throws TimeoutException {
        LockId id = LockId.of(lockType, key);
        Deadline deadline = timeoutMillis <= 0 ? Deadline.never() : Deadline.after(timeoutMillis, TimeUnit.MILLISECONDS);
        if (!acquireUninterruptibly(id, deadline)) {
            throw new TimeoutException("lock " + id + " not acquired within " + timeoutMillis + " ms");
        }
    }

    /**
     * {@inheritDoc}
     *
     * @throws IllegalStateException if this lock has been closed
     */
    @Override
    public boolean tryLock(String lockType, String key) {
        return acquireUninterruptibly(LockId.of(lockType, key), Deadline.after(0, TimeUnit.MILLISECONDS));
    }

    /**
     * {@inheritDoc} A remote call in flight is not abandoned (the master could grant it after the client left),
     * so an interrupt during a remote wait is noticed within {@code remoteWaitCap}.
     *
     * @throws IllegalStateException if this lock has been closed
     */
    @Override
    public boolean tryLock(String lockType, String key, long waitTime, TimeUnit unit) throws InterruptedException {
        LockId id = LockId.of(lockType, key);
        Objects.requireNonNull(unit, "unit");
        if (Thread.interrupted()) {
            throw new InterruptedException("interrupted before waiting for lock " + id);
        }
        return acquisitions.acquire(id, Deadline.after(waitTime, unit), true);
    }

    /** {@inheritDoc} */
    @Override
    public void unlock(String lockType, String key) {
        acquisitions.release(LockId.of(lockType, key));
    }

    /** {@inheritDoc} Asks the master, so grants cached on this node for a hand-off count as held. */
    @Override
    public boolean isLockTypeEmpty(String lockType) {
        return grants.isLockTypeEmpty(LockArguments.requireName("lockType", lockType));
    }

    /** {@inheritDoc} Answered locally, without a remote call. */
    @Override
    public OptionalLong fencingToken(String lockType, String key) {
        RemoteHold hold = arbiter.holdOfCurrentThread(LockId.of(lockType, key));
        return hold == null ? OptionalLong.empty() : OptionalLong.of(hold.fencingToken());
    }

    /** {@inheritDoc} Answered locally, without a remote call. */
    @Override
    public boolean isHeldByCurrentThread(String lockType, String key) {
        return arbiter.holdOfCurrentThread(LockId.of(lockType, key)) != null;
    }

    /**
     * {@inheritDoc} Answered locally: the master refused a renewal, or the lease ran out without a confirmed
     * renewal.
     */
    @Override
    public boolean isLost(String lockType, String key) {
        RemoteHold hold = arbiter.holdOfCurrentThread(LockId.of(lockType, key));
        return hold != null && hold.isLost();
    }

    /**
     * {@inheritDoc} One {@code tryLock} call with the lease and an owner of the lease's own; no session, no
     * keep-alive: only {@link LeasedLock#extend} makes it last longer.
     */
    @Override
    public Optional<LeasedLock> tryLease(String lockType, String key, Duration lease) {
        LockId id = LockId.of(lockType, key);
        if (closed.get()) {
            throw new IllegalStateException(this + " is closed");
        }
        return leases.tryLease(id, lease);
    }

    /** {@inheritDoc} Permits are held under the node's session, per thread: see {@link DistributedSemaphores}. */
    @Override
    public LockFacadeSemaphore semaphore(String lockType, String key, int permits) {
        return semaphores.semaphore(lockType, key, permits);
    }

    /**
     * {@inheritDoc} Joins in the background under the node's session; {@code isLeader()} turns false a tenth of the
     * session TTL before the master could elect another node: see {@link DistributedLeaderships}.
     */
    @Override
    public Leadership leadership(String name, LeadershipListener listener) {
        return leaderships.leadership(name, listener);
    }

    /**
     * {@inheritDoc} Arbitrated on this node first: the node's threads share one remote grant, read or write (its
     * readers read under its write grant while no local writer holds it), kept until a call of another node waits
     * behind it; see {@link DistributedReadWriteLocks}.
     */
    @Override
    public ReadWriteLock asReadWriteLock(String lockType, String key) {
        return new FacadeReadWriteLock(readWriteLocks, lockType, key);
    }

    /**
     * Stops lease renewal and releases grants cached for a hand-off. Locks still held stay held until their
     * holders unlock them (which releases them on the master) or their lease runs out; acquisitions then fail
     * with {@link IllegalStateException}. Calling it again does nothing.
     */
    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            readWriteLocks.close();
            leaderships.close();
            semaphores.close();
            arbiter.close();
        }
    }

    /**
     * @return whether this node has a session on the master that it believes alive: opened by the first
     *         acquisition, confirmed by keep-alives since; answered locally, without a remote call
     */
    public boolean hasLiveSession() {
        return session.isAlive();
    }

    @Override
    public String toString() {
        return "DistributeLock[node=" + settings.nodeId() + ", master=" + grants.master() + "]";
    }

    /** @return how many locks this node holds, waits for or caches; for tests and metrics */
    int localEntryCount() {
        return arbiter.entryCount();
    }

    /** @return how many read-write locks this node holds, waits for or caches; for tests */
    int readWriteEntryCount() {
        return readWriteLocks.entryCount();
    }

    /** @return how many local threads wait long enough to be checked for a deadlock; for tests */
    int checkedWaitCount() {
        return arbiter.checkedWaitCount();
    }

    /** @return how many local threads wait for the lock; for tests and metrics */
    int localQueueLength(String lockType, String key) {
        return arbiter.queueLength(LockId.of(lockType, key));
    }

    /**
     * @return the answer, as it stands, of the question to the master about other nodes waiting for the lock,
     *         asked in the current run of hand-offs; {@code null} if none was asked; for tests
     */
    WaiterProbe.Answer probeAnswer(String lockType, String key) {
        return arbiter.probeAnswer(LockId.of(lockType, key));
    }

    private boolean acquireUninterruptibly(LockId id, Deadline deadline) {
        try {
            return acquisitions.acquire(id, deadline, false);
        } catch (InterruptedException e) {
            throw new IllegalStateException("an uninterruptible acquisition of " + id + " was interrupted", e);
        }
    }
}
