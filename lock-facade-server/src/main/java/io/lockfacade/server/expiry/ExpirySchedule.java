package io.lockfacade.server.expiry;

import io.lockfacade.server.compact.CompactSet;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.function.LongConsumer;

/**
 * What may expire when: a timing wheel of slots, each slot the set of entries (lock grants, sessions) whose
 * deadline falls in it. An index, not a source of truth: whoever drains it re-checks each entry against the
 * table, which decides whether it has expired.
 *
 * <p>Draining costs what expires, not what is held: the reaper visits only slots that are due. Visits are
 * idempotent, so an entry may be scheduled twice without harm (a visit of an entry whose deadline moved simply
 * schedules it again), which is what makes the lock-free hand-over between writers and the reaper safe.
 *
 * <p>An entry is a key and a stamp (a lock and its grant's fencing token, or a session id and 0): keying by
 * grant is what lets the end of one grant unschedule its visit without ever removing the visit of a newer grant
 * of the same lock. Slots are {@link CompactSet}s, about 20 bytes per scheduled grant: the wheel is part of what
 * the master pays per held lock.
 *
 * <p>Times are on the table's monotonic axis ({@link System#nanoTime()} on a single master).
 *
 * @param <K> what is scheduled; equal entries (key and stamp) share a slot
 */
public final class ExpirySchedule<K> {

    private final long tickNanos;
    private final ConcurrentSkipListMap<Long, CompactSet<K>> slots = new ConcurrentSkipListMap<>();
    /** Entries scheduled into a slot the reaper had already drained: visited on the next drain. */
    private final CompactSet<K> late = CompactSet.stamped();
    private volatile long drainedThrough = Long.MIN_VALUE;
    private volatile LongConsumer deadlineListener = deadline -> { };

    /**
     * @param tick the slot width: a lease ends at most one tick before the reaper sees it
     */
    public ExpirySchedule(Duration tick) {
        this.tickNanos = tick.toNanos();
        if (tickNanos <= 0) {
            throw new IllegalArgumentException("tick must be positive");
        }
    }

    /** @param listener told the end of every slot a key is scheduled into, so the reaper can wake earlier */
    public void setDeadlineListener(LongConsumer listener) {
        this.deadlineListener = listener;
    }

    /**
     * @param deadlineNanos a lease's end
     * @return the slot that lease ends in
     */
    public long slotOf(long deadlineNanos) {
        return -Math.floorDiv(-deadlineNanos, tickNanos);
    }

    /** @return whether the slot has already been drained, so a key still counting on it must be scheduled again */
    public boolean isDrained(long slot) {
        return slot <= drainedThrough;
    }

    /**
     * Schedules a visit of {@code key} with {@code stamp} once {@code slot} is due.
     *
     * @return the slot, for {@link #unschedule}
     */
    public long schedule(K key, long stamp, long slot) {
        if (slot <= drainedThrough) {
            late.add(key, stamp);
        } else {
            slots.computeIfAbsent(slot, s -> CompactSet.stamped()).add(key, stamp);
            if (slot <= drainedThrough) {
                // The reaper may have taken this slot's set before our add: make sure the key is visited anyway.
                late.add(key, stamp);
            }
        }
        deadlineListener.accept(slot * tickNanos);
        return slot;
    }

    /** Forgets a scheduled visit; a no-op when the slot is already drained. */
    public void unschedule(K key, long stamp, long slot) {
        CompactSet<K> keys = slots.get(slot);
        if (keys != null) {
            keys.remove(key, stamp);
        }
    }

    /**
     * Forgets a scheduled visit and drops its slot once empty, so that {@link #nextDeadlineNanos} never names a slot
     * with nothing to visit. Only for a schedule whose writes all come from one thread: a concurrent
     * {@link #schedule} into the same slot could add to the set as it is dropped.
     */
    public void unscheduleAndPrune(K key, long stamp, long slot) {
        CompactSet<K> keys = slots.get(slot);
        if (keys != null && keys.remove(key, stamp) && keys.size() == 0) {
            slots.remove(slot, keys);
        }
    }

    /**
     * Visits every key scheduled in a slot that ended at or before {@code nowNanos}.
     *
     * @param visitor called once or more per due entry; must be idempotent
     */
    public void drainDue(long nowNanos, CompactSet.Visitor<? super K> visitor) {
        long dueSlot = Math.floorDiv(nowNanos, tickNanos);
        if (dueSlot > drainedThrough) {
            drainedThrough = dueSlot;
        }
        Map.Entry<Long, CompactSet<K>> first;
        while ((first = slots.firstEntry()) != null && first.getKey() <= dueSlot) {
            if (slots.remove(first.getKey(), first.getValue())) {
                first.getValue().forEach(visitor);
            }
        }
        late.drain(visitor);
    }

    /**
     * @param nowNanos the current time
     * @return when the earliest scheduled slot ends ({@code nowNanos} if a visit is overdue), or
     *         {@link Long#MAX_VALUE} if nothing is scheduled
     */
    public long nextDeadlineNanos(long nowNanos) {
        if (late.size() > 0) {
            return nowNanos;
        }
        Map.Entry<Long, CompactSet<K>> first = slots.firstEntry();
        return first == null ? Long.MAX_VALUE : first.getKey() * tickNanos;
    }
}
