package io.lockfacade.server.fencing;

import io.lockfacade.api.LockLimits;

import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * The single master's token floor: the wall clock in microseconds since the epoch.
 *
 * <p>With it, tokens are {@code max(previous + 1, wall clock in microseconds)}. Within one run the counter alone
 * guarantees the order. Across a restart the new master starts from the current time in microseconds, which is
 * above every token the previous run issued as long as (a) that run granted fewer than one lock per microsecond
 * on average since its start, so its tokens never ran ahead of the clock by more than the restart took, and (b)
 * the wall clock did not step back by more than the restart took. No state file is needed, so a master can be
 * restarted on another machine with a synchronised clock. Tokens stay below
 * {@link LockLimits#FENCING_TOKEN_BOUND} (2^53, reached in the year 2255).
 */
public final class WallClockFloor implements TokenFloor {

    private final LongSupplier epochMillis;

    /** A floor on the system clock. */
    public WallClockFloor() {
        this(System::currentTimeMillis);
    }

    /** @param epochMillis the wall clock in milliseconds since the epoch (tests pass their own) */
    public WallClockFloor(LongSupplier epochMillis) {
        this.epochMillis = epochMillis;
    }

    @Override
    public long floor() {
        return TimeUnit.MILLISECONDS.toMicros(epochMillis.getAsLong());
    }
}
