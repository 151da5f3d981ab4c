package io.lockfacade.bench.scenario;

import io.lockfacade.bench.client.Design;
import io.lockfacade.bench.node.GroupOutcome;
import io.lockfacade.bench.report.BenchReport;
import io.lockfacade.bench.report.ResultRow;
import io.lockfacade.bench.workload.WorkloadSpec;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Scenario 2: client JVMs of {@value #THREADS} threads each lock and unlock distinct fresh keys as fast as they can,
 * first one JVM, then {@value #NODES} JVMs at once. Reports the operations per second the master served and the
 * master's own CPU (its JVM's process CPU time over the window), for both designs, measured in alternating rounds.
 * Every JVM, master included, shares the same two vCPUs, so the figure is what this machine sustains, not the
 * master's ceiling.
 */
public final class ParallelThroughput implements Scenario {

    /** Threads per client JVM. */
    public static final int THREADS = 8;

    /** Client JVMs of the larger configuration. */
    public static final int NODES = 4;

    private static final String ID = "S2";
    private static final String LOCK_TYPE = "bench-s2";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String title() {
        return "Parallel distinct keys";
    }

    @Override
    public void run(BenchContext context, BenchReport report) throws Exception {
        WorkloadSpec spec = new WorkloadSpec(LOCK_TYPE, false, THREADS, Duration.ZERO, Duration.ZERO, false);
        for (int nodes : new int[] {1, NODES}) {
            Map<Design, List<GroupOutcome>> runs;
            try (DesignGroups groups = DesignGroups.start(context, "s2", nodes, design -> spec)) {
                runs = groups.run(context.profile().throughputWindow());
            }
            GroupOutcome facade = GroupOutcome.combine(runs.get(Design.LOCK_FACADE));
            GroupOutcome article = GroupOutcome.combine(runs.get(Design.ARTICLE));
            String compact = nodes + "×" + THREADS;
            String shape = nodes + " JVM" + (nodes > 1 ? "s" : "") + " × " + THREADS + " threads";
            report.add(new ResultRow(ID, "ops/s, " + shape, "ops/s", facade.operationsPerSecond(),
                    Design.ARTICLE.label(), article.operationsPerSecond(), null).labelled("ops/s " + compact));
            report.add(new ResultRow(ID, "master CPU per op, " + shape, "µs", facade.masterCpuMicrosPerOp(),
                    Design.ARTICLE.label(), article.masterCpuMicrosPerOp(), null).labelled("CPU/op " + compact));
            report.add(new ResultRow(ID, "master CPU, " + shape, "cores", facade.masterCores(),
                    Design.ARTICLE.label(), article.masterCores(), null).labelled("cores " + compact));
            report.check(ID, "no failed operation, " + shape, facade.errors() == 0 && article.errors() == 0,
                    facade.errors() + " Lock Facade errors, " + article.errors() + " article errors");
        }
    }
}
