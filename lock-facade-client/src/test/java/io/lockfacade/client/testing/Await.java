package io.lockfacade.client.testing;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

import static org.junit.jupiter.api.Assertions.fail;

/** Waits, boundedly, for a condition that no latch can signal (a thread parked inside a lock, a lease). */
public final class Await {

    /** Generous bound for conditions that normally hold within milliseconds. */
    public static final Duration PATIENCE = Duration.ofSeconds(5);

    private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

    private Await() {
    }

    /** Fails the test if {@code condition} does not hold within {@link #PATIENCE}. */
    public static void until(String what, BooleanSupplier condition) {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                fail("timed out after " + PATIENCE + " waiting until " + what);
            }
            LockSupport.parkNanos(POLL_NANOS);
        }
    }
}
