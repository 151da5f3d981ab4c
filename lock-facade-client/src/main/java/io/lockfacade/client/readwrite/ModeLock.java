package io.lockfacade.client.readwrite;

import io.lockfacade.api.AcquisitionRefusedException;

import java.time.Duration;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;

/**
 * One side (read or write) of a {@link FacadeReadWriteLock}: a {@link Lock} owned by the calling thread, plus the
 * handle API ({@link #acquire(Duration)} for try-with-resources) and the fencing token of the current hold.
 *
 * <p>Asking for the write lock while holding only the read lock throws {@link AcquisitionRefusedException} at
 * once from every acquiring method (it would wait for itself); nothing changes.
 */
public final class ModeLock implements Lock {

    private final ReadWriteBackend backend;
    private final String lockType;
    private final String key;
    private final ReadWriteMode mode;

    ModeLock(ReadWriteBackend backend, String lockType, String key, ReadWriteMode mode) {
        this.backend = Objects.requireNonNull(backend, "backend");
        this.lockType = lockType;
        this.key = key;
        this.mode = mode;
    }

    /** Waits until granted; an interrupt does not end the wait (the interrupt flag stays set). */
    @Override
    public void lock() {
        try {
            if (!backend.acquire(lockType, key, mode, ReadWriteBackend.FOREVER, false)) {
                throw new IllegalStateException("a wait without timeout gave up for " + this);
            }
        } catch (InterruptedException e) {
            throw new IllegalStateException("an uninterruptible wait for " + this + " was interrupted", e);
        }
    }

    @Override
    public void lockInterruptibly() throws InterruptedException {
        if (Thread.interrupted()) {
            throw new InterruptedException("interrupted before waiting for " + this);
        }
        if (!backend.acquire(lockType, key, mode, ReadWriteBackend.FOREVER, true)) {
            throw new IllegalStateException("a wait without timeout gave up for " + this);
        }
    }

    /** Tries once, without waiting (a distributed lock still asks its master once if it must). */
    @Override
    public boolean tryLock() {
        try {
            return backend.acquire(lockType, key, mode, 0, false);
        } catch (InterruptedException e) {
            throw new IllegalStateException("an attempt without waiting for " + this + " was interrupted", e);
        }
    }

    @Override
    public boolean tryLock(long time, TimeUnit unit) throws InterruptedException {
        Objects.requireNonNull(unit, "unit");
        if (Thread.interrupted()) {
            throw new InterruptedException("interrupted before waiting for " + this);
        }
        return backend.acquire(lockType, key, mode, Math.max(0, unit.toNanos(time)), true);
    }

    /**
     * Releases one acquisition by the current thread.
     *
     * @throws IllegalMonitorStateException if the current thread does not hold this side
     * @throws io.lockfacade.api.LockLostException if the hold was lost while held (released locally anyway)
     */
    @Override
    public void unlock() {
        backend.release(lockType, key, mode);
    }

    /** Not supported: conditions would need the master to park and signal threads of many nodes. */
    @Override
    public Condition newCondition() {
        throw new UnsupportedOperationException("conditions are not supported by " + this);
    }

    /**
     * Acquires this side and returns a handle whose {@link ReadWriteHandle#close()} releases it, for
     * try-with-resources; {@link Duration#ZERO} tries once without waiting.
     *
     * @throws TimeoutException            if not granted within {@code timeout}; nothing is held then
     * @throws InterruptedException        if interrupted while waiting; nothing is held then
     * @throws AcquisitionRefusedException if this is the write side and the thread holds only the read lock
     */
    public ReadWriteHandle acquire(Duration timeout) throws TimeoutException, InterruptedException {
        long waitNanos = TimeUnit.NANOSECONDS.convert(Objects.requireNonNull(timeout, "timeout"));
        if (!tryLock(waitNanos, TimeUnit.NANOSECONDS)) {
            throw new TimeoutException(this + " not acquired within " + timeout);
        }
        long token = fencingToken().orElseThrow(
                () -> new IllegalStateException(this + " acquired without a fencing token"));
        return new ReadWriteHandle(this, token);
    }

    /**
     * @return the fencing token of the current thread's hold of this side, empty if it holds none; tokens of
     *         both sides come from one counter and strictly increase
     */
    public OptionalLong fencingToken() {
        return backend.fencingToken(lockType, key, mode);
    }

    /** @return whether the current thread holds this side (lost or not) */
    public boolean isHeldByCurrentThread() {
        return backend.isHeldByCurrentThread(lockType, key, mode);
    }

    /** @return whether the current thread holds this side and the hold has been lost (never valid again) */
    public boolean isLost() {
        return backend.isLost(lockType, key, mode);
    }

    /** @return the lock type */
    public String lockType() {
        return lockType;
    }

    /** @return the key within the type */
    public String key() {
        return key;
    }

    /** @return where this lock lives */
    ReadWriteBackend backend() {
        return backend;
    }

    /** @return which side this is */
    public ReadWriteMode mode() {
        return mode;
    }

    @Override
    public String toString() {
        return (mode == ReadWriteMode.READ ? "ReadLock[" : "WriteLock[") + lockType + "/" + key + "]";
    }
}
