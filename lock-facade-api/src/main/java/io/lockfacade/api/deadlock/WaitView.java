package io.lockfacade.api.deadlock;

import java.util.Collection;

/**
 * Who waits for what and who holds what, as one source sees it right now: a {@link WaitForGraph}, or the live state
 * of a JVM's locks read while threads race. {@link CycleSearch} walks it.
 *
 * @param <T> how the source names a thread
 * @param <L> how the source names a lock
 */
public interface WaitView<T, L> {

    /** @return the thread's current wait, or {@code null} if it does not wait */
    Wait<L> waitOf(T thread);

    /** @return the threads that hold the lock (one for a mutex), empty if none or unknown; never {@code null} */
    Collection<T> holdersOf(L lock);
}
