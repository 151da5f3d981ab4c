package io.lockfacade.bench.scenario;

import io.lockfacade.bench.client.Design;
import io.lockfacade.bench.node.ContenderGroup;
import io.lockfacade.bench.node.GroupOutcome;
import io.lockfacade.bench.report.BenchReport;
import io.lockfacade.bench.report.ResultRow;
import io.lockfacade.bench.report.Target;
import io.lockfacade.bench.stats.AcquisitionAnalysis;
import io.lockfacade.bench.workload.WorkloadSpec;

import java.util.List;
import java.util.Locale;

/**
 * Scenario 3, two JVMs: {@value #NODES} client JVMs of {@value IntraJvmContention#THREADS} threads each contend for one
 * key. Local hand-offs must not starve the other JVM: neither JVM's share of acquisitions may fall below
 * {@value #MIN_SHARE_PERCENT}%. Fencing tokens, merged over both JVMs in acquisition order, never decrease and
 * increase whenever the lock moves to the other JVM. Lock Facade only: the article has no local hand-off to bound.
 */
public final class CrossNodeFairness implements Scenario {

    /** Client JVMs contending. */
    public static final int NODES = 2;

    /** The target: each JVM gets at least a third of the acquisitions. */
    public static final double MIN_SHARE_PERCENT = 100.0 / 3;

    private static final double PERCENT = 100;

    @Override
    public String id() {
        return IntraJvmContention.ID;
    }

    @Override
    public String title() {
        return IntraJvmContention.TITLE;
    }

    @Override
    public void run(BenchContext context, BenchReport report) throws Exception {
        WorkloadSpec spec = IntraJvmContention.oneKeySpec();
        GroupOutcome outcome;
        try (ContenderGroup group = ContenderGroup.start(context.sharedMaster(Design.LOCK_FACADE),
                context.uniqueName("s3-fair"), NODES, spec, context.profile().nodeWarmUpPairs(), context.workDir())) {
            outcome = group.run(context.profile().warmUp(), context.profile().fairnessWindow());
        }
        String shape = NODES + " JVMs × " + IntraJvmContention.THREADS + " threads";
        AcquisitionAnalysis analysis = IntraJvmContention.checkOrder(report, shape, List.of(outcome));
        report.add(ResultRow.alone(IntraJvmContention.ID, "smallest JVM share, " + shape, "%",
                analysis.minShare() * PERCENT, Target.valueAtLeast(String.format(Locale.ROOT, "≥ %.1f %%",
                        MIN_SHARE_PERCENT), MIN_SHARE_PERCENT)).labelled("min share"));
        report.add(ResultRow.alone(IntraJvmContention.ID, "ops/s, " + shape, "ops/s", outcome.operationsPerSecond(),
                null));
        report.check(IntraJvmContention.ID, shape + ": token increases whenever the JVM changes",
                analysis.staleTokensAtNodeChange() == 0 && analysis.nodeChanges() > 0,
                analysis.staleTokensAtNodeChange() + " stale in " + analysis.nodeChanges() + " changes of JVM");
    }
}
