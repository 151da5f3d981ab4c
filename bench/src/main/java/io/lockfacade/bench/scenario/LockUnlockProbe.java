package io.lockfacade.bench.scenario;

import io.lockfacade.api.MemoryLockService;
import io.lockfacade.bench.client.LockClient;
import io.lockfacade.bench.stats.LatencyHistogram;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeoutException;

/**
 * Scenario 1's measurement, reused by scenario 5: one thread locks and unlocks fresh keys through the client's
 * facade, each timed as one operation. When asked, each operation is preceded by the transport floor: two no-op
 * calls ({@code isLockTypeEmpty}, a read that changes nothing) on the same connection pool, timed together, so
 * that the floor and the lock see the same machine at the same moment.
 */
final class LockUnlockProbe {

    /** Longest one acquisition of a fresh key may take before the probe fails. */
    static final Duration LOCK_TIMEOUT = Duration.ofSeconds(10);

    /** Length of one probe's turn when probes alternate. */
    static final Duration TURN = Duration.ofMillis(250);

    /** Receives each sample. */
    @FunctionalInterface
    interface Sink {
        /**
         * @param startNanos      when the lock call started
         * @param lockUnlockNanos how long lock plus unlock took
         * @param floorPairNanos  how long the two no-op calls took, or -1 if not measured
         */
        void accept(long startNanos, long lockUnlockNanos, long floorPairNanos);
    }

    /**
     * Latencies of one window.
     *
     * @param lockUnlock lock+unlock latencies
     * @param floorPair  two no-op calls, back to back (empty when not measured)
     */
    record Window(LatencyHistogram lockUnlock, LatencyHistogram floorPair) {
    }

    private final LockClient client;
    private final MemoryLockService floorService;
    private final String lockType;
    private final String keyPrefix;
    private long sequence;

    /** A probe whose floor is two no-op calls through the client's own transport to its own master. */
    LockUnlockProbe(LockClient client, String lockType, String keyPrefix) {
        this(client, client.remote(), lockType, keyPrefix);
    }

    /**
     * @param floor the service whose two no-op calls are the floor, e.g. {@link io.lockfacade.bench.client.CauchoFloor}
     */
    LockUnlockProbe(LockClient client, MemoryLockService floor, String lockType, String keyPrefix) {
        this.client = client;
        this.floorService = floor;
        this.lockType = lockType;
        this.keyPrefix = keyPrefix;
    }

    /**
     * Measures several probes in turns of {@link #TURN} until {@code duration} is spent, so that all of them see the
     * same machine: on a shared host, load comes and goes within seconds.
     *
     * @return each probe's latencies, by the probe's key
     */
    static <K> Map<K, Window> alternate(Map<K, LockUnlockProbe> probes, Duration duration, boolean withFloor)
            throws TimeoutException {
        Map<K, Window> windows = new LinkedHashMap<>();
        probes.keySet().forEach(key -> windows.put(key, new Window(new LatencyHistogram(), new LatencyHistogram())));
        long end = System.nanoTime() + duration.toNanos();
        while (System.nanoTime() < end) {
            for (Map.Entry<K, LockUnlockProbe> probe : probes.entrySet()) {
                probe.getValue().measureInto(windows.get(probe.getKey()), TURN, withFloor);
            }
        }
        return windows;
    }

    /**
     * Warms every probe up, in turns, until each has made {@code operations} lock+unlock pairs (so the JIT has
     * compiled the whole client path, not only the small floor's) or {@code cap} is spent, whichever is first.
     * Nothing is recorded.
     */
    static <K> void warmUp(Map<K, LockUnlockProbe> probes, long operations, Duration cap) throws TimeoutException {
        long end = System.nanoTime() + cap.toNanos();
        while (System.nanoTime() < end
                && probes.values().stream().anyMatch(probe -> probe.sequence < operations)) {
            for (LockUnlockProbe probe : probes.values()) {
                if (probe.sequence < operations) {
                    probe.run(Math.min(end, System.nanoTime() + TURN.toNanos()), true, (start, op, floor) -> {
                    });
                }
            }
        }
    }

    /** Measures for {@code duration} into histograms. */
    Window measure(Duration duration, boolean withFloor) throws TimeoutException {
        Window window = new Window(new LatencyHistogram(), new LatencyHistogram());
        measureInto(window, duration, withFloor);
        return window;
    }

    /** Measures for {@code duration}, adding to the histograms of {@code window}. */
    void measureInto(Window window, Duration duration, boolean withFloor) throws TimeoutException {
        run(System.nanoTime() + duration.toNanos(), withFloor, (start, lockUnlock, floor) -> {
            window.lockUnlock().recordNanos(lockUnlock);
            if (floor >= 0) {
                window.floorPair().recordNanos(floor);
            }
        });
    }

    /**
     * Runs operations until {@code endNanos}, handing each sample to {@code sink}.
     *
     * @throws TimeoutException if a fresh key could not be locked within {@link #LOCK_TIMEOUT}
     */
    void run(long endNanos, boolean withFloor, Sink sink) throws TimeoutException {
        while (System.nanoTime() < endNanos) {
            long floor = -1;
            if (withFloor) {
                long floorStart = System.nanoTime();
                floorService.isLockTypeEmpty(lockType);
                floorService.isLockTypeEmpty(lockType);
                floor = System.nanoTime() - floorStart;
            }
            String key = keyPrefix + "-" + sequence++;
            long start = System.nanoTime();
            client.facade().lock(lockType, key, LOCK_TIMEOUT.toMillis());
            client.facade().unlock(lockType, key);
            sink.accept(start, System.nanoTime() - start, floor);
        }
    }
}
