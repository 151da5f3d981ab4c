package io.lockfacade.client;

import io.lockfacade.api.DeadlockException;
import io.lockfacade.api.LockLostException;
import io.lockfacade.api.LockServiceUnavailableException;

import java.time.Duration;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReadWriteLock;

/**
 * Named, reentrant, thread-owned locks in a two-level namespace (lock type, then key).
 *
 * <p>{@code MemoryLock} keeps them inside one JVM, {@code DistributeLock} across a cluster through the lock
 * master; swapping one bean for the other is the whole migration. A lock belongs to the thread that acquired it:
 * only that thread may release it, and it may acquire it again (each acquisition needs its own release).
 *
 * <p><b>Failures.</b> Lock types and keys are 1 to 256 characters without control characters; anything else
 * fails with {@link IllegalArgumentException} before any waiting. A lock can be <em>lost</em> while held (a
 * distributed lock's lease expired or an operator removed it): {@link #isLost} then reports it and
 * {@link #unlock} throws {@link LockLostException}. A distributed implementation that cannot reach its master
 * throws {@link LockServiceUnavailableException} within its configured timeouts and leaves no lock behind.
 *
 * <p><b>Deadlocks.</b> When threads wait for each other in a cycle (each holds a lock the next one waits for), the
 * youngest wait of the cycle fails with {@link DeadlockException} about one check delay after it began (1 s by
 * default, or off, per {@code DeadlockDetection}), from {@code lock} and the waiting {@code tryLock}; it keeps every
 * lock it holds, and the others go on.
 */
public interface LockFacade {

    /**
     * Acquires the lock, waiting up to {@code timeoutMillis}; {@code timeoutMillis <= 0} waits forever.
     *
     * <p>Not interruptible, like {@link Lock#lock()}: an interrupt does not end the wait, and the thread's
     * interrupt flag is set again when the method returns or throws. Use
     * {@link #tryLock(String, String, long, TimeUnit)} for a cancellable wait.
     *
     * @throws TimeoutException                 if the lock is still held by another thread or node at the deadline;
     *                                          nothing is held then
     * @throws LockServiceUnavailableException  if the master cannot be reached; nothing is held then
     */
    void lock(String lockType, String key, long timeoutMillis) throws TimeoutException;

    /**
     * Acquires the lock only if it is free now (a distributed implementation still asks its master once).
     *
     * @return whether the lock is now held by the current thread
     * @throws LockServiceUnavailableException if the master cannot be reached; nothing is held then
     */
    boolean tryLock(String lockType, String key);

    /**
     * Acquires the lock, waiting up to {@code waitTime}; a wait {@code <= 0} tries once without waiting.
     *
     * @return whether the lock is now held by the current thread; {@code false} when the wait ran out
     * @throws InterruptedException            if the thread is interrupted before or while waiting; nothing is
     *                                         held then
     * @throws LockServiceUnavailableException if the master cannot be reached; nothing is held then
     */
    boolean tryLock(String lockType, String key, long waitTime, TimeUnit unit) throws InterruptedException;

    /**
     * Releases one acquisition of the lock by the current thread; the last release frees it for others.
     *
     * <p>The lock is always released locally, even when this method throws.
     *
     * @throws IllegalMonitorStateException    if the current thread does not hold the lock
     * @throws LockLostException               if the lock was lost while held (lease expired, force-removed):
     *                                         work done under it may have overlapped with another holder
     * @throws LockServiceUnavailableException if the master could not be told; it frees the lock when its
     *                                         lease expires
     */
    void unlock(String lockType, String key);

    /**
     * Tells whether no lock of the given type is held right now (by any thread, or for a distributed
     * implementation by any node).
     *
     * @throws LockServiceUnavailableException if the master cannot be reached
     */
    boolean isLockTypeEmpty(String lockType);

    /**
     * Returns the fencing token of the current thread's hold: pass it to the resource the lock protects so that
     * the resource can refuse writes from a holder whose lock was lost. Tokens increase with every grant; an
     * equal token means the same grant, passed between threads of one node.
     *
     * @return the token, or empty if the current thread does not hold the lock
     */
    OptionalLong fencingToken(String lockType, String key);

    /** @return whether the current thread holds the lock (lost or not) */
    boolean isHeldByCurrentThread(String lockType, String key);

    /**
     * @return whether the current thread holds the lock and the lock has been lost since it was acquired; a lost
     *         hold never becomes valid again
     */
    boolean isLost(String lockType, String key);

    /**
     * Acquires the lock and returns a handle whose {@link LockHandle#close()} releases it, for
     * try-with-resources. {@link Duration#ZERO} tries once without waiting.
     *
     * @throws TimeoutException                if the lock is still held elsewhere when the timeout ends
     * @throws InterruptedException            if the thread is interrupted while waiting; nothing is held then
     * @throws LockServiceUnavailableException if the master cannot be reached; nothing is held then
     */
    default LockHandle acquire(String lockType, String key, Duration timeout)
            throws TimeoutException, InterruptedException {
        long waitNanos = TimeUnit.NANOSECONDS.convert(Objects.requireNonNull(timeout, "timeout"));
        if (!tryLock(lockType, key, waitNanos, TimeUnit.NANOSECONDS)) {
            throw new TimeoutException("lock " + lockType + "/" + key + " not acquired within " + timeout);
        }
        long token = fencingToken(lockType, key).orElseThrow(
                () -> new IllegalStateException("lock " + lockType + "/" + key + " acquired without a fencing token"));
        return new LockHandle(this, lockType, key, token);
    }

    /**
     * Runs {@code section} while holding the lock and releases it afterwards, also when {@code section} throws.
     *
     * @return what {@code section} returned
     * @throws TimeoutException                if the lock is not acquired within {@code timeout}; the section
     *                                         does not run
     * @throws InterruptedException            if interrupted while waiting; the section does not run
     * @throws LockLostException               if the lock was lost while the section ran (thrown on release)
     * @throws LockServiceUnavailableException if the master cannot be reached
     * @throws X                               what the section throws
     */
    @SuppressWarnings("try") // the handle is only there to be closed
    default <T, X extends Exception> T withLock(String lockType, String key, Duration timeout,
                                                CriticalSection<T, X> section)
            throws TimeoutException, InterruptedException, X {
        Objects.requireNonNull(section, "section");
        try (LockHandle held = acquire(lockType, key, timeout)) {
            return section.run();
        }
    }

    /**
     * Returns a {@link Lock} view of one named lock, for code written against {@code java.util.concurrent}.
     * {@link Lock#newCondition()} is not supported.
     */
    default Lock asLock(String lockType, String key) {
        return new LockView(this, lockType, key);
    }

    /**
     * Returns a read-write lock of one lock type and key: many readers at once, or one writer alone, reentrant per
     * thread in both modes; a thread holding the write lock may take the read lock and then release the write lock
     * (downgrade). A read-write lock is a namespace of its own: it does not exclude the mutex of the same name.
     *
     * @throws UnsupportedOperationException if this implementation offers no read-write locks
     */
    default ReadWriteLock asReadWriteLock(String lockType, String key) {
        throw new UnsupportedOperationException(getClass().getName() + " offers no read-write locks");
    }

    /**
     * Returns the semaphore of one lock type and key; {@code permits} is its capacity if it has none yet (the
     * first user sets it).
     *
     * @throws UnsupportedOperationException if this implementation offers no semaphores
     */
    default LockFacadeSemaphore semaphore(String lockType, String key, int permits) {
        throw new UnsupportedOperationException(getClass().getName() + " offers no semaphores");
    }

    /**
     * Joins the leadership {@code name}; {@code listener} is told when this participant starts and stops leading.
     * Close the returned {@link Leadership} to leave.
     *
     * @throws UnsupportedOperationException if this implementation offers no leader election
     */
    default Leadership leadership(String name, LeadershipListener listener) {
        throw new UnsupportedOperationException(getClass().getName() + " offers no leader election");
    }
}
