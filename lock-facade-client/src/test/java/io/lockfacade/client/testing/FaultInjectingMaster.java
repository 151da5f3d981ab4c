package io.lockfacade.client.testing;

import com.caucho.hessian.client.HessianConnectionException;
import io.lockfacade.api.LockGrant;
import io.lockfacade.api.MemoryLockService;
import io.lockfacade.api.YieldOutcome;
import io.lockfacade.server.service.MasterSettings;
import io.lockfacade.server.service.MemoryLockServiceImpl;
import io.lockfacade.server.table.Handout;
import io.lockfacade.server.table.LockInfo;
import io.lockfacade.server.table.LockKey;

import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * The real single master ({@link MemoryLockServiceImpl}, the same lock table as every master) in this JVM, behind a
 * decorator that injects what a network does to calls: a chosen operation fails like a broken transport, either
 * before the call reaches the master or after it took effect (the reply is lost), or waits at a gate. Like a call
 * over HTTP, a waiting call is not abandoned when its caller is interrupted. It also counts calls and shows the
 * master's table as an operator sees it. Close it to stop the master's threads.
 */
public final class FaultInjectingMaster implements MemoryLockService, AutoCloseable {

    /** The remote operations, for counting calls and injecting failures. */
    public enum Operation {
        /** {@code tryLock} and {@code tryLockInSession}. */
        TRY_LOCK,
        /** {@code unlock} and {@code unlockEarly}. */
        UNLOCK, YIELD_TO_WAITERS, HAS_WAITERS, RENEW, IS_LOCK_TYPE_EMPTY, OPEN_SESSION, KEEP_ALIVE_SESSION,
        CLOSE_SESSION, SETTLE_RELEASES
    }

    /** How {@code unlockEarly} is answered. */
    public enum EarlyUnlocks {
        /** Released at once, as the single master does. */
        DURABLE,
        /** Released, answered with the grant's token as a group's leader answers before the commit. */
        EARLY,
        /** Answered with the token, but the release is lost, as when the leader fails before the commit. */
        EARLY_AND_LOST
    }

    /** How an operation fails. */
    public enum Failure {
        /** The call never reaches the master. */
        BEFORE_CALL,
        /** The call takes effect, then the reply is lost. */
        AFTER_CALL
    }

    /** Longest a call waits at a {@link #gate} that nobody opens. */
    public static final Duration GATE_PATIENCE = Duration.ofSeconds(30);

    private final MemoryLockServiceImpl master = new MemoryLockServiceImpl(MasterSettings.defaults());
    private final Map<Operation, CountDownLatch> gates = new ConcurrentHashMap<>();
    private final Map<Operation, AtomicInteger> calls = new EnumMap<>(Operation.class);
    private final Map<Operation, Failure> failures = new ConcurrentHashMap<>();
    private final Set<String> sessionIds = ConcurrentHashMap.newKeySet();
    private volatile EarlyUnlocks earlyUnlocks = EarlyUnlocks.DURABLE;

    /** A master with the contract's defaults: 10 minute lease, 10 s wait cap. */
    public FaultInjectingMaster() {
        for (Operation operation : Operation.values()) {
            calls.put(operation, new AtomicInteger());
        }
    }

    @Override
    public LockGrant tryLock(String lockType, String key, String owner, long leaseMillis, long waitMillis) {
        return call(Operation.TRY_LOCK,
                () -> uninterrupted(master.tryLockAsync(lockType, key, owner, leaseMillis, waitMillis)));
    }

    @Override
    public LockGrant tryLockInSession(String lockType, String key, String owner, String sessionId, long waitMillis) {
        return call(Operation.TRY_LOCK,
                () -> uninterrupted(master.tryLockInSessionAsync(lockType, key, owner, sessionId, waitMillis)));
    }

    @Override
    public boolean unlock(String lockType, String key, String owner) {
        return call(Operation.UNLOCK, () -> master.unlock(lockType, key, owner));
    }

    @Override
    public long unlockEarly(String lockType, String key, String owner) {
        return call(Operation.UNLOCK, () -> {
            Optional<LockInfo> held = lock(lockType, key).filter(lock -> lock.owner().equals(owner));
            if (earlyUnlocks == EarlyUnlocks.DURABLE || held.isEmpty()) {
                return master.unlockEarly(lockType, key, owner);
            }
            if (earlyUnlocks == EarlyUnlocks.EARLY) {
                master.unlock(lockType, key, owner);
            }
            return held.get().fencingToken();
        });
    }

    @Override
    public int settleReleases(String owner, String grants) {
        return call(Operation.SETTLE_RELEASES, () -> master.settleReleases(owner, grants));
    }

    @Override
    public YieldOutcome yieldToWaiters(String lockType, String key, String owner) {
        return call(Operation.YIELD_TO_WAITERS, () -> master.yieldToWaiters(lockType, key, owner));
    }

    @Override
    public boolean hasWaiters(String lockType, String key) {
        return call(Operation.HAS_WAITERS, () -> master.hasWaiters(lockType, key));
    }

    @Override
    public boolean renew(String lockType, String key, String owner, long leaseMillis) {
        return call(Operation.RENEW, () -> master.renew(lockType, key, owner, leaseMillis));
    }

    @Override
    public boolean isLockTypeEmpty(String lockType) {
        return call(Operation.IS_LOCK_TYPE_EMPTY, () -> master.isLockTypeEmpty(lockType));
    }

    @Override
    public long openSession(String sessionId, long ttlMillis) {
        return call(Operation.OPEN_SESSION, () -> {
            long ttl = master.openSession(sessionId, ttlMillis);
            sessionIds.add(sessionId);
            return ttl;
        });
    }

    @Override
    public long keepAliveSession(String sessionId) {
        return call(Operation.KEEP_ALIVE_SESSION, () -> master.keepAliveSession(sessionId));
    }

    @Override
    public boolean closeSession(String sessionId) {
        return call(Operation.CLOSE_SESSION, () -> master.closeSession(sessionId));
    }

    // ---- what the test does to the calls ----

    /** From now on, {@code unlockEarly} is answered as {@code mode} says. */
    public void answerUnlocks(EarlyUnlocks mode) {
        earlyUnlocks = mode;
    }

    /**
     * Makes the calls of {@code operation} wait, before they reach the master, until the returned latch is counted
     * down (or for {@link #GATE_PATIENCE} at most); for tests of what a client does while a call is on its way.
     */
    public CountDownLatch gate(Operation operation) {
        CountDownLatch gate = new CountDownLatch(1);
        gates.put(operation, gate);
        return gate;
    }

    /** Makes {@code operation} fail in the given way until {@link #heal} is called. */
    public void fail(Operation operation, Failure failure) {
        failures.put(operation, failure);
    }

    /** Makes {@code operation} work again. */
    public void heal(Operation operation) {
        failures.remove(operation);
    }

    /** @return how many calls of {@code operation} arrived, failed ones included */
    public int calls(Operation operation) {
        return calls.get(operation).get();
    }

    // ---- what an operator does and sees ----

    /** Ends a session as an operator (or a lost TTL) would: every lock under it is released. */
    public void expireSession(String sessionId) {
        master.sessions().end(sessionId);
    }

    /** @return the ids of the sessions ever opened */
    public Set<String> sessionIds() {
        return Set.copyOf(sessionIds);
    }

    /** Removes a lock as an operator would; its holder's next renewal is refused, its oldest waiter gets it. */
    public void forceRemove(String lockType, String key) {
        master.table().forceRemove(new LockKey(lockType, key));
    }

    /** @return the owner holding the lock, if any */
    public Optional<String> holder(String lockType, String key) {
        return lock(lockType, key).map(LockInfo::owner);
    }

    /** @return how many {@code tryLock} calls wait for the lock */
    public int waiting(String lockType, String key) {
        return lock(lockType, key).map(LockInfo::waiters).orElse(0);
    }

    /** @return how many live locks the table holds */
    public int liveLocks() {
        AtomicInteger live = new AtomicInteger();
        master.table().forEachLock((key, lock) -> live.incrementAndGet());
        return live.get();
    }

    /** Stops the master's reaper and timer threads. */
    @Override
    public void close() {
        master.close();
    }

    @Override
    public String toString() {
        return "FaultInjectingMaster";
    }

    private Optional<LockInfo> lock(String lockType, String key) {
        return master.table().describe(new LockKey(lockType, key));
    }

    private <T> T call(Operation operation, Supplier<T> reachingTheMaster) {
        calls.get(operation).incrementAndGet();
        awaitGate(operation);
        if (failures.get(operation) == Failure.BEFORE_CALL) {
            throw new HessianConnectionException("500: java.net.ConnectException: Connection refused");
        }
        T answer = reachingTheMaster.get();
        if (failures.get(operation) == Failure.AFTER_CALL) {
            throw new HessianConnectionException("500: java.net.SocketTimeoutException: Read timed out");
        }
        return answer;
    }

    /** Waits for a parked call as an HTTP client waits for its reply: an interrupt does not withdraw it. */
    private static LockGrant uninterrupted(CompletableFuture<Handout> call) {
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    Handout handout = call.get();
                    return handout == null ? null : handout.grant();
                } catch (InterruptedException e) {
                    interrupted = true;
                } catch (ExecutionException e) {
                    throw e.getCause() instanceof RuntimeException runtime ? runtime
                            : new IllegalStateException(e.getCause());
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void awaitGate(Operation operation) {
        CountDownLatch gate = gates.get(operation);
        if (gate == null) {
            return;
        }
        try {
            if (!gate.await(GATE_PATIENCE.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new IllegalStateException("the gate of " + operation + " was never opened");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted at the gate of " + operation, e);
        }
    }
}
