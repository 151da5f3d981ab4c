package io.lockfacade.server.fencing;

import io.lockfacade.api.LockLimits;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * Issues fencing tokens that strictly increase over every grant of this master and across its restarts.
 *
 * <p>Each token is {@code max(previous + 1, wall clock in microseconds)}. Within one run the counter alone
 * guarantees the order. Across a restart the new master starts from the current time in microseconds, which
 * is above every token the previous run issued as long as (a) that run granted fewer than one lock per
 * microsecond on average since its start, so its tokens never ran ahead of the clock by more than the
 * restart took, and (b) the wall clock did not step back by more than the restart took. No state file is
 * needed, so a master can be restarted on another machine with a synchronised clock.
 *
 * <p>Tokens stay below {@link LockLimits#FENCING_TOKEN_BOUND} (2^53, reached in the year 2255).
 */
public final class FencingTokenSource {

    private final AtomicLong last = new AtomicLong();
    private final LongSupplier wallClockMicros;

    /** Creates a source on the system clock. */
    public FencingTokenSource() {
        this(() -> TimeUnit.MILLISECONDS.toMicros(System.currentTimeMillis()));
    }

    /**
     * @param wallClockMicros the wall clock, in microseconds since the epoch (tests pass their own)
     */
    public FencingTokenSource(LongSupplier wallClockMicros) {
        this.wallClockMicros = wallClockMicros;
    }

    /**
     * @return the next token, greater than every token returned before
     * @throws IllegalStateException if the token space below 2^53 is exhausted
     */
    public long next() {
        long token = last.updateAndGet(previous -> Math.max(previous + 1, wallClockMicros.getAsLong()));
        if (token >= LockLimits.FENCING_TOKEN_BOUND) {
            throw new IllegalStateException("fencing tokens exhausted: " + token);
        }
        return token;
    }

    /** @return the last token issued, or 0 if none */
    public long lastIssued() {
        return last.get();
    }
}
