package io.lockfacade.client.transport;

import java.util.Optional;
import java.util.function.Supplier;

/**
 * A shorter read timeout for the calls the current thread makes meanwhile, so that one attempt of a call ends by
 * the caller's deadline although its proxy was built with a longer read timeout. {@link FailoverMemoryLockService}
 * sets it around each attempt; {@link PooledHttpConnectionFactory} applies it to the request it opens.
 */
final class AttemptTimeout {

    private static final ThreadLocal<Long> DEADLINE_NANOS = new ThreadLocal<>();

    private AttemptTimeout() {
    }

    /**
     * Runs {@code call} with its HTTP requests answered within {@code millis} or failed.
     *
     * @param millis at least 1
     */
    static <T> T within(long millis, Supplier<T> call) {
        Long outer = DEADLINE_NANOS.get();
        long deadline = System.nanoTime() + Math.max(1, millis) * 1_000_000L;
        DEADLINE_NANOS.set(outer == null ? deadline : Math.min(outer, deadline));
        try {
            return call.get();
        } finally {
            if (outer == null) {
                DEADLINE_NANOS.remove();
            } else {
                DEADLINE_NANOS.set(outer);
            }
        }
    }

    /** @return the milliseconds a request opened now may wait for its reply, if a shorter timeout is set */
    static Optional<Long> remainingMillis() {
        Long deadline = DEADLINE_NANOS.get();
        return deadline == null ? Optional.empty()
                : Optional.of(Math.max(1, (deadline - System.nanoTime()) / 1_000_000L));
    }
}
