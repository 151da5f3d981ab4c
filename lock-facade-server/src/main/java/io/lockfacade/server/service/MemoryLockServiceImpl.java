package io.lockfacade.server.service;

import io.lockfacade.api.LockArguments;
import io.lockfacade.api.MemoryLockService;
import io.lockfacade.api.SessionExpiredException;
import io.lockfacade.api.YieldOutcome;
import io.lockfacade.api.deadlock.HeldLock;
import io.lockfacade.server.deadlock.DeadlockDetector;
import io.lockfacade.server.deadlock.HoldingCall;
import io.lockfacade.server.expiry.LeaseReaper;
import io.lockfacade.server.table.Handout;
import io.lockfacade.server.table.LockKey;
import io.lockfacade.server.table.LockMachine;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledExecutorService;

/**
 * The master's {@link MemoryLockService}: checks arguments, applies the default lease and the wait cap, and drives
 * the {@link LiveTable} (the lock table's state machine at the master's time), the {@link LeaseReaper} and the
 * timers of parked calls.
 *
 * <p>Besides the blocking Hessian methods it offers {@link #tryLockAsync}, which parks a waiting call without a
 * thread, so the transport can hold thousands of waiters on a handful of threads.
 */
public final class MemoryLockServiceImpl implements ParkingLockService, AutoCloseable {

    /** Name of the thread that ends parked calls whose wait is over. */
    public static final String WAIT_TIMER_THREAD = "lock-facade-wait-timer";

    private static final Duration REAPER_MAX_IDLE = Duration.ofSeconds(1);

    private final MasterSettings settings;
    private final LiveTable table;
    private final LiveSessions sessions;
    private final DeadlockVictims deadlocks;
    private final MasterPrimitives primitives;
    private final LeaseReaper reaper;
    private final ScheduledExecutorService waitTimer;
    private final long startedAtEpochMillis = System.currentTimeMillis();

    /** Creates a master with its own reaper and timer threads, started, that reports no events. */
    public MemoryLockServiceImpl(MasterSettings settings) {
        this(settings, LockEvents.NONE);
    }

    /**
     * Creates a master with its own reaper and timer threads, started.
     *
     * @param events told of grants, releases, expiries and parked calls (for metrics); its failures are logged
     */
    public MemoryLockServiceImpl(MasterSettings settings, LockEvents events) {
        this(settings, events, MasterClocks.system());
    }

    /**
     * Creates a master on the given clocks, with its own reaper and timer threads, started.
     *
     * @param events told of grants, releases, expiries and parked calls (for metrics); its failures are logged
     * @param clocks where the lock table's time and token floors come from (tests move a clock of their own)
     */
    public MemoryLockServiceImpl(MasterSettings settings, LockEvents events, MasterClocks clocks) {
        this.settings = settings;
        this.waitTimer = ParkedCallTimer.start(WAIT_TIMER_THREAD);
        this.table = new LiveTable(new LockMachine(), clocks, settings.expiryTick(), waitTimer,
                new GuardedLockEvents(events));
        this.sessions = new LiveSessions(table);
        this.deadlocks = new DeadlockVictims(table, waitTimer);
        this.primitives = new MasterPrimitives(settings, table, deadlocks);
        this.reaper = new LeaseReaper(table.sweep(), clocks.nanos(), REAPER_MAX_IDLE);
        table.setDeadlineListener(reaper::deadlineScheduled);
        reaper.start();
    }

    /**
     * Like {@link #tryLock} but never blocks: the future completes with the handout, or with {@code null} when the
     * lock is busy and the (capped) wait is over. Cancelling the future withdraws the call from the queue; a grant
     * that raced with the cancellation is released at once, so a caller that went away never ends up holding it.
     *
     * @throws IllegalArgumentException if an argument is outside the limits; nothing changes then
     */
    @Override
    public CompletableFuture<Handout> tryLockAsync(String lockType, String key, String owner, long leaseMillis,
                                                   long waitMillis) {
        LockKey lockKey = LockKey.checked(lockType, key);
        LockArguments.requireOwner(owner);
        long lease = settings.leaseFor(leaseMillis);
        long wait = settings.waitFor(waitMillis);
        return table.acquire(lockKey, owner, lease, null, wait);
    }

    /**
     * {@link #tryLockInSession} that never blocks, as {@link #tryLockAsync} is to {@link #tryLock}.
     *
     * @throws SessionExpiredException  if the session has ended or was never opened; nothing changes then
     * @throws IllegalArgumentException if an argument is outside the limits; nothing changes then
     */
    @Override
    public CompletableFuture<Handout> tryLockInSessionAsync(String lockType, String key, String owner,
                                                            String sessionId, long waitMillis) {
        LockKey lockKey = LockKey.checked(lockType, key);
        LockArguments.requireOwner(owner);
        LockArguments.requireSessionId(sessionId);
        return table.acquire(lockKey, owner, 0, sessionId, settings.waitFor(waitMillis));
    }

    /**
     * {@link #tryLockInSessionAsync} of a thread that holds {@code heldLocks}, checked for a deadlock once it has
     * waited {@code deadlockCheckMillis}; the youngest wait of a confirmed cycle fails with
     * {@link io.lockfacade.api.DeadlockException}. A thread that holds nothing cannot be part of a cycle: its call
     * is not recorded.
     *
     * @throws SessionExpiredException  if the session has ended or was never opened; nothing changes then
     * @throws IllegalArgumentException if an argument is outside the limits; nothing changes then
     */
    @Override
    public CompletableFuture<Handout> tryLockInSessionHoldingAsync(String lockType, String key, String owner,
                                                                   String sessionId, long waitMillis,
                                                                   String heldLocks, long deadlockCheckMillis) {
        HoldingCall call = HoldingCall.checked(lockType, key, owner, sessionId, heldLocks, deadlockCheckMillis);
        long wait = settings.waitFor(waitMillis);
        return call.holdsNothing() ? table.acquire(call.lockKey(), owner, 0, sessionId, wait)
                : deadlocks.acquire(owner, sessionId, wait, call);
    }

    @Override
    public long openSession(String sessionId, long ttlMillis) {
        LockArguments.requireSessionId(sessionId);
        return sessions.open(sessionId, settings.sessionTtlFor(ttlMillis));
    }

    @Override
    public long keepAliveSession(String sessionId) {
        return sessions.keepAlive(LockArguments.requireSessionId(sessionId));
    }

    @Override
    public boolean closeSession(String sessionId) {
        return sessions.close(LockArguments.requireSessionId(sessionId));
    }

    /**
     * Releases a grant the transport could not deliver to its caller, unless a later call of the same owner was
     * handed the same grant meanwhile.
     */
    @Override
    public void releaseUndelivered(Handout handout) {
        table.releaseUndelivered(handout);
    }

    @Override
    public boolean unlock(String lockType, String key, String owner) {
        return table.release(LockKey.checked(lockType, key), LockArguments.requireOwner(owner));
    }

    /** Releases each named grant the owner still holds under its token (a single master never answers early). */
    @Override
    public int settleReleases(String owner, String grants) {
        LockArguments.requireOwner(owner);
        int released = 0;
        for (HeldLock grant : HeldLock.decode(grants, "grants")) {
            if (table.releaseGrant(new LockKey(grant.lockType(), grant.key()), owner, grant.fencingToken())) {
                released++;
            }
        }
        return released;
    }

    /** Releases the lock to the oldest waiting call if one waits, in one step of the table ({@link LiveTable}). */
    @Override
    public YieldOutcome yieldToWaiters(String lockType, String key, String owner) {
        LockKey lockKey = LockKey.checked(lockType, key);
        return table.yieldToWaiters(lockKey, LockArguments.requireOwner(owner));
    }

    @Override
    public boolean hasWaiters(String lockType, String key) {
        return table.hasWaiters(LockKey.checked(lockType, key));
    }

    @Override
    public boolean renew(String lockType, String key, String owner, long leaseMillis) {
        LockKey lockKey = LockKey.checked(lockType, key);
        LockArguments.requireOwner(owner);
        return table.renew(lockKey, owner, settings.leaseFor(leaseMillis));
    }

    @Override
    public boolean isLockTypeEmpty(String lockType) {
        return table.isTypeEmpty(LockArguments.requireName("lockType", lockType));
    }

    /** @return how many parked calls the deadlock graph holds now; for tests */
    int deadlockWaitCount() {
        return deadlocks.detector().waitCount();
    }

    /** @return the deadlocks found and the waits watched now, for the admin page and metrics */
    public DeadlockDetector deadlocks() {
        return deadlocks.detector();
    }

    /** @return the read-write locks, semaphores and leaderships, on the same table and sessions as the locks */
    @Override
    public Optional<ParkingPrimitiveService> primitives() {
        return Optional.of(primitives);
    }

    /** @return the lock table, for the admin page: listing and force-removal */
    public LiveTable table() {
        return table;
    }

    /** @return the open sessions, for the admin page: listing and force-expiry */
    public LiveSessions sessions() {
        return sessions;
    }

    /** @return the settings this master runs with */
    @Override
    public MasterSettings settings() {
        return settings;
    }

    /** @return when this master started, wall clock */
    public long startedAtEpochMillis() {
        return startedAtEpochMillis;
    }

    /** Stops the reaper and the wait timer; parked calls are not woken. */
    @Override
    public void close() {
        reaper.close();
        waitTimer.shutdownNow();
    }
}
