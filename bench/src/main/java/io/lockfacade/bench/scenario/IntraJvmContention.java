package io.lockfacade.bench.scenario;

import io.lockfacade.bench.client.Design;
import io.lockfacade.bench.node.GroupOutcome;
import io.lockfacade.bench.report.BenchReport;
import io.lockfacade.bench.report.ResultRow;
import io.lockfacade.bench.report.Target;
import io.lockfacade.bench.stats.AcquisitionAnalysis;
import io.lockfacade.bench.workload.WorkloadSpec;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Scenario 3, one JVM: {@value #THREADS} threads of one client JVM lock and unlock one key with an empty critical
 * section, in alternating rounds with the article's design. Reports acquisitions per second and remote calls per
 * acquisition (counted by a decorator around the client's transport), for both designs. Targets: at least
 * {@value #MIN_OPS_PER_SECOND} ops/s and {@value #MIN_BASELINE_RATIO}× the article's design. Every acquisition is
 * logged and checked: no two holders at once, fencing tokens never decreasing.
 */
public final class IntraJvmContention implements Scenario {

    /** Threads contending in the one JVM. */
    public static final int THREADS = 16;

    /** The absolute target. */
    public static final double MIN_OPS_PER_SECOND = 11_000;

    /** The target relative to the article's design. */
    public static final double MIN_BASELINE_RATIO = 10;

    /** The target relative to S1: 16 threads on one key at least this many times one thread's rate. */
    public static final double MIN_SINGLE_THREAD_RATIO = 3;

    static final String ID = "S3";
    static final String TITLE = "Contention on one key";
    private static final double MICROS_PER_SECOND = 1_000_000.0;
    static final String LOCK_TYPE = "bench-s3";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String title() {
        return TITLE;
    }

    @Override
    public void run(BenchContext context, BenchReport report) throws Exception {
        WorkloadSpec spec = oneKeySpec();
        Map<Design, List<GroupOutcome>> runs;
        try (DesignGroups groups = DesignGroups.start(context, "s3", 1, design -> spec)) {
            runs = groups.run(context.profile().throughputWindow());
        }
        GroupOutcome facade = GroupOutcome.combine(runs.get(Design.LOCK_FACADE));
        GroupOutcome article = GroupOutcome.combine(runs.get(Design.ARTICLE));
        Target target = target();
        report.add(new ResultRow(ID, "ops/s, 1 JVM × " + THREADS + " threads", "ops/s", facade.operationsPerSecond(),
                Design.ARTICLE.label(), article.operationsPerSecond(), target).labelled("ops/s 1 JVM"));
        report.figure("S1", "p50 ÷ floor").ifPresent(singleThreadMicros -> report.add(new ResultRow(ID,
                "ops/s, 1 JVM × " + THREADS + " threads", "ops/s", facade.operationsPerSecond(),
                "S1: 1 thread (1 s ÷ p50)", MICROS_PER_SECOND / singleThreadMicros,
                Target.ratioAtLeast("≥ " + (int) MIN_SINGLE_THREAD_RATIO + "× S1", MIN_SINGLE_THREAD_RATIO))
                .labelled("ops/s ÷ S1")));
        report.add(new ResultRow(ID, "busiest thread's share of the acquisitions, 1 JVM × " + THREADS + " threads",
                "%", facade.busiestThreadPercent(), Design.ARTICLE.label(), article.busiestThreadPercent(), null)
                .labelled("busiest thread"));
        report.add(new ResultRow(ID, "remote calls per acquisition", "calls", facade.remoteCallsPerAcquisition(),
                Design.ARTICLE.label(), article.remoteCallsPerAcquisition(), null).labelled("calls/acq"));
        checkOrder(report, "1 JVM", runs.get(Design.LOCK_FACADE));
        report.check(ID, "article baseline: no overlapping holders", article.localOverlaps() == 0,
                article.localOverlaps() + " overlaps");
    }

    /** @return S3's workload: {@value #THREADS} threads per JVM on one key, no hold or pause, acquisitions logged */
    static WorkloadSpec oneKeySpec() {
        return new WorkloadSpec(LOCK_TYPE, true, THREADS, Duration.ZERO, Duration.ZERO, true);
    }

    /** @return the target for one JVM: an absolute rate and a multiple of the article's design */
    static Target target() {
        return Target.both("≥ " + (int) MIN_OPS_PER_SECOND + " and ≥ " + (int) MIN_BASELINE_RATIO + "×",
                Target.valueAtLeast("", MIN_OPS_PER_SECOND), Target.ratioAtLeast("", MIN_BASELINE_RATIO));
    }

    /** Checks mutual exclusion and token order over every logged acquisition of every run. */
    static AcquisitionAnalysis checkOrder(BenchReport report, String shape, List<GroupOutcome> runs) {
        AcquisitionAnalysis analysis = AcquisitionAnalysis.ofRuns(runs.stream().map(GroupOutcome::logs).toList());
        GroupOutcome outcome = GroupOutcome.combine(runs);
        long overlaps = analysis.overlaps() + outcome.localOverlaps();
        report.check(ID, shape + ": no overlapping holders", overlaps == 0 && analysis.total() > 0,
                overlaps + " overlaps in " + analysis.total() + " acquisitions");
        report.check(ID, shape + ": fencing tokens never decrease", analysis.tokenRegressions() == 0,
                analysis.tokenRegressions() + " decreases");
        report.check(ID, shape + ": no failed operation", outcome.errors() == 0, outcome.errors() + " errors");
        return analysis;
    }
}
