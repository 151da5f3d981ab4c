package io.lockfacade.client.readwrite;

import io.lockfacade.api.AcquisitionRefusedException;

import java.util.OptionalLong;

/**
 * What a {@link FacadeReadWriteLock} needs of the place its read-write locks live: one JVM
 * ({@link MemoryReadWriteLocks}) or the lock master ({@code DistributeLock}). Holds belong to the calling thread,
 * are reentrant per thread and mode, and are released by the thread that took them.
 */
public interface ReadWriteBackend {

    /** A wait that never ends, for {@link #acquire}. */
    long FOREVER = -1;

    /**
     * Acquires the lock in {@code mode} for the current thread.
     *
     * @param timeoutNanos  how long to wait; {@code 0} tries once (a free lock may be taken ahead of waiting
     *                      threads), {@link #FOREVER} waits until granted
     * @param interruptible whether an interrupt ends the wait; if not, the interrupt flag is set again on return
     * @return whether the lock is now held; on {@code false} nothing new is held
     * @throws AcquisitionRefusedException if the thread holds only the read lock and asks for the write lock: it
     *                                     would wait for itself; nothing changes
     * @throws InterruptedException        if interruptible and interrupted; nothing new is held
     */
    boolean acquire(String lockType, String key, ReadWriteMode mode, long timeoutNanos, boolean interruptible)
            throws InterruptedException;

    /**
     * Releases one acquisition in {@code mode} by the current thread.
     *
     * @throws IllegalMonitorStateException if the current thread does not hold the lock in that mode
     * @throws io.lockfacade.api.LockLostException if the hold was lost meanwhile (it is released locally anyway)
     */
    void release(String lockType, String key, ReadWriteMode mode);

    /** @return the fencing token of the current thread's hold in {@code mode}, empty if it holds none */
    OptionalLong fencingToken(String lockType, String key, ReadWriteMode mode);

    /** @return whether the current thread holds the lock in {@code mode} (lost or not) */
    boolean isHeldByCurrentThread(String lockType, String key, ReadWriteMode mode);

    /** @return whether the current thread holds the lock in {@code mode} and that hold has been lost */
    boolean isLost(String lockType, String key, ReadWriteMode mode);

    /** @return the message of the refusal of a read-to-write upgrade */
    static AcquisitionRefusedException upgradeRefused(String lockType, String key) {
        return new AcquisitionRefusedException("read-write lock " + lockType + "/" + key + ": thread "
                + Thread.currentThread().getName() + " holds the read lock and asked for the write lock; it would "
                + "wait for itself (release the read lock first, or take the write lock first and downgrade)");
    }
}
