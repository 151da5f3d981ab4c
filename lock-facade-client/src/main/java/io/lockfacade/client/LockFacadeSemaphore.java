package io.lockfacade.client;

import java.util.concurrent.TimeUnit;

/**
 * Named permits of one lock type and key, with a capacity set by the first user, obtained from
 * {@link LockFacade#semaphore(String, String, int)}. Never more permits are held than the capacity. Permits are
 * counted per thread: the thread that acquired them releases them.
 */
public interface LockFacadeSemaphore {

    /**
     * Acquires {@code permits}, waiting up to {@code timeout}; a timeout {@code <= 0} tries once without waiting.
     *
     * @return whether the permits are now held by the current thread; {@code false} when the wait ran out
     * @throws InterruptedException     if the thread is interrupted before or while waiting; nothing is held then
     * @throws IllegalArgumentException if {@code permits} is below 1 or above the capacity
     */
    boolean tryAcquire(int permits, long timeout, TimeUnit unit) throws InterruptedException;

    /**
     * Gives back {@code permits} of those the current thread holds.
     *
     * @throws IllegalMonitorStateException if the current thread holds fewer permits
     */
    void release(int permits);

    /** @return how many permits are free now (never negative) */
    int availablePermits();
}
