package io.lockfacade.webapp.activity;

import java.util.Map;
import java.util.Objects;

/**
 * What the master did in one sampling period (a second).
 *
 * @param epochMillis      when the sample was taken, wall clock
 * @param grants           grants made during the period
 * @param waiters          tryLock calls parked at the end of the period
 * @param longestWaitNanos how long the longest of them had waited then
 * @param waitNanosByType  wait time spent during the period, per lock-type tag (bounded by the tag limit)
 */
public record ActivitySample(long epochMillis, long grants, int waiters, long longestWaitNanos,
                             Map<String, Long> waitNanosByType) {

    /** Checks the figures and copies the map. */
    public ActivitySample {
        if (grants < 0 || waiters < 0 || longestWaitNanos < 0) {
            throw new IllegalArgumentException("negative activity figures");
        }
        waitNanosByType = Map.copyOf(Objects.requireNonNull(waitNanosByType, "waitNanosByType"));
    }
}
