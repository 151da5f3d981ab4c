package io.lockfacade.demo.locks;

import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * When this node received its recent grants from the master, by the wall clock (the launcher and its nodes share
 * the machine's clock), so that the launcher can ask, after it has killed the group's leader, when the first grant
 * after a given instant came: {@link #watchSince(long)}, then {@link #firstSince()}.
 *
 * <p>The last {@link #RECENT} grant times are kept in a ring, enough for the seconds between the instant and the
 * question; from the question on, each new grant is compared as it comes. Lock-free: a grant that races with the
 * question is seen by one side or the other (both read and write through sequentially consistent atomics).
 */
public final class GrantTimes {

    /** How many recent grant times are kept: several seconds of a busy node's grants. */
    static final int RECENT = 1 << 15;
    private static final int MASK = RECENT - 1;
    private static final long NONE = Long.MAX_VALUE;

    private final AtomicLongArray recent = new AtomicLongArray(RECENT);
    private final AtomicLong count = new AtomicLong();
    private final AtomicLong since = new AtomicLong(NONE);
    private final AtomicLong first = new AtomicLong(NONE);

    /** Records a grant received at {@code wallMillis}. */
    public void granted(long wallMillis) {
        recent.set((int) (count.getAndIncrement() & MASK), wallMillis);
        if (wallMillis > since.get()) {
            first.accumulateAndGet(wallMillis, Math::min);
        }
    }

    /**
     * Starts looking for the first grant received after {@code wallMillis}, among the recent ones and those to come.
     * A later call replaces the instant only if it is earlier.
     */
    public void watchSince(long wallMillis) {
        since.accumulateAndGet(wallMillis, Math::min);
        long threshold = since.get();
        long kept = Math.min(count.get(), RECENT);
        for (int i = 0; i < kept; i++) {
            long time = recent.get(i);
            if (time > threshold) {
                first.accumulateAndGet(time, Math::min);
            }
        }
    }

    /** @return the wall-clock time of the first grant after the watched instant, if one came */
    public OptionalLong firstSince() {
        long time = first.get();
        return time == NONE ? OptionalLong.empty() : OptionalLong.of(time);
    }
}
