package io.lockfacade.server.service;

import io.lockfacade.server.fencing.TokenFloor;
import io.lockfacade.server.fencing.WallClockFloor;
import io.lockfacade.server.table.Moment;

import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * Where a single master's lock table gets its inputs from the world: the monotonic clock for deadlines, the wall
 * clock for display, and the fencing-token floor. The table itself reads none of them.
 *
 * <p>Wall-clock times shown for the table's moments (when a lock was taken, a session last kept alive) are the
 * monotonic time mapped onto the wall clock as it read when these clocks were made: one fixed offset, so the
 * display keeps the order of the table's moments even if the wall clock is stepped later.
 */
public final class MasterClocks {

    private final LongSupplier nanos;
    private final TokenFloor tokenFloor;
    private final long baseNanos;
    private final long baseEpochMillis;

    /**
     * @param nanos       monotonic time, the axis of every deadline
     * @param epochMillis wall-clock time, read once here to show the table's moments as dates
     * @param tokenFloor  the least token a grant may carry
     */
    public MasterClocks(LongSupplier nanos, LongSupplier epochMillis, TokenFloor tokenFloor) {
        this.nanos = Objects.requireNonNull(nanos, "nanos");
        this.tokenFloor = Objects.requireNonNull(tokenFloor, "tokenFloor");
        this.baseNanos = nanos.getAsLong();
        this.baseEpochMillis = epochMillis.getAsLong();
    }

    /** @return the system clocks and the wall-clock token floor */
    public static MasterClocks system() {
        return new MasterClocks(System::nanoTime, System::currentTimeMillis, new WallClockFloor());
    }

    /** @return the monotonic clock */
    public LongSupplier nanos() {
        return nanos;
    }

    /** @return the inputs of a transition made now */
    Moment now() {
        return at(nanos.getAsLong());
    }

    /** @return the inputs of a transition made at {@code nowNanos} */
    Moment at(long nowNanos) {
        return new Moment(nowNanos, tokenFloor.floor());
    }

    /** @return the wall-clock time of {@code thenNanos}, a moment on the monotonic axis */
    long epochMillisAt(long thenNanos) {
        return baseEpochMillis + Math.floorDiv(thenNanos - baseNanos, TimeUnit.MILLISECONDS.toNanos(1));
    }
}
