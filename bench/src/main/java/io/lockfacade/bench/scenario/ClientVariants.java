package io.lockfacade.bench.scenario;

import io.lockfacade.bench.client.Design;
import io.lockfacade.bench.node.ContenderGroup;
import io.lockfacade.bench.node.GroupOutcome;
import io.lockfacade.bench.report.BenchReport;
import io.lockfacade.bench.report.ResultRow;
import io.lockfacade.bench.workload.WorkloadSpec;
import io.lockfacade.client.distributed.DistributeLockSettings;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

/**
 * Scenario 3, the hand-off bound: what the default {@code maxLocalHandoffs} buys over a smaller one. One key's
 * grant goes back to the master after each run of local hand-offs, two round trips during which nobody holds the
 * lock, so one-JVM contention is bound by the round trip. This runs Lock Facade with its default bound
 * ({@value DistributeLockSettings#DEFAULT_MAX_LOCAL_HANDOFFS}) and with {@value #SMALLER_BOUND} (the default before
 * 2026-11-25) in alternating rounds; whether two JVMs share the lock fairly with the default bound is
 * {@link CrossNodeFairness}'s check.
 */
public final class HandoffBound implements Scenario {

    /** The smaller bound measured against the default. */
    public static final int SMALLER_BOUND = 8;

    private static final String DEFAULT = "default";
    private static final String SMALLER = "smaller";

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
        try (ContenderGroup usual = start(context, "s3-bound-default", spec, OptionalInt.empty());
             ContenderGroup smaller = start(context, "s3-bound" + SMALLER_BOUND, spec, OptionalInt.of(SMALLER_BOUND))) {
            Map<String, Rounds.Run<GroupOutcome>> contestants = new LinkedHashMap<>();
            contestants.put(DEFAULT, usual::run);
            contestants.put(SMALLER, smaller::run);
            runs = Rounds.alternate(context.profile(), context.profile().throughputWindow(), contestants);
        }
        GroupOutcome withDefault = GroupOutcome.combine(runs.get(DEFAULT));
        GroupOutcome withSmaller = GroupOutcome.combine(runs.get(SMALLER));
        String bound = "maxLocalHandoffs " + SMALLER_BOUND;
        report.add(new ResultRow(IntraJvmContention.ID, "ops/s, 1 JVM × " + IntraJvmContention.THREADS
                + " threads, default bound " + DistributeLockSettings.DEFAULT_MAX_LOCAL_HANDOFFS, "ops/s",
                withDefault.operationsPerSecond(), bound, withSmaller.operationsPerSecond(), null)
                .labelled("ops/s bound " + DistributeLockSettings.DEFAULT_MAX_LOCAL_HANDOFFS));
        IntraJvmContention.checkOrder(report, "1 JVM, " + bound, runs.get(SMALLER));
    }

    private static ContenderGroup start(BenchContext context, String name, WorkloadSpec spec, OptionalInt bound)
            throws Exception {
        return ContenderGroup.start(context.sharedMaster(Design.LOCK_FACADE), context.uniqueName(name), 1, spec,
                context.workDir(), bound);
    }
}
