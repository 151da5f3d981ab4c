package io.lockfacade.webapp.metrics;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongSupplier;

/**
 * The {@code tryLock} calls parked at the Hessian endpoint right now, and the wait time they accrue per lock
 * type between two {@linkplain #drain() drains}: what the waiters gauges and the activity panel show.
 *
 * <p>Wait time is counted where it is spent: a wait that spans several drains adds to each the part that fell
 * into it, so a call stuck for a minute shows up every second, not once at its end. One short lock guards the
 * state (no I/O under it). A drain costs one step per lock-type tag and per call begun since the previous drain,
 * not per waiting call: every call already waiting at the previous drain waited the whole period.
 */
public final class WaitingCalls {

    private final LongSupplier nanoClock;
    private final ReentrantLock lock = new ReentrantLock();
    /** In the order they began, so the first is the longest waiting. */
    private final Set<Wait> waiting = new LinkedHashSet<>();
    private final Map<String, Integer> waitingByType = new HashMap<>();
    private final List<Wait> begunSinceDrain = new ArrayList<>();
    /** Wait time of calls that ended since the previous drain, per type. */
    private Map<String, Long> accrued = new HashMap<>();
    private long lastDrainNanos;

    /** @param nanoClock a monotonic clock in nanoseconds ({@code System::nanoTime} on a master) */
    public WaitingCalls(LongSupplier nanoClock) {
        this.nanoClock = Objects.requireNonNull(nanoClock, "nanoClock");
        this.lastDrainNanos = nanoClock.getAsLong();
    }

    /** One call waiting; pass it back to {@link #end}. */
    public static final class Wait {
        private final String typeTag;
        private final long beganNanos;

        private Wait(String typeTag, long beganNanos) {
            this.typeTag = typeTag;
            this.beganNanos = beganNanos;
        }
    }

    /**
     * What the calls waited between two drains.
     *
     * @param waiters          calls waiting at the drain
     * @param longestWaitNanos how long the longest of them had waited then (0 without waiters)
     * @param waitNanosByType  wait time accrued since the previous drain, per lock-type tag (only non-zero ones)
     */
    public record Drained(int waiters, long longestWaitNanos, Map<String, Long> waitNanosByType) {

        /** Copies the map. */
        public Drained {
            waitNanosByType = Map.copyOf(waitNanosByType);
        }
    }

    /**
     * @param typeTag the lock type's tag ({@link LockTypeTags}), so the accrual map stays bounded
     * @return the wait begun now
     */
    public Wait begin(String typeTag) {
        lock.lock();
        try {
            Wait wait = new Wait(Objects.requireNonNull(typeTag, "typeTag"), nanoClock.getAsLong());
            waiting.add(wait);
            waitingByType.merge(typeTag, 1, Integer::sum);
            begunSinceDrain.add(wait);
            return wait;
        } finally {
            lock.unlock();
        }
    }

    /** Ends a wait (granted, given up or abandoned) and keeps the part of it since the last drain. */
    public void end(Wait wait) {
        lock.lock();
        try {
            if (waiting.remove(wait)) {
                waitingByType.computeIfPresent(wait.typeTag, (type, count) -> count > 1 ? count - 1 : null);
                long since = Math.max(wait.beganNanos, lastDrainNanos);
                accrued.merge(wait.typeTag, Math.max(0, nanoClock.getAsLong() - since), Long::sum);
            }
        } finally {
            lock.unlock();
        }
    }

    /** @return calls waiting now */
    public int count() {
        lock.lock();
        try {
            return waiting.size();
        } finally {
            lock.unlock();
        }
    }

    /** @return how long the longest waiting call has waited, in nanoseconds; 0 when none waits */
    public long longestWaitNanos() {
        lock.lock();
        try {
            return longestAt(nanoClock.getAsLong());
        } finally {
            lock.unlock();
        }
    }

    /** @return the waiting now and the wait time accrued since the previous drain; starts the next period */
    public Drained drain() {
        lock.lock();
        try {
            long now = nanoClock.getAsLong();
            long period = now - lastDrainNanos;
            // Count every waiting call for the whole period, then take back what the newer ones did not wait.
            waitingByType.forEach((type, count) -> accrued.merge(type, count * period, Long::sum));
            for (Wait wait : begunSinceDrain) {
                if (waiting.contains(wait)) {
                    accrued.merge(wait.typeTag, -(wait.beganNanos - lastDrainNanos), Long::sum);
                }
            }
            begunSinceDrain.clear();
            accrued.values().removeIf(nanos -> nanos <= 0);
            Drained drained = new Drained(waiting.size(), longestAt(now), accrued);
            accrued = new HashMap<>();
            lastDrainNanos = now;
            return drained;
        } finally {
            lock.unlock();
        }
    }

    private long longestAt(long now) {
        Iterator<Wait> oldest = waiting.iterator();
        return oldest.hasNext() ? Math.max(0, now - oldest.next().beganNanos) : 0;
    }
}
