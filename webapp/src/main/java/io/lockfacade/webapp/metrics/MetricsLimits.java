package io.lockfacade.webapp.metrics;

import java.time.Duration;
import java.util.List;

/**
 * The bounds of the master's metrics and activity panel, in one place: how many lock types get their own tag,
 * the histogram buckets, and the activity ring's size. Every figure here bounds memory or series count.
 */
public final class MetricsLimits {

    /**
     * Lock types that get their own {@code type} tag; later types share {@value #OTHER_TYPE}. Keys are never
     * tags. Each tagged type costs a few series per meter, so this bounds what a scrape carries.
     */
    public static final int MAX_TAGGED_TYPES = 50;

    /** The tag of every lock type past the first {@value #MAX_TAGGED_TYPES}. */
    public static final String OTHER_TYPE = "other";

    /**
     * Histogram bucket bounds of call and wait times: from a fast call on loopback (100 µs) to the longest wait
     * a call may ask for (the default wait cap is 10 s), roughly three per decade.
     */
    public static final List<Duration> TIME_BUCKETS = List.of(
            Duration.ofNanos(100_000), Duration.ofNanos(250_000), Duration.ofNanos(500_000),
            Duration.ofMillis(1), Duration.ofMillis(2), Duration.ofMillis(5),
            Duration.ofMillis(10), Duration.ofMillis(25), Duration.ofMillis(50),
            Duration.ofMillis(100), Duration.ofMillis(250), Duration.ofMillis(500),
            Duration.ofSeconds(1), Duration.ofMillis(2_500), Duration.ofSeconds(5),
            Duration.ofSeconds(10), Duration.ofSeconds(30));

    /** How often the activity panel's sampler takes a sample. */
    public static final Duration SAMPLE_PERIOD = Duration.ofSeconds(1);

    /** Samples the activity ring keeps: five minutes of one-second samples. */
    public static final int ACTIVITY_SAMPLES = 300;

    /** How many lock types the activity panel ranks by wait time. */
    public static final int HOTTEST_TYPES = 10;

    private MetricsLimits() {
    }
}
