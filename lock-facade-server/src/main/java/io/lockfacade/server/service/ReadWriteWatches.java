package io.lockfacade.server.service;

import io.lockfacade.api.PrimitiveLockService;
import io.lockfacade.server.table.LockKey;

import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;

/**
 * The parked {@link PrimitiveLockService#awaitReadWriteWaiter} calls of one master, by lock: a holder's wait for a
 * call to queue behind its read-write lock. Each is answered once, by whichever comes first: a call parking on the
 * lock ({@link #callParked}), its owner's release changing where it stands ({@link #released}), or the end of its
 * wait ({@code QUIET}). Where an owner stands is read through the master's own rule
 * ({@link io.lockfacade.server.table.ReadWriteLocks#waiterStanding}), on the single master directly and on a group
 * through the log; a wait registers before it reads, so a call that parks in between is not missed. The watches
 * change no state: a master that loses them (a group's deposed leader) answers them at the end of their wait.
 */
public final class ReadWriteWatches {

    private record Watch(String owner, CompletableFuture<Integer> answer) {
    }

    private final ConcurrentHashMap<LockKey, Set<Watch>> byLock = new ConcurrentHashMap<>();
    private final ScheduledExecutorService timer;
    private final BiFunction<LockKey, String, CompletableFuture<Integer>> standing;

    /**
     * @param timer    ends the waits
     * @param standing reads where an owner stands on a lock now, by the master's rule
     */
    public ReadWriteWatches(ScheduledExecutorService timer,
                            BiFunction<LockKey, String, CompletableFuture<Integer>> standing) {
        this.timer = timer;
        this.standing = standing;
    }

    /**
     * Parks a wait; arguments must be checked already.
     *
     * @param waitMillis the capped wait
     * @return completes with the answer of {@link PrimitiveLockService#awaitReadWriteWaiter}, or exceptionally if
     *         the master cannot read the lock (a group member that does not lead)
     */
    public CompletableFuture<Integer> watch(LockKey key, String owner, long waitMillis) {
        Watch watch = new Watch(owner, new CompletableFuture<>());
        byLock.compute(key, (k, watches) -> {
            Set<Watch> on = watches == null ? ConcurrentHashMap.newKeySet() : watches;
            on.add(watch);
            return on;
        });
        ScheduledFuture<?> end = timer.schedule(() -> watch.answer().complete(PrimitiveLockService.READ_WRITE_QUIET),
                waitMillis, TimeUnit.MILLISECONDS);
        watch.answer().whenComplete((answer, failure) -> {
            end.cancel(false);
            forget(key, watch);
        });
        recheck(key, watch);
        return watch.answer();
    }

    /** A call parked on the lock: every wait on it is answered {@code WAITING}. */
    public void callParked(LockKey key) {
        Set<Watch> watches = byLock.get(key);
        if (watches != null) {
            watches.forEach(watch -> watch.answer().complete(PrimitiveLockService.READ_WRITE_WAITING));
        }
    }

    /** {@code owner} released a grant of the lock: its waits read again where it stands. */
    public void released(LockKey key, String owner) {
        Set<Watch> watches = byLock.get(key);
        if (watches != null) {
            watches.stream().filter(watch -> watch.owner().equals(owner)).forEach(watch -> recheck(key, watch));
        }
    }

    /** Grants of the lock were ended by an operator: every wait on it reads again where its owner stands. */
    public void grantsEnded(LockKey key) {
        Set<Watch> watches = byLock.get(key);
        if (watches != null) {
            watches.forEach(watch -> recheck(key, watch));
        }
    }

    /** @return how many waits are parked, for tests and gauges */
    public int size() {
        return byLock.values().stream().mapToInt(Set::size).sum();
    }

    private void recheck(LockKey key, Watch watch) {
        standing.apply(key, watch.owner()).whenComplete((now, failure) -> {
            if (failure != null) {
                watch.answer().completeExceptionally(failure instanceof CompletionException wrapped
                        && wrapped.getCause() != null ? wrapped.getCause() : failure);
            } else if (now != PrimitiveLockService.READ_WRITE_QUIET) {
                watch.answer().complete(now);
            }
        });
    }

    private void forget(LockKey key, Watch watch) {
        byLock.computeIfPresent(key, (k, watches) -> {
            watches.remove(watch);
            return watches.isEmpty() ? null : watches;
        });
    }
}
