package io.lockfacade.server.service;

import io.lockfacade.api.LockArguments;
import io.lockfacade.api.LockLimits;
import io.lockfacade.api.MemoryLockService;
import io.lockfacade.api.SessionExpiredException;
import io.lockfacade.api.YieldOutcome;
import io.lockfacade.server.expiry.LeaseReaper;
import io.lockfacade.server.table.Handout;
import io.lockfacade.server.table.LockInfo;
import io.lockfacade.server.table.LockKey;
import io.lockfacade.server.table.LockMachine;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;

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
        ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1, runnable -> {
            Thread thread = new Thread(runnable, WAIT_TIMER_THREAD);
            thread.setDaemon(true);
            return thread;
        });
        timer.setRemoveOnCancelPolicy(true);
        this.waitTimer = timer;
        this.table = new LiveTable(new LockMachine(), clocks, settings.expiryTick(), waitTimer,
                new GuardedLockEvents(events));
        this.sessions = new LiveSessions(table);
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
        LockKey lockKey = lockKey(lockType, key);
        LockArguments.requireOwner(owner);
        long lease = effectiveLease(LockArguments.requireLease(leaseMillis));
        long wait = Math.min(LockArguments.requireWait(waitMillis), settings.waitCap().toMillis());
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
        LockKey lockKey = lockKey(lockType, key);
        LockArguments.requireOwner(owner);
        LockArguments.requireSessionId(sessionId);
        long wait = Math.min(LockArguments.requireWait(waitMillis), settings.waitCap().toMillis());
        return table.acquire(lockKey, owner, 0, sessionId, wait);
    }

    @Override
    public long openSession(String sessionId, long ttlMillis) {
        LockArguments.requireSessionId(sessionId);
        long ttl = LockArguments.requireSessionTtl(ttlMillis);
        return sessions.open(sessionId, ttl <= 0 ? LockLimits.DEFAULT_SESSION_TTL.toMillis() : ttl);
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
        return table.release(lockKey(lockType, key), LockArguments.requireOwner(owner));
    }

    /**
     * Releases the lock when a call waits for it. Reads the holder and the waiters, then releases through
     * {@link #unlock}: a call that starts waiting just after the read waits for the owner's next yield or unlock,
     * as it would had it come a moment later; one that gives up just after it finds the lock released for nobody.
     */
    @Override
    public YieldOutcome yieldToWaiters(String lockType, String key, String owner) {
        LockKey lockKey = lockKey(lockType, key);
        LockArguments.requireOwner(owner);
        Optional<LockInfo> lock = table.describe(lockKey);
        if (lock.isEmpty() || !owner.equals(lock.get().owner())) {
            return YieldOutcome.NOT_HELD;
        }
        if (lock.get().waiters() == 0) {
            return YieldOutcome.KEPT;
        }
        return table.release(lockKey, owner) ? YieldOutcome.RELEASED : YieldOutcome.NOT_HELD;
    }

    @Override
    public boolean hasWaiters(String lockType, String key) {
        return table.describe(lockKey(lockType, key)).map(lock -> lock.waiters() > 0).orElse(false);
    }

    @Override
    public boolean renew(String lockType, String key, String owner, long leaseMillis) {
        LockKey lockKey = lockKey(lockType, key);
        LockArguments.requireOwner(owner);
        return table.renew(lockKey, owner, effectiveLease(LockArguments.requireLease(leaseMillis)));
    }

    @Override
    public boolean isLockTypeEmpty(String lockType) {
        return table.isTypeEmpty(LockArguments.requireName("lockType", lockType));
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

    private long effectiveLease(long leaseMillis) {
        return leaseMillis <= 0 ? settings.defaultLease().toMillis() : leaseMillis;
    }

    private static LockKey lockKey(String lockType, String key) {
        return new LockKey(LockArguments.requireName("lockType", lockType), LockArguments.requireName("key", key));
    }
}
