package io.lockfacade.client.readwrite;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Lock;

/** Waits for a local {@link Lock} the way {@link ReadWriteBackend#acquire} promises. */
public final class LocalWaits {

    private LocalWaits() {
    }

    /**
     * @param timeoutNanos  {@code 0} tries once (a free lock may be taken ahead of waiting threads),
     *                      {@link ReadWriteBackend#FOREVER} waits until granted
     * @param interruptible whether an interrupt ends the wait; if not, the interrupt flag is set again on return
     * @return whether the lock is now held
     * @throws InterruptedException if interruptible and interrupted
     */
    public static boolean take(Lock lock, long timeoutNanos, boolean interruptible) throws InterruptedException {
        if (timeoutNanos == ReadWriteBackend.FOREVER) {
            if (interruptible) {
                lock.lockInterruptibly();
            } else {
                lock.lock();
            }
            return true;
        }
        if (timeoutNanos == 0) {
            return lock.tryLock();
        }
        if (interruptible) {
            return lock.tryLock(timeoutNanos, TimeUnit.NANOSECONDS);
        }
        long deadline = System.nanoTime() + timeoutNanos;
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return lock.tryLock(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
