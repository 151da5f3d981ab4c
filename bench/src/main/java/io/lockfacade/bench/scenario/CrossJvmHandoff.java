package io.lockfacade.bench.scenario;

import io.lockfacade.api.MemoryLockService;
import io.lockfacade.bench.baseline.ArticleMasterService;
import io.lockfacade.bench.client.CauchoFloor;
import io.lockfacade.bench.client.ClientVariant;
import io.lockfacade.bench.client.Design;
import io.lockfacade.bench.node.GroupOutcome;
import io.lockfacade.bench.report.BenchReport;
import io.lockfacade.bench.report.ResultRow;
import io.lockfacade.bench.report.Target;
import io.lockfacade.bench.stats.AcquisitionAnalysis;
import io.lockfacade.bench.stats.LatencyHistogram;
import io.lockfacade.bench.workload.WorkloadSpec;

import java.io.IOException;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Scenario 4: two client JVMs of one thread each pass one lock back and forth. Each holds it for {@link #HOLD},
 * long enough for the other's call to be parked on the master before the release. The hand-off latency runs from
 * the moment the holder's {@code unlock} returns to the moment the other JVM's {@code lock} returns (target: median
 * under {@value #MAX_P50_MILLIS} ms); it is below zero when the waiter got the lock before the release's reply
 * arrived. A stricter figure runs from the {@code unlock} call. All instants are {@link System#nanoTime()} of
 * different JVMs, comparable because on Linux it reads the host-wide {@code CLOCK_MONOTONIC}.
 *
 * <p>The article's master has no queue: a node that released would win its own next poll at once. Its nodes
 * therefore pause {@link #ARTICLE_COOL_OFF} after each release, so that the waiter's poll gets the lock and the
 * figure is a hand-off, as for Lock Facade.
 *
 * <p>Lock Facade also runs with deadlock detection off ({@link ClientVariant#DEADLOCK_DETECTION_OFF}) in the same
 * rounds: what detection costs a hand-off when no deadlock exists.
 */
public final class CrossJvmHandoff implements Scenario {

    /** The target for the median hand-off. */
    public static final double MAX_P50_MILLIS = 1.0;

    /** How long each holder keeps the lock before releasing it. */
    public static final Duration HOLD = Duration.ofMillis(2);

    /** The target: hand-off from the holder's unlock call within this many floor calls ... */
    public static final double MAX_FLOOR_CALLS = 1.5;

    /** ... plus this much, in microseconds. */
    public static final double FLOOR_ALLOWANCE_MICROS = 200;

    private static final int FLOOR_CALLS = 2_000;

    /** The target: the hand-off with deadlock detection on within this factor of off. */
    public static final double MAX_RATIO_TO_DETECTION_OFF = 1.05;

    /** Pause of the article's nodes after a release: more than one poll interval. */
    public static final Duration ARTICLE_COOL_OFF = ArticleMasterService.RETRY_INTERVAL.multipliedBy(3).dividedBy(2);

    private static final String ID = "S4";
    private static final String LOCK_TYPE = "bench-s4";
    private static final int NODES = 2;
    private static final double MICROS_PER_MILLI = 1_000.0;
    private static final double MEDIAN = 50;
    private static final double P99 = 99;

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String title() {
        return "Cross-JVM hand-off";
    }

    @Override
    public void run(BenchContext context, BenchReport report) throws Exception {
        MemoryLockService caucho = CauchoFloor.connect(context.sharedMaster(Design.ARTICLE).serviceUri());
        for (int call = 2 * context.profile().nodeWarmUpPairs(); call > 0; call--) {
            caucho.isLockTypeEmpty(LOCK_TYPE); // compiled, as the client nodes are warmed up before their window
        }
        LatencyHistogram backToBack = floorCalls(caucho, Duration.ZERO);
        LatencyHistogram floor = floorCalls(caucho, HOLD);
        Map<Design, List<GroupOutcome>> runs;
        List<GroupOutcome> detectionOff;
        try (DesignGroups groups = DesignGroups.start(context, "s4", NODES, CrossJvmHandoff::spec,
                Set.of(ClientVariant.DEADLOCK_DETECTION_OFF))) {
            DesignGroups.Outcomes outcomes = groups.runAll(context.profile().handoffWindow());
            runs = outcomes.designs();
            detectionOff = outcomes.variants().get(ClientVariant.DEADLOCK_DETECTION_OFF);
        }
        Map<Design, AcquisitionAnalysis> analyses = new EnumMap<>(Design.class);
        runs.forEach((design, outcomes) -> analyses.put(design,
                AcquisitionAnalysis.ofRuns(outcomes.stream().map(GroupOutcome::logs).toList())));
        AcquisitionAnalysis checked = analyses.get(Design.LOCK_FACADE);
        long errors = GroupOutcome.combine(runs.get(Design.LOCK_FACADE)).errors();
        report.check(ID, "no overlapping holders", checked.overlaps() == 0 && checked.nodeChanges() > 0,
                checked.overlaps() + " overlaps in " + checked.nodeChanges() + " hand-offs");
        report.check(ID, "token increases at every hand-off", checked.staleTokensAtNodeChange() == 0,
                checked.staleTokensAtNodeChange() + " stale tokens");
        report.check(ID, "no failed operation", errors == 0, errors + " errors");
        AcquisitionAnalysis facade = analyses.get(Design.LOCK_FACADE);
        AcquisitionAnalysis article = analyses.get(Design.ARTICLE);
        report.add(new ResultRow(ID, "hand-off p50 (unlock returned → other JVM holds)", "ms",
                millis(facade.handoffFromUnlockReturn().percentileMicros(MEDIAN)), Design.ARTICLE.label(),
                millis(article.handoffFromUnlockReturn().percentileMicros(MEDIAN)),
                Target.valueAtMost("< " + MAX_P50_MILLIS + " ms", MAX_P50_MILLIS)).labelled("hand-off p50"));
        report.add(new ResultRow(ID, "hand-off p99 (unlock returned → other JVM holds)", "ms",
                millis(facade.handoffFromUnlockReturn().percentileMicros(P99)), Design.ARTICLE.label(),
                millis(article.handoffFromUnlockReturn().percentileMicros(P99)), null).labelled("hand-off p99"));
        report.add(new ResultRow(ID, "hand-off p50 (unlock called → other JVM holds)", "ms",
                millis(facade.handoffFromUnlockCall().p50Micros()), Design.ARTICLE.label(),
                millis(article.handoffFromUnlockCall().p50Micros()), null).labelled("from call p50"));
        report.add(ResultRow.alone(ID, "Caucho floor p50, back-to-back calls", "ms",
                millis(backToBack.p50Micros()), null).labelled("floor back-to-back"));
        report.add(ResultRow.alone(ID, "Caucho floor p50, each call after a " + HOLD.toMillis() + " ms pause", "ms",
                millis(floor.p50Micros()), null).labelled("floor after pause"));
        double bound = MAX_FLOOR_CALLS * floor.p50Micros() + FLOOR_ALLOWANCE_MICROS;
        report.add(new ResultRow(ID, "hand-off p50 (unlock called → other JVM holds)", "ms",
                millis(facade.handoffFromUnlockCall().p50Micros()),
                MAX_FLOOR_CALLS + "× paused Caucho floor + " + (int) FLOOR_ALLOWANCE_MICROS + " µs", millis(bound),
                Target.ratioAtMost("≤ 1", 1)).labelled("from call ÷ bound"));
        report.check(ID, "hand-offs measured", facade.nodeChanges() > 0 && article.nodeChanges() > 0,
                facade.nodeChanges() + " Lock Facade hand-offs (" + facade.handoffFromUnlockReturn().negativeCount()
                        + " complete before unlock returned), " + article.nodeChanges() + " for the article");
        reportDetectionOff(report, facade, detectionOff);
    }

    /**
     * Detection on against off, on the hand-off from the {@code unlock} call: the figure from its return is often
     * below zero (the waiter got the lock before the reply arrived), which leaves no ratio.
     */
    private static void reportDetectionOff(BenchReport report, AcquisitionAnalysis on, List<GroupOutcome> runs) {
        AcquisitionAnalysis off = AcquisitionAnalysis.ofRuns(runs.stream().map(GroupOutcome::logs).toList());
        long errors = GroupOutcome.combine(runs).errors();
        report.check(ID, ClientVariant.DEADLOCK_DETECTION_OFF.label() + ": no overlapping holders, no failed operation",
                off.overlaps() == 0 && off.nodeChanges() > 0 && errors == 0,
                off.overlaps() + " overlaps in " + off.nodeChanges() + " hand-offs, " + errors + " errors");
        report.add(new ResultRow(ID, "hand-off p50 (unlock called → other JVM holds), deadlock detection on", "ms",
                millis(on.handoffFromUnlockCall().p50Micros()), ClientVariant.DEADLOCK_DETECTION_OFF.label(),
                millis(off.handoffFromUnlockCall().p50Micros()),
                Target.ratioAtMost("≤ " + MAX_RATIO_TO_DETECTION_OFF + "× off", MAX_RATIO_TO_DETECTION_OFF))
                .labelled("hand-off detection on ÷ off"));
    }

    /**
     * One no-op call through Caucho's proxy to Caucho's skeleton, timed {@value #FLOOR_CALLS} times, each after
     * {@code pause}. The target's floor is paused like the holder, which calls {@code unlock} after sleeping
     * {@link #HOLD}: on an idle machine a call made by a thread that just woke, to a server that sat idle, costs
     * several times a back-to-back call (CPUs leave their idle states), and the hand-off pays that too. The caller
     * has warmed {@code floor} up as much as each client node warms its own client up.
     */
    private static LatencyHistogram floorCalls(MemoryLockService floor, Duration pause) throws InterruptedException {
        LatencyHistogram calls = new LatencyHistogram();
        for (int i = 0; i < FLOOR_CALLS; i++) {
            if (!pause.isZero()) {
                Thread.sleep(pause.toMillis());
            }
            long start = System.nanoTime();
            floor.isLockTypeEmpty(LOCK_TYPE);
            if (i >= FLOOR_CALLS / 2) { // the first half warms up
                calls.recordNanos(System.nanoTime() - start);
            }
        }
        return calls;
    }

    private static WorkloadSpec spec(Design design) {
        Duration coolOff = design == Design.ARTICLE ? ARTICLE_COOL_OFF : Duration.ZERO;
        return new WorkloadSpec(LOCK_TYPE, true, 1, HOLD, coolOff, true);
    }

    private static double millis(double micros) {
        return micros / MICROS_PER_MILLI;
    }
}
