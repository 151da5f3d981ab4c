package io.lockfacade.client.deadlock;

/** One try to take a lock, within the caller's own deadline; {@link ThreadWaits} makes two at most. */
@FunctionalInterface
public interface TimedAttempt {

    /** The cap that means: up to the caller's own deadline, however far. */
    long NO_CAP = Long.MAX_VALUE;

    /**
     * @param capNanos 0: take the lock only if it is free now and no thread waits before this one, without waiting
     *                 and without throwing; {@link #NO_CAP}: wait up to the caller's deadline, interruptibly (a
     *                 deadlock's victim is told by an interrupt)
     * @return whether the lock is now held
     * @throws InterruptedException if interrupted while waiting
     */
    boolean tryFor(long capNanos) throws InterruptedException;
}
