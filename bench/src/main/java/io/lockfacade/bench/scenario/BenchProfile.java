package io.lockfacade.bench.scenario;

import java.time.Duration;

/**
 * How long and how big each scenario runs. {@link #full()} is the published run (about 25 minutes on a 2-vCPU
 * machine, ten of them S7's hold); {@link #quick()} runs every scenario for a second or two on a smaller table and swarm, so that CI can
 * check the benchmark end to end without asserting any timing.
 *
 * @param name             {@code full} or {@code quick}
 * @param rounds           S2 to S4: the designs take turns this many times, each turn a share of the window, so
 *                         that both see the same load on a shared machine
 * @param warmUp           warm-up before the first measured window (JIT, connections)
 * @param nodeWarmUpPairs  S2 to S4: uncontended lock+unlock pairs each client JVM makes on a key of its own before
 *                         it reports ready, so that its code is measured compiled (C2), as the floor's is
 * @param latencyWindow    S1: measured window per design
 * @param throughputWindow S2 and S3: measured window per configuration
 * @param fairnessWindow   S3: two nodes on one key
 * @param handoffWindow    S4: measured window per design
 * @param tableLocks       S5: locks held on the master
 * @param expiringLocks    S5: locks that expire at once
 * @param scaleWindow      S5: each latency window (empty table, full table)
 * @param expiryDelay      S5: from the expiring fill to the instant its locks expire (longer than the fill)
 * @param expiryWatch      S5: how long after the mass expiry the latency is watched
 * @param swarmWaiters     S6: parked waiters
 * @param swarmWindow      S6: measured window of the unrelated client
 * @param tableMasterHeap  S5: the master's {@code -Xmx}
 * @param sessions         S7 and S8: the session scenarios
 */
public record BenchProfile(String name, int rounds, Duration warmUp, int nodeWarmUpPairs, Duration latencyWindow,
                           Duration throughputWindow,
                           Duration fairnessWindow, Duration handoffWindow, int tableLocks, int expiringLocks,
                           Duration scaleWindow, Duration expiryDelay, Duration expiryWatch, int swarmWaiters,
                           Duration swarmWindow, String tableMasterHeap, SessionProfile sessions) {

    /** Client JVMs' warm-up in the published run: past HotSpot's C2 thresholds, as S1's probe is warmed. */
    public static final int FULL_NODE_WARM_UP_PAIRS = 15_000;

    /** Client JVMs' warm-up in the quick run: classes loaded and a connection open. */
    public static final int QUICK_NODE_WARM_UP_PAIRS = 20;

    /** Heap of every other master. */
    public static final String MASTER_HEAP = "512m";

    /** @return the published run */
    public static BenchProfile full() {
        return new BenchProfile("full", 4, Duration.ofSeconds(3), FULL_NODE_WARM_UP_PAIRS, Duration.ofSeconds(15),
                Duration.ofSeconds(8), Duration.ofSeconds(12), Duration.ofSeconds(10), 1_000_000, 100_000,
                Duration.ofSeconds(8), Duration.ofSeconds(3), Duration.ofSeconds(2), 2_000, Duration.ofSeconds(15),
                "2g", SessionProfile.full());
    }

    /** @return every scenario for a second or two, on a smaller table and swarm */
    public static BenchProfile quick() {
        return new BenchProfile("quick", 1, Duration.ofSeconds(1), QUICK_NODE_WARM_UP_PAIRS, Duration.ofMillis(1500),
                Duration.ofSeconds(1), Duration.ofSeconds(2), Duration.ofSeconds(3), 20_000, 5_000,
                Duration.ofSeconds(1), Duration.ofSeconds(1), Duration.ofSeconds(1), 200, Duration.ofSeconds(2),
                "512m", SessionProfile.quick());
    }

    /** @return this profile with S7 holding its locks for {@code hold} */
    public BenchProfile withSessionHold(Duration hold) {
        return new BenchProfile(name, rounds, warmUp, nodeWarmUpPairs, latencyWindow, throughputWindow, fairnessWindow,
                handoffWindow, tableLocks, expiringLocks, scaleWindow, expiryDelay, expiryWatch, swarmWaiters,
                swarmWindow, tableMasterHeap, sessions.withHold(hold));
    }
}
