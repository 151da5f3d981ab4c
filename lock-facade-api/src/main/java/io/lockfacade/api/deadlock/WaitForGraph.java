package io.lockfacade.api.deadlock;

import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A wait-for graph kept up to date by its owner: who holds which lock, and who waits for which. Not thread-safe:
 * the owner calls it under its own lock (the master under its table's).
 *
 * <p>A thread waits for at most one lock at a time; a lock may have several holders (read locks, permits).
 *
 * @param <T> how the owner names a thread
 * @param <L> how the owner names a lock
 */
public final class WaitForGraph<T, L> implements WaitView<T, L> {

    private final Map<T, Wait<L>> waits = new HashMap<>();
    private final Map<L, Set<T>> holders = new HashMap<>();
    private long lastSequence;

    /** Records that {@code thread} holds {@code lock}. */
    public void held(T thread, L lock) {
        holders.computeIfAbsent(lock, any -> new LinkedHashSet<>(2)).add(thread);
    }

    /** Records that {@code thread} no longer holds {@code lock}; nothing changes if it did not. */
    public void released(T thread, L lock) {
        holders.computeIfPresent(lock, (any, set) -> set.remove(thread) && set.isEmpty() ? null : set);
    }

    /**
     * Records that {@code thread} begins to wait for {@code lock}.
     *
     * @return the new wait, younger than every wait begun before it
     * @throws IllegalStateException if the thread already waits
     */
    public Wait<L> waitBegan(T thread, L lock, long nowNanos) {
        Wait<L> wait = new Wait<>(lock, ++lastSequence, nowNanos);
        if (waits.putIfAbsent(thread, wait) != null) {
            throw new IllegalStateException(thread + " already waits for " + waits.get(thread).lock());
        }
        return wait;
    }

    /**
     * Records that the thread's wait ended (granted, timed out, failed).
     *
     * @return whether it waited
     */
    public boolean waitEnded(T thread) {
        return waits.remove(thread) != null;
    }

    /** @return the cycle of waits through the thread's current wait, if any; see {@link CycleSearch#through} */
    public Optional<WaitCycle<T, L>> cycleThrough(T thread) {
        return CycleSearch.through(this, thread);
    }

    @Override
    public Wait<L> waitOf(T thread) {
        return waits.get(thread);
    }

    @Override
    public Collection<T> holdersOf(L lock) {
        Set<T> set = holders.get(lock);
        return set == null ? Set.of() : set;
    }

    /** @return how many threads wait */
    public int waitCount() {
        return waits.size();
    }
}
