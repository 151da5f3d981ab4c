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
 * @param nanos       monotonic time, the axis of every deadline
 * @param epochMillis wall-clock time, only to show when a lock was taken or a session kept alive
 * @param tokenFloor  the least token a grant may carry
 */
public record MasterClocks(LongSupplier nanos, LongSupplier epochMillis, TokenFloor tokenFloor) {

    /** Checks that every part is given. */
    public MasterClocks {
        Objects.requireNonNull(nanos, "nanos");
        Objects.requireNonNull(epochMillis, "epochMillis");
        Objects.requireNonNull(tokenFloor, "tokenFloor");
    }

    /** @return the system clocks and the wall-clock token floor */
    public static MasterClocks system() {
        return new MasterClocks(System::nanoTime, System::currentTimeMillis, new WallClockFloor());
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
        return epochMillis.getAsLong() - TimeUnit.NANOSECONDS.toMillis(nanos.getAsLong() - thenNanos);
    }
}
