package io.lockfacade.client.memory;

import io.lockfacade.api.DeadlockException;
import io.lockfacade.api.LockArguments;
import io.lockfacade.client.Leadership;
import io.lockfacade.client.LeadershipListener;
import io.lockfacade.client.LockFacade;
import io.lockfacade.client.LockFacadeSemaphore;
import io.lockfacade.client.PrimitiveObserver;
import io.lockfacade.client.deadlock.DeadlockDetection;
import io.lockfacade.client.deadlock.InspectableLock;
import io.lockfacade.client.deadlock.ThreadWaits;
import io.lockfacade.client.deadlock.TimedAttempt;
import io.lockfacade.client.readwrite.FacadeReadWriteLock;
import io.lockfacade.client.readwrite.MemoryReadWriteLocks;
import io.lockfacade.client.leadership.MemoryLeaderships;
import io.lockfacade.client.semaphore.MemorySemaphores;

import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReadWriteLock;

/**
 * {@link LockFacade} for a single JVM: the article's in-memory lock, without its defects.
 *
 * <p>Each lock type and key has a fair {@link java.util.concurrent.locks.ReentrantLock} that exists only while some thread holds or waits
 * for it (reference counted), so the table does not grow with the number of keys ever used. Waiting threads
 * are woken on release, never by polling. Each first acquisition takes a fencing token from a JVM-wide counter;
 * re-entries keep it. These locks are never lost and need no master: {@link #isLost} is always {@code false}.
 *
 * <p><b>Deadlocks.</b> Unless made with {@link DeadlockDetection#OFF}, a thread whose wait lasts the check delay
 * looks for a cycle of waits through it (two threads each waiting for a lock the other holds, or longer); the
 * youngest wait of a cycle, the one that closed it, fails at once with {@link DeadlockException} and keeps every
 * lock it holds, and the others go on waiting. See {@link ThreadWaits}.
 */
public class MemoryLock implements LockFacade {

    private final ConcurrentHashMap<LockId, Entry> entries = new ConcurrentHashMap<>();
    private final AtomicLong fencingTokens = new AtomicLong();
    /**
     * The waits of this lock's mutexes ({@link LockId}), read-write locks ({@link MemoryReadWriteLocks.Side}) and
     * semaphores ({@link MemorySemaphores.PermitWait}).
     */
    private final ThreadWaits<Object> waits;
    private final MemoryReadWriteLocks readWriteLocks;
    private final MemorySemaphores semaphores;
    private final MemoryLeaderships leaderships = new MemoryLeaderships(fencingTokens::incrementAndGet,
            PrimitiveObserver.NONE);

    /** Detects deadlocks with the default check delay ({@link DeadlockDetection#DEFAULT}). */
    public MemoryLock() {
        this(DeadlockDetection.DEFAULT);
    }

    /** @param deadlockDetection whether and after how long a wait is checked for a deadlock */
    public MemoryLock(DeadlockDetection deadlockDetection) {
        this.waits = ThreadWaits.withHolders(Objects.requireNonNull(deadlockDetection, "deadlockDetection"),
                this::holdersOf, MemoryLock::threadName, Object::toString, lock -> { });
        this.readWriteLocks = new MemoryReadWriteLocks(fencingTokens::incrementAndGet, waits);
        this.semaphores = new MemorySemaphores(waits);
    }

    /**
     * {@inheritDoc} Not interruptible; on timeout nothing is held.
     *
     * @throws DeadlockException if this wait closed a cycle of waits; nothing new is held
     */
    @Override
    public void lock(String lockType, String key, long timeoutMillis) throws TimeoutException {
        LockId id = LockId.of(lockType, key);
        Entry entry = join(id);
        boolean acquired = false;
        try {
            acquired = entry.mutex.tryLockInTurn() || awaitUninterruptibly(id, entry,
                    timeoutMillis <= 0 ? TimedAttempt.NO_CAP : TimeUnit.MILLISECONDS.toNanos(timeoutMillis));
        } finally {
            afterAcquire(id, entry, acquired);
        }
        if (!acquired) {
            throw new TimeoutException("lock " + id + " not acquired within " + timeoutMillis + " ms");
        }
    }

    /** {@inheritDoc} Barges ahead of waiting threads if the lock happens to be free. */
    @Override
    public boolean tryLock(String lockType, String key) {
        LockId id = LockId.of(lockType, key);
        Entry entry = join(id);
        boolean acquired = false;
        try {
            acquired = entry.mutex.tryLock();
        } finally {
            afterAcquire(id, entry, acquired);
        }
        return acquired;
    }

    /**
     * {@inheritDoc} Waiting threads are served in arrival order.
     *
     * @throws DeadlockException if this wait closed a cycle of waits; nothing new is held
     */
    @Override
    public boolean tryLock(String lockType, String key, long waitTime, TimeUnit unit) throws InterruptedException {
        LockId id = LockId.of(lockType, key);
        if (Thread.interrupted()) {
            throw new InterruptedException("interrupted before waiting for " + id);
        }
        long timeoutNanos = unit.toNanos(Math.max(0, waitTime));
        Entry entry = join(id);
        boolean acquired = false;
        try {
            acquired = entry.mutex.tryLockInTurn() || waits.await(id, timeoutNanos, true, within(entry, timeoutNanos));
        } finally {
            afterAcquire(id, entry, acquired);
        }
        return acquired;
    }

    /** {@inheritDoc} Never throws {@code LockLostException}: a local lock cannot be lost. */
    @Override
    public void unlock(String lockType, String key) {
        LockId id = LockId.of(lockType, key);
        Entry entry = entries.get(id);
        if (entry == null || !entry.mutex.isHeldByCurrentThread()) {
            throw new IllegalMonitorStateException("lock " + id + " is not held by thread "
                    + Thread.currentThread().getName());
        }
        entry.mutex.unlock();
        leave(id, entry);
    }

    /** {@inheritDoc} Threads that only wait for a lock of the type do not count. */
    @Override
    public boolean isLockTypeEmpty(String lockType) {
        LockArguments.requireName("lockType", lockType);
        return entries.entrySet().stream()
                .noneMatch(e -> e.getKey().lockType().equals(lockType) && e.getValue().mutex.isLocked());
    }

    @Override
    public OptionalLong fencingToken(String lockType, String key) {
        Entry entry = entries.get(LockId.of(lockType, key));
        return entry != null && entry.mutex.isHeldByCurrentThread()
                ? OptionalLong.of(entry.fencingToken) : OptionalLong.empty();
    }

    @Override
    public boolean isHeldByCurrentThread(String lockType, String key) {
        Entry entry = entries.get(LockId.of(lockType, key));
        return entry != null && entry.mutex.isHeldByCurrentThread();
    }

    /** @return always {@code false}: a lock inside one JVM cannot be lost */
    @Override
    public boolean isLost(String lockType, String key) {
        LockId.of(lockType, key);
        return false;
    }

    /**
     * {@inheritDoc} In this JVM: fair (first come, first served: once a writer waits, later readers queue behind
     * it), a read-to-write upgrade refused at once with {@link io.lockfacade.api.AcquisitionRefusedException},
     * fencing tokens from the same counter as the mutexes; see {@link MemoryReadWriteLocks}.
     */
    @Override
    public ReadWriteLock asReadWriteLock(String lockType, String key) {
        return new FacadeReadWriteLock(readWriteLocks, lockType, key);
    }

    /** @return how many threads wait long enough to be checked for a deadlock; for tests */
    int checkedWaitCount() {
        return waits.waitCount();
    }

    /** @return how many locks are held or waited for; for tests and metrics */
    int entryCount() {
        return entries.size();
    }

    private boolean awaitUninterruptibly(LockId id, Entry entry, long timeoutNanos) {
        try {
            return waits.await(id, timeoutNanos, false, within(entry, timeoutNanos));
        } catch (InterruptedException e) {
            throw new IllegalStateException("an uninterruptible wait for " + id + " was interrupted", e);
        }
    }

    /** @return the attempts of one wait for {@code entry}'s lock, ending {@code timeoutNanos} from now */
    private static TimedAttempt within(Entry entry, long timeoutNanos) {
        if (timeoutNanos == TimedAttempt.NO_CAP) {
            return cap -> {
                if (cap == 0) {
                    return entry.mutex.tryLockInTurn();
                }
                entry.mutex.lockInterruptibly();
                return true;
            };
        }
        long deadline = System.nanoTime() + timeoutNanos;
        return cap -> cap == 0 ? entry.mutex.tryLockInTurn()
                : entry.mutex.tryLock(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
    }

    private Collection<Thread> holdersOf(Object lock) {
        if (lock instanceof MemoryReadWriteLocks.Side side) {
            return readWriteLocks.holdersOf(side);
        }
        if (lock instanceof MemorySemaphores.PermitWait permits) {
            return semaphores.holdersOf(permits);
        }
        Entry entry = entries.get((LockId) lock);
        Thread holder = entry == null ? null : entry.mutex.holder();
        return holder == null ? List.of() : List.of(holder);
    }

    private static String threadName(Thread thread) {
        return thread.getName() + "#" + thread.getId();
    }

    private Entry join(LockId id) {
        return entries.compute(id, (k, existing) -> {
            Entry entry = existing == null ? new Entry() : existing;
            entry.users++;
            return entry;
        });
    }

    private void afterAcquire(LockId id, Entry entry, boolean acquired) {
        if (!acquired) {
            leave(id, entry);
        } else if (entry.mutex.getHoldCount() == 1) {
            entry.fencingToken = fencingTokens.incrementAndGet();
        }
    }

    private void leave(LockId id, Entry entry) {
        entries.computeIfPresent(id, (k, existing) -> --existing.users == 0 ? null : existing);
    }

    /** A lock type and key, checked against the contract's limits. */
    /** {@inheritDoc} One JVM's permits, per thread, first come first served: see {@link MemorySemaphores}. */
    @Override
    public LockFacadeSemaphore semaphore(String lockType, String key, int permits) {
        return semaphores.semaphore(lockType, key, permits);
    }

    /** {@inheritDoc} Among this JVM's participants; epochs are fencing tokens: see {@link MemoryLeaderships}. */
    @Override
    public Leadership leadership(String name, LeadershipListener listener) {
        return leaderships.leadership(name, listener);
    }

    private record LockId(String lockType, String key) {

        static LockId of(String lockType, String key) {
            return new LockId(LockArguments.requireName("lockType", lockType), LockArguments.requireName("key", key));
        }

        @Override
        public String toString() {
            return lockType + "/" + key;
        }
    }

    /** The lock of one type and key, alive while {@code users} (holds plus waits) is above zero. */
    private static final class Entry {
        final InspectableLock mutex = new InspectableLock(true);
        /** Token of the current first-level hold; written and read by the holding thread only. */
        long fencingToken;
        /** Changed only inside the map's atomic per-key operations ({@code compute}). */
        int users;
    }
}
