package io.lockfacade.server.expiry;

import io.lockfacade.server.table.LockKey;

import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.function.Consumer;
import java.util.function.LongConsumer;

/**
 * Which locks may expire when: a timing wheel of slots, each slot the set of keys whose lease ends in it.
 *
 * <p>Draining costs what expires, not what is held: the reaper visits only slots that are due. Renewals do not
 * touch the schedule; a visited key whose lease was extended is simply scheduled again for its new deadline
 * (see {@link io.lockfacade.server.table.LockTable#expireDue}). Visits are idempotent, so a key may be
 * scheduled twice without harm, which is what makes the lock-free hand-over between writers and the reaper safe.
 *
 * <p>Times are {@link System#nanoTime()} values.
 */
public final class ExpirySchedule {

    private final long tickNanos;
    private final ConcurrentSkipListMap<Long, Set<LockKey>> slots = new ConcurrentSkipListMap<>();
    /** Keys scheduled into a slot the reaper had already drained: visited on the next drain. */
    private final ConcurrentLinkedQueue<LockKey> late = new ConcurrentLinkedQueue<>();
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
     * Schedules a visit of {@code key} once {@code slot} is due.
     *
     * @return the slot, for {@link #unschedule}
     */
    public long schedule(LockKey key, long slot) {
        if (slot <= drainedThrough) {
            late.add(key);
        } else {
            slots.computeIfAbsent(slot, s -> ConcurrentHashMap.newKeySet()).add(key);
            if (slot <= drainedThrough) {
                // The reaper may have taken this slot's set before our add: make sure the key is visited anyway.
                late.add(key);
            }
        }
        deadlineListener.accept(slot * tickNanos);
        return slot;
    }

    /** Forgets a scheduled visit; a no-op when the slot is already drained. */
    public void unschedule(LockKey key, long slot) {
        Set<LockKey> keys = slots.get(slot);
        if (keys != null) {
            keys.remove(key);
        }
    }

    /**
     * Visits every key scheduled in a slot that ended at or before {@code nowNanos}.
     *
     * @param visitor called once or more per due key; must be idempotent
     */
    public void drainDue(long nowNanos, Consumer<LockKey> visitor) {
        long dueSlot = Math.floorDiv(nowNanos, tickNanos);
        if (dueSlot > drainedThrough) {
            drainedThrough = dueSlot;
        }
        Map.Entry<Long, Set<LockKey>> first;
        while ((first = slots.firstEntry()) != null && first.getKey() <= dueSlot) {
            if (slots.remove(first.getKey(), first.getValue())) {
                first.getValue().forEach(visitor);
            }
        }
        LockKey key;
        while ((key = late.poll()) != null) {
            visitor.accept(key);
        }
    }

    /**
     * @param nowNanos the current time
     * @return when the earliest scheduled slot ends ({@code nowNanos} if a visit is overdue), or
     *         {@link Long#MAX_VALUE} if nothing is scheduled
     */
    public long nextDeadlineNanos(long nowNanos) {
        if (!late.isEmpty()) {
            return nowNanos;
        }
        Map.Entry<Long, Set<LockKey>> first = slots.firstEntry();
        return first == null ? Long.MAX_VALUE : first.getKey() * tickNanos;
    }
}
