package io.lockfacade.client.deadlock;

/** One bounded try to take a lock, within the caller's own deadline. */
@FunctionalInterface
public interface TimedAttempt {

    /** The cap that means: up to the caller's own deadline, however far. */
    long NO_CAP = Long.MAX_VALUE;

    /**
     * Waits for the lock at most {@code capNanos}, and never beyond the caller's own deadline.
     *
     * @param capNanos the longest wait of this try; 0 takes the lock only if it is free now; {@link #NO_CAP}
     * @return whether the lock is now held
     * @throws InterruptedException if the caller's wait is interruptible and it was interrupted
     */
    boolean tryFor(long capNanos) throws InterruptedException;
}
