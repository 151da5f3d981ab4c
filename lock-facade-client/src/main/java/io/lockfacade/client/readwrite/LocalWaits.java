package io.lockfacade.client.readwrite;

import io.lockfacade.client.deadlock.ThreadWaits;
import io.lockfacade.client.deadlock.TimedAttempt;

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

    /**
     * Takes the lock if that needs no wait and no thread waits before this one: {@code Lock.tryLock()} would take a
     * fair read lock past a waiting writer, so the first try of a wait that may go on uses the timed form, which
     * keeps the fair order.
     */
    private static boolean tryNowInTurn(Lock lock, boolean interruptible) throws InterruptedException {
        if (interruptible) {
            return lock.tryLock(0, TimeUnit.NANOSECONDS);
        }
        boolean interrupted = Thread.interrupted();
        try {
            return lock.tryLock(0, TimeUnit.NANOSECONDS);
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * {@link #take}, checked for a deadlock by {@code waits} once it has lasted the check delay.
     *
     * @param waited what the wait waits for, as {@code waits} names it
     * @throws io.lockfacade.api.DeadlockException if this wait closed a cycle of waits; nothing new is held
     */
    public static boolean checked(ThreadWaits<Object> waits, Object waited, Lock lock, long timeoutNanos,
                                  boolean interruptible) throws InterruptedException {
        long deadline = System.nanoTime() + timeoutNanos;
        boolean forever = timeoutNanos == ReadWriteBackend.FOREVER;
        return waits.await(waited, forever ? TimedAttempt.NO_CAP : timeoutNanos, interruptible, cap -> {
            if (cap == 0) {
                return tryNowInTurn(lock, false);
            }
            return take(lock, forever ? ReadWriteBackend.FOREVER : Math.max(0, deadline - System.nanoTime()), true);
        });
    }
}
