package io.lockfacade.bench.scenario;

import io.lockfacade.bench.client.Design;
import io.lockfacade.bench.node.ContenderGroup;
import io.lockfacade.bench.node.GroupOutcome;
import io.lockfacade.bench.report.BenchReport;
import io.lockfacade.bench.report.ResultRow;
import io.lockfacade.bench.report.Target;
import io.lockfacade.bench.stats.AcquisitionAnalysis;
import io.lockfacade.bench.workload.WorkloadSpec;
import io.lockfacade.client.distributed.DistributeLockSettings;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalInt;

/**
 * Scenario 3, the hand-off bound: what a larger {@code maxLocalHandoffs} buys. One key's grant goes back to the
 * master after each run of local hand-offs, two round trips during which nobody holds the lock, so one-JVM
 * contention is bound by the round trip. This runs Lock Facade with its default bound
 * ({@value DistributeLockSettings#DEFAULT_MAX_LOCAL_HANDOFFS}) and with {@value #RAISED_BOUND} in alternating rounds,
 * then checks that two JVMs still share the lock fairly with the larger bound.
 */
public final class HandoffBound implements Scenario {

    /** The larger bound measured against the default. */
    public static final int RAISED_BOUND = 32;

    private static final String DEFAULT = "default";
    private static final String RAISED = "raised";
    private static final double PERCENT = 100;

    @Override
    public String id() {
        return IntraJvmContention.ID;
    }

    @Override
    public String title() {
        return "Contention on one key";
    }

    @Override
    public void run(BenchContext context, BenchReport report) throws Exception {
        WorkloadSpec spec = new WorkloadSpec(IntraJvmContention.LOCK_TYPE, true, IntraJvmContention.THREADS,
                Duration.ZERO, Duration.ZERO, true);
        Map<String, List<GroupOutcome>> runs;
        try (ContenderGroup usual = start(context, "s3-bound8", 1, spec, OptionalInt.empty());
             ContenderGroup raised = start(context, "s3-bound" + RAISED_BOUND, 1, spec, OptionalInt.of(RAISED_BOUND))) {
            Map<String, Rounds.Run<GroupOutcome>> contestants = new LinkedHashMap<>();
            contestants.put(DEFAULT, usual::run);
            contestants.put(RAISED, raised::run);
            runs = Rounds.alternate(context.profile(), context.profile().throughputWindow(), contestants);
        }
        String bound = "maxLocalHandoffs " + RAISED_BOUND;
        GroupOutcome withDefault = GroupOutcome.combine(runs.get(DEFAULT));
        GroupOutcome withRaised = GroupOutcome.combine(runs.get(RAISED));
        report.add(new ResultRow(IntraJvmContention.ID, "ops/s, 1 JVM × " + IntraJvmContention.THREADS + " threads, "
                + bound, "ops/s", withRaised.operationsPerSecond(), "default bound "
                + DistributeLockSettings.DEFAULT_MAX_LOCAL_HANDOFFS, withDefault.operationsPerSecond(), null)
                .labelled("ops/s bound " + RAISED_BOUND));
        IntraJvmContention.checkOrder(report, "1 JVM, " + bound, runs.get(RAISED));
        GroupOutcome fair;
        try (ContenderGroup pair = start(context, "s3-fair" + RAISED_BOUND, CrossNodeFairness.NODES, spec,
                OptionalInt.of(RAISED_BOUND))) {
            fair = pair.run(context.profile().warmUp(), context.profile().fairnessWindow());
        }
        String shape = CrossNodeFairness.NODES + " JVMs × " + IntraJvmContention.THREADS + " threads, " + bound;
        AcquisitionAnalysis analysis = IntraJvmContention.checkOrder(report, shape, List.of(fair));
        report.add(ResultRow.alone(IntraJvmContention.ID, "smallest JVM share, " + shape, "%",
                analysis.minShare() * PERCENT, Target.valueAtLeast(String.format(Locale.ROOT, "≥ %.1f %%",
                        CrossNodeFairness.MIN_SHARE_PERCENT), CrossNodeFairness.MIN_SHARE_PERCENT))
                .labelled("min share bound " + RAISED_BOUND));
    }

    private static ContenderGroup start(BenchContext context, String name, int nodes, WorkloadSpec spec,
                                        OptionalInt bound) throws Exception {
        return ContenderGroup.start(context.sharedMaster(Design.LOCK_FACADE), context.uniqueName(name), nodes, spec,
                context.workDir(), bound);
    }
}
