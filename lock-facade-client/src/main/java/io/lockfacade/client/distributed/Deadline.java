package io.lockfacade.client.distributed;

import io.lockfacade.client.deadlock.TimedAttempt;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/** The end of a caller's wait, shared by the local and the remote part of an acquisition. */
final class Deadline {

    private static final Deadline NEVER = new Deadline(0, true);

    private final long deadlineNanos;
    private final boolean forever;

    private Deadline(long deadlineNanos, boolean forever) {
        this.deadlineNanos = deadlineNanos;
        this.forever = forever;
    }

    /** @return a deadline that never passes */
    static Deadline never() {
        return NEVER;
    }

    /** @return the deadline {@code amount} from now; zero or negative means now */
    static Deadline after(long amount, TimeUnit unit) {
        return new Deadline(System.nanoTime() + Math.max(0, unit.toNanos(amount)), false);
    }

    boolean isForever() {
        return forever;
    }

    /** @return nanoseconds left, zero once passed; {@link Long#MAX_VALUE} if it never passes */
    long remainingNanos() {
        return forever ? Long.MAX_VALUE : Math.max(0, deadlineNanos - System.nanoTime());
    }

    boolean hasPassed() {
        return remainingNanos() == 0;
    }

    /** @return milliseconds left, rounded up so a short remainder still waits, and at most {@code capMillis} */
    long remainingMillisCappedAt(long capMillis) {
        long nanos = remainingNanos();
        if (nanos >= TimeUnit.MILLISECONDS.toNanos(capMillis)) {
            return capMillis;
        }
        return (nanos + TimeUnit.MILLISECONDS.toNanos(1) - 1) / TimeUnit.MILLISECONDS.toNanos(1);
    }

    /**
     * Waits for a local lock until this deadline, or for at most {@code capNanos} if that ends sooner.
     *
     * @param interruptible whether an interrupt ends the wait; if not, the interrupt flag is set again on return
     * @param capNanos      the longest wait of this call; {@link TimedAttempt#NO_CAP} for none
     * @return whether the lock is now held
     * @throws InterruptedException if interruptible and interrupted before or while waiting
     */
    boolean lock(ReentrantLock lock, boolean interruptible, long capNanos) throws InterruptedException {
        boolean untilDeadline = capNanos >= remainingNanos();
        if (forever && untilDeadline) {
            if (interruptible) {
                lock.lockInterruptibly();
            } else {
                lock.lock();
            }
            return true;
        }
        long end = System.nanoTime() + Math.min(capNanos, remainingNanos());
        if (interruptible) {
            return lock.tryLock(end - System.nanoTime(), TimeUnit.NANOSECONDS);
        }
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return lock.tryLock(end - System.nanoTime(), TimeUnit.NANOSECONDS);
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
