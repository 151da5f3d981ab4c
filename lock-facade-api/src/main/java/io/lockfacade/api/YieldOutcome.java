package io.lockfacade.api;

/**
 * What {@link MemoryLockService#yieldToWaiters} did: released the lock to a waiting call, kept it for its owner
 * because nobody waited, or found the owner no longer holding it.
 */
public enum YieldOutcome {

    /** A call was waiting: the lock was released, and the oldest waiter got it. */
    RELEASED,

    /** No call was waiting: the owner still holds the lock; nothing changed. */
    KEPT,

    /** The owner did not hold the lock (free, expired, removed, or held by another owner); nothing changed. */
    NOT_HELD
}
