package io.lockfacade.client;

/**
 * Work run under a lock by {@link LockFacade#withLock}.
 *
 * @param <T> what the work returns
 * @param <X> the checked exception the work may throw ({@link RuntimeException} if none)
 */
@FunctionalInterface
public interface CriticalSection<T, X extends Exception> {

    /**
     * Does the work while the lock is held.
     *
     * @return the result handed back to the caller of {@code withLock}
     * @throws X if the work fails; the lock is released all the same
     */
    T run() throws X;
}
