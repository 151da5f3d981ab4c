package io.lockfacade.client.distributed;

import io.lockfacade.client.deadlock.TimedAttempt;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/** The end of a caller's wait, shared by the local and the remote part of an acquisition. */
final class Deadline {

    private static final Deadline NEVER = new Deadline(0, true);

    private final long deadlineNanos;
    private final boolean forever;
    private final boolean waits;

    private Deadline(long deadlineNanos, boolean forever) {
        this(deadlineNanos, forever, true);
    }

    private Deadline(long deadlineNanos, boolean forever, boolean waits) {
        this.deadlineNanos = deadlineNanos;
        this.forever = forever;
        this.waits = waits;
    }

    /** @return a deadline that never passes */
    static Deadline never() {
        return NEVER;
    }

    /** @return the deadline {@code amount} from now; zero or negative means now */
    static Deadline after(long amount, TimeUnit unit) {
        long nanos = Math.max(0, unit.toNanos(amount));
        return new Deadline(System.nanoTime() + nanos, false, nanos > 0);
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
     * @return the wait one remote attempt asks for: {@link #remainingMillisCappedAt}, but at least 1 ms for a
     *         caller that waits, even once the local part took the whole wait, so that the attempt is a waiting
     *         call and keeps the client's bound on a waiting call's deadline (a call that does not wait may take
     *         the whole read timeout to find a new leader); 0 for a caller that does not wait
     */
    long remoteWaitMillisCappedAt(long capMillis) {
        return waits ? Math.max(1, remainingMillisCappedAt(capMillis)) : remainingMillisCappedAt(capMillis);
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
