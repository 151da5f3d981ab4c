package io.lockfacade.testsupport.await;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * Waits, boundedly, for a condition that no latch can signal (a thread parked inside a lock, a lease running out, a
 * group electing a leader). Every wait has a limit; when it runs out the wait throws an {@link AssertionError}, so
 * the test fails with what it waited for.
 */
public final class Await {

    /** Generous bound for conditions that normally hold within milliseconds. */
    public static final Duration PATIENCE = Duration.ofSeconds(5);

    private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

    private Await() {
    }

    /**
     * Polls {@code condition} every millisecond, ignoring interrupts, until it holds.
     *
     * @param what the condition in words, for the failure message
     * @throws AssertionError if it does not hold within {@link #PATIENCE}
     */
    public static void until(String what, BooleanSupplier condition) {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("timed out after " + PATIENCE + " waiting until " + what);
            }
            LockSupport.parkNanos(POLL_NANOS);
        }
    }

    /**
     * Polls {@code condition} every {@code interval} until it holds.
     *
     * @param timedOut the failure message, built only if the wait runs out
     * @throws AssertionError with {@code timedOut}'s message if it does not hold within {@code timeout}
     * @throws InterruptedException if interrupted while waiting
     */
    public static void until(Duration timeout, Duration interval, BooleanSupplier condition,
                             Supplier<String> timedOut) throws InterruptedException {
        value(timeout, interval, () -> condition.getAsBoolean() ? Optional.of(Boolean.TRUE) : Optional.empty(),
                timedOut);
    }

    /**
     * Polls {@code probe} every {@code interval} until it finds a value.
     *
     * @param timedOut the failure message, built only if the wait runs out
     * @return the first value found
     * @throws AssertionError with {@code timedOut}'s message if none is found within {@code timeout}
     * @throws InterruptedException if interrupted while waiting
     */
    public static <T> T value(Duration timeout, Duration interval, Supplier<Optional<T>> probe,
                              Supplier<String> timedOut) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            Optional<T> found = probe.get();
            if (found.isPresent()) {
                return found.get();
            }
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError(timedOut.get());
            }
            Thread.sleep(interval.toMillis());
        }
    }
}
