package io.lockfacade.client.deadlock;

import io.lockfacade.api.LockLimits;

import java.time.Duration;
import java.util.Objects;

/**
 * Whether a lock facade looks for deadlocks, and how long a wait lasts before it is checked (PostgreSQL's
 * {@code deadlock_timeout}). A check costs nothing to a wait that ends sooner, which is most of them; a deadlock
 * is reported about one delay after the wait that closed it began.
 *
 * @param enabled    whether waits are checked (default {@code true})
 * @param checkDelay how long a wait lasts before it is checked (default {@link #DEFAULT_CHECK_DELAY}), from 0 to
 *                   {@link #MAX_CHECK_DELAY}
 */
public record DeadlockDetection(boolean enabled, Duration checkDelay) {

    /** PostgreSQL's default {@code deadlock_timeout}. */
    public static final Duration DEFAULT_CHECK_DELAY = Duration.ofSeconds(1);

    /** Longest check delay: beyond it, timeouts end most deadlocks first. */
    public static final Duration MAX_CHECK_DELAY = LockLimits.MAX_DEADLOCK_CHECK_DELAY;

    /** On, with the default delay. */
    public static final DeadlockDetection DEFAULT = new DeadlockDetection(true, DEFAULT_CHECK_DELAY);

    /** Off: waits are never checked, and a deadlock lasts until a timeout ends it. */
    public static final DeadlockDetection OFF = new DeadlockDetection(false, DEFAULT_CHECK_DELAY);

    /** @throws IllegalArgumentException if the delay is negative or over {@link #MAX_CHECK_DELAY} */
    public DeadlockDetection {
        Objects.requireNonNull(checkDelay, "checkDelay");
        if (checkDelay.isNegative() || checkDelay.compareTo(MAX_CHECK_DELAY) > 0) {
            throw new IllegalArgumentException("checkDelay must be between 0 and " + MAX_CHECK_DELAY + ", was "
                    + checkDelay);
        }
    }

    /** @return detection on, checking waits that last {@code checkDelay} */
    public static DeadlockDetection after(Duration checkDelay) {
        return new DeadlockDetection(true, checkDelay);
    }
}
