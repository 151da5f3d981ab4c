package io.lockfacade.client.testing;

import com.caucho.hessian.client.HessianConnectionException;
import io.lockfacade.api.LockArguments;
import io.lockfacade.api.LockGrant;
import io.lockfacade.api.LockLimits;
import io.lockfacade.api.MemoryLockService;
import io.lockfacade.api.SessionExpiredException;
import io.lockfacade.api.YieldOutcome;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A faithful, thread-safe, in-memory stand-in for the master: idempotent grants per owner, owner-checked
 * unlock and renew, leases, sessions (TTL, keep-alive with the force-removal count, grants that end with them), first-come-first-served waiters woken on release or expiry, a per-call wait cap,
 * and argument checks. Like a call over HTTP, a waiting call is not abandoned when the caller is interrupted. Failure injection makes a chosen operation fail like a broken transport, either before
 * the call reaches the table or after it took effect (the reply is lost).
 */
public final class InMemoryLockMaster implements MemoryLockService {

    /** The remote operations, for counting calls and injecting failures. */
    public enum Operation {
        /** {@code tryLock} and {@code tryLockInSession}. */
        TRY_LOCK, UNLOCK, YIELD_TO_WAITERS, HAS_WAITERS, RENEW, IS_LOCK_TYPE_EMPTY, OPEN_SESSION, KEEP_ALIVE_SESSION,
        CLOSE_SESSION
    }

    /** How an operation fails. */
    public enum Failure {
        /** The call never reaches the table. */
        BEFORE_CALL,
        /** The call takes effect, then the reply is lost. */
        AFTER_CALL
    }

    private record Key(String lockType, String key) {
    }

    /** Longest a call waits at a {@link #gate} that nobody opens. */
    public static final Duration GATE_PATIENCE = Duration.ofSeconds(30);

    private static final class Session {
        final long ttlNanos;
        long expiresAtNanos;
        boolean ended;
        long forceRemovals;

        Session(long ttlMillis) {
            this.ttlNanos = TimeUnit.MILLISECONDS.toNanos(ttlMillis);
            this.expiresAtNanos = System.nanoTime() + ttlNanos;
        }

        boolean isLive() {
            return !ended && System.nanoTime() - expiresAtNanos < 0;
        }
    }

    private static final class Held {
        final LockGrant grant;
        long expiresAtNanos;
        Session session;

        Held(LockGrant grant, long expiresAtNanos) {
            this.grant = grant;
            this.expiresAtNanos = expiresAtNanos;
        }
    }

    private final Object monitor = new Object();
    private final Map<Key, Held> locks = new HashMap<>();
    private final Map<Key, ArrayDeque<Object>> waiters = new HashMap<>();
    private final Map<Operation, CountDownLatch> gates = new ConcurrentHashMap<>();
    private final Map<String, Session> sessions = new HashMap<>();
    private final Map<Operation, AtomicInteger> calls = new EnumMap<>(Operation.class);
    private final Map<Operation, Failure> failures = new EnumMap<>(Operation.class);
    private final long waitCapMillis;
    private long lastToken;

    /** A master with the default wait cap of 10 s. */
    public InMemoryLockMaster() {
        this(LockLimits.DEFAULT_WAIT_CAP);
    }

    /** @param waitCap the longest one {@code tryLock} call waits */
    public InMemoryLockMaster(Duration waitCap) {
        this.waitCapMillis = waitCap.toMillis();
        for (Operation operation : Operation.values()) {
            calls.put(operation, new AtomicInteger());
        }
    }

    @Override
    public LockGrant tryLock(String lockType, String key, String owner, long leaseMillis, long waitMillis) {
        Key id = check(Operation.TRY_LOCK, lockType, key, owner);
        LockArguments.requireLease(leaseMillis);
        LockArguments.requireWait(waitMillis);
        long lease = leaseMillis <= 0 ? LockLimits.DEFAULT_MASTER_LEASE.toMillis() : leaseMillis;
        LockGrant grant;
        synchronized (monitor) {
            grant = grant(id, owner, lease, Math.min(waitMillis, waitCapMillis));
        }
        failAfter(Operation.TRY_LOCK);
        return grant;
    }

    @Override
    public LockGrant tryLockInSession(String lockType, String key, String owner, String sessionId, long waitMillis) {
        Key id = check(Operation.TRY_LOCK, lockType, key, owner);
        LockArguments.requireSessionId(sessionId);
        LockArguments.requireWait(waitMillis);
        LockGrant grant;
        synchronized (monitor) {
            Session session = liveSession(sessionId);
            long ttlMillis = TimeUnit.NANOSECONDS.toMillis(session.ttlNanos);
            grant = grant(id, owner, ttlMillis, Math.min(waitMillis, waitCapMillis));
            if (grant != null) {
                if (!session.isLive()) { // ended while the call waited
                    locks.remove(id);
                    monitor.notifyAll();
                    throw new SessionExpiredException("session " + sessionId + " has ended");
                }
                locks.get(id).session = session;
            }
        }
        failAfter(Operation.TRY_LOCK);
        return grant;
    }

    @Override
    public long openSession(String sessionId, long ttlMillis) {
        count(Operation.OPEN_SESSION);
        LockArguments.requireSessionId(sessionId);
        long ttl = LockArguments.requireSessionTtl(ttlMillis) <= 0 ? LockLimits.DEFAULT_SESSION_TTL.toMillis()
                : ttlMillis;
        failBefore(Operation.OPEN_SESSION);
        long granted;
        synchronized (monitor) {
            Session session = sessions.computeIfAbsent(sessionId, id -> new Session(ttl));
            if (!session.isLive()) {
                throw new SessionExpiredException("session " + sessionId + " has ended");
            }
            session.expiresAtNanos = System.nanoTime() + session.ttlNanos;
            granted = TimeUnit.NANOSECONDS.toMillis(session.ttlNanos);
        }
        failAfter(Operation.OPEN_SESSION);
        return granted;
    }

    @Override
    public long keepAliveSession(String sessionId) {
        count(Operation.KEEP_ALIVE_SESSION);
        LockArguments.requireSessionId(sessionId);
        failBefore(Operation.KEEP_ALIVE_SESSION);
        long answer;
        synchronized (monitor) {
            Session session = sessions.get(sessionId);
            if (session == null || !session.isLive()) {
                answer = -1;
            } else {
                session.expiresAtNanos = System.nanoTime() + session.ttlNanos;
                answer = session.forceRemovals;
            }
        }
        failAfter(Operation.KEEP_ALIVE_SESSION);
        return answer;
    }

    @Override
    public boolean closeSession(String sessionId) {
        count(Operation.CLOSE_SESSION);
        LockArguments.requireSessionId(sessionId);
        failBefore(Operation.CLOSE_SESSION);
        boolean closed;
        synchronized (monitor) {
            Session session = sessions.get(sessionId);
            closed = session != null && session.isLive();
            if (session != null) {
                session.ended = true;
                monitor.notifyAll();
            }
        }
        failAfter(Operation.CLOSE_SESSION);
        return closed;
    }

    /** Ends a session as an operator (or a lost TTL) would: every lock under it is released. */
    public void expireSession(String sessionId) {
        synchronized (monitor) {
            Session session = sessions.get(sessionId);
            if (session != null) {
                session.ended = true;
                monitor.notifyAll();
            }
        }
    }

    /** @return the ids of the sessions ever opened */
    public java.util.Set<String> sessionIds() {
        synchronized (monitor) {
            return java.util.Set.copyOf(sessions.keySet());
        }
    }

    @Override
    public boolean unlock(String lockType, String key, String owner) {
        Key id = check(Operation.UNLOCK, lockType, key, owner);
        boolean released;
        synchronized (monitor) {
            Held held = live(id);
            released = held != null && held.grant.getOwner().equals(owner);
            if (released) {
                locks.remove(id);
                monitor.notifyAll();
            }
        }
        failAfter(Operation.UNLOCK);
        return released;
    }

    @Override
    public YieldOutcome yieldToWaiters(String lockType, String key, String owner) {
        Key id = check(Operation.YIELD_TO_WAITERS, lockType, key, owner);
        YieldOutcome outcome;
        synchronized (monitor) {
            Held held = live(id);
            ArrayDeque<Object> queue = waiters.get(id);
            if (held == null || !held.grant.getOwner().equals(owner)) {
                outcome = YieldOutcome.NOT_HELD;
            } else if (queue == null || queue.isEmpty()) {
                outcome = YieldOutcome.KEPT;
            } else {
                locks.remove(id);
                monitor.notifyAll();
                outcome = YieldOutcome.RELEASED;
            }
        }
        failAfter(Operation.YIELD_TO_WAITERS);
        return outcome;
    }

    @Override
    public boolean hasWaiters(String lockType, String key) {
        calls.get(Operation.HAS_WAITERS).incrementAndGet();
        Key id = new Key(LockArguments.requireName("lockType", lockType), LockArguments.requireName("key", key));
        failBefore(Operation.HAS_WAITERS);
        boolean waiting;
        synchronized (monitor) {
            ArrayDeque<Object> queue = waiters.get(id);
            waiting = live(id) != null && queue != null && !queue.isEmpty();
        }
        failAfter(Operation.HAS_WAITERS);
        return waiting;
    }

    @Override
    public boolean renew(String lockType, String key, String owner, long leaseMillis) {
        Key id = check(Operation.RENEW, lockType, key, owner);
        LockArguments.requireLease(leaseMillis);
        long lease = leaseMillis <= 0 ? LockLimits.DEFAULT_MASTER_LEASE.toMillis() : leaseMillis;
        boolean renewed;
        synchronized (monitor) {
            Held held = live(id);
            renewed = held != null && held.grant.getOwner().equals(owner);
            if (renewed && held.session == null) {
                held.expiresAtNanos = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(lease);
            }
        }
        failAfter(Operation.RENEW);
        return renewed;
    }

    @Override
    public boolean isLockTypeEmpty(String lockType) {
        calls.get(Operation.IS_LOCK_TYPE_EMPTY).incrementAndGet();
        LockArguments.requireName("lockType", lockType);
        failBefore(Operation.IS_LOCK_TYPE_EMPTY);
        synchronized (monitor) {
            return locks.keySet().stream().toList().stream()
                    .noneMatch(id -> id.lockType().equals(lockType) && live(id) != null);
        }
    }

    /**
     * Makes the calls of {@code operation} wait, before they touch the table, until the returned latch is counted
     * down (or for {@link #GATE_PATIENCE} at most); for tests of what a client does while a call is on its way.
     */
    public CountDownLatch gate(Operation operation) {
        CountDownLatch gate = new CountDownLatch(1);
        gates.put(operation, gate);
        return gate;
    }

    /** Makes {@code operation} fail in the given way until {@link #heal} is called. */
    public void fail(Operation operation, Failure failure) {
        synchronized (failures) {
            failures.put(operation, failure);
        }
    }

    /** Makes {@code operation} work again. */
    public void heal(Operation operation) {
        synchronized (failures) {
            failures.remove(operation);
        }
    }

    /** Removes a lock as an operator would; its holder's next renewal is refused. */
    public void forceRemove(String lockType, String key) {
        synchronized (monitor) {
            Held removed = locks.remove(new Key(lockType, key));
            if (removed != null && removed.session != null) {
                removed.session.forceRemovals++;
            }
            monitor.notifyAll();
        }
    }

    /** @return the owner holding the lock, if any */
    public Optional<String> holder(String lockType, String key) {
        synchronized (monitor) {
            return Optional.ofNullable(live(new Key(lockType, key))).map(held -> held.grant.getOwner());
        }
    }

    /** @return how many calls of {@code operation} arrived, failed ones included */
    public int calls(Operation operation) {
        return calls.get(operation).get();
    }

    /** @return how many {@code tryLock} calls wait for the lock */
    public int waiting(String lockType, String key) {
        synchronized (monitor) {
            ArrayDeque<Object> queue = waiters.get(new Key(lockType, key));
            return queue == null ? 0 : queue.size();
        }
    }

    /** @return how many live locks the table holds */
    public int liveLocks() {
        synchronized (monitor) {
            return (int) locks.keySet().stream().toList().stream().filter(id -> live(id) != null).count();
        }
    }

    @Override
    public String toString() {
        return "InMemoryLockMaster";
    }

    private void count(Operation operation) {
        calls.get(operation).incrementAndGet();
    }

    /** Called holding the monitor. */
    private Session liveSession(String sessionId) {
        Session session = sessions.get(sessionId);
        if (session == null || !session.isLive()) {
            throw new SessionExpiredException("session " + sessionId + " has ended or was never opened");
        }
        return session;
    }

    private Key check(Operation operation, String lockType, String key, String owner) {
        calls.get(operation).incrementAndGet();
        Key id = new Key(LockArguments.requireName("lockType", lockType), LockArguments.requireName("key", key));
        LockArguments.requireOwner(owner);
        failBefore(operation);
        return id;
    }

    /** Called holding the monitor. */
    private LockGrant grant(Key id, String owner, long leaseMillis, long waitMillis) {
        Held held = live(id);
        if (held != null && held.grant.getOwner().equals(owner)) {
            if (held.session == null) {
                held.expiresAtNanos = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(leaseMillis);
            }
            return held.grant;
        }
        ArrayDeque<Object> queue = waiters.computeIfAbsent(id, k -> new ArrayDeque<>());
        if (held == null && queue.isEmpty()) {
            return grantTo(id, owner, leaseMillis);
        }
        if (waitMillis == 0) {
            return null;
        }
        Object ticket = new Object();
        queue.addLast(ticket);
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(waitMillis);
        boolean interrupted = false; // like a call over HTTP, an interrupt does not abandon the wait
        try {
            while (true) {
                held = live(id);
                if (held == null && queue.peekFirst() == ticket) {
                    return grantTo(id, owner, leaseMillis);
                }
                long remaining = deadline - System.nanoTime();
                if (remaining <= 0) {
                    return null;
                }
                long end = held == null ? 0 : held.session != null ? held.session.expiresAtNanos : held.expiresAtNanos;
                long sleep = held == null ? remaining : Math.min(remaining, end - System.nanoTime());
                try {
                    TimeUnit.NANOSECONDS.timedWait(monitor, Math.max(1, sleep));
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        } finally {
            queue.remove(ticket);
            if (queue.isEmpty()) {
                waiters.remove(id);
            }
            monitor.notifyAll();
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private LockGrant grantTo(Key id, String owner, long leaseMillis) {
        LockGrant grant = new LockGrant(id.lockType(), id.key(), owner, ++lastToken, leaseMillis);
        locks.put(id, new Held(grant, System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(leaseMillis)));
        return grant;
    }

    /** Called holding the monitor: the live lock, after dropping an expired one. */
    private Held live(Key id) {
        Held held = locks.get(id);
        boolean over = held != null && (held.session != null ? !held.session.isLive()
                : System.nanoTime() - held.expiresAtNanos > 0);
        if (over) {
            locks.remove(id);
            monitor.notifyAll();
            return null;
        }
        return held;
    }

    private void failBefore(Operation operation) {
        awaitGate(operation);
        if (failureOf(operation) == Failure.BEFORE_CALL) {
            throw new HessianConnectionException("500: java.net.ConnectException: Connection refused");
        }
    }

    private void failAfter(Operation operation) {
        if (failureOf(operation) == Failure.AFTER_CALL) {
            throw new HessianConnectionException("500: java.net.SocketTimeoutException: Read timed out");
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

    private Failure failureOf(Operation operation) {
        synchronized (failures) {
            return failures.get(operation);
        }
    }
}
