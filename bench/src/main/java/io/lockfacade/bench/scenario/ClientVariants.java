package io.lockfacade.bench.scenario;

import io.lockfacade.bench.client.ClientVariant;
import io.lockfacade.bench.client.Design;
import io.lockfacade.bench.node.ContenderGroup;
import io.lockfacade.bench.node.GroupOutcome;
import io.lockfacade.bench.report.BenchReport;
import io.lockfacade.bench.report.ResultRow;
import io.lockfacade.bench.report.Target;
import io.lockfacade.bench.workload.WorkloadSpec;
import io.lockfacade.client.distributed.DistributeLockSettings;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Scenario 3, what the client's settings cost and buy on one key, 16 threads, one JVM: Lock Facade as shipped,
 * with the smaller hand-off bound of {@value ClientVariant#SMALLER_BOUND} (the default until 2026-11-25),
 * with a non-fair local lock, with deadlock detection off (its cost when no deadlock exists), a fair JDK lock alone (no master, no Lock Facade code: how fast first come, first
 * served can hand over between threads on this machine) and the article's design, in alternating rounds.
 *
 * <p>At the end of each run of local hand-offs the node asks the master in the background whether another node
 * waits (nobody does here), so the remote calls are off the lock's path; each hand-off of a fair local lock is a
 * thread switch. Whether two JVMs share the lock fairly with the default bound is {@link CrossNodeFairness}'s
 * check.
 */
public final class ClientVariants implements Scenario {

    private static final String ARTICLE = "article";

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
        List<ContenderGroup> groups = new ArrayList<>();
        Map<String, List<GroupOutcome>> runs;
        try {
            Map<String, Rounds.Run<GroupOutcome>> contestants = new LinkedHashMap<>();
            for (ClientVariant variant : ClientVariant.values()) {
                ContenderGroup group = ContenderGroup.start(context.sharedMaster(Design.LOCK_FACADE),
                        context.uniqueName("s3-" + variant.cliName()), 1, spec, context.profile().nodeWarmUpPairs(),
                        context.workDir(), variant);
                groups.add(group);
                contestants.put(variant.cliName(), group::run);
            }
            ContenderGroup article = ContenderGroup.start(context.sharedMaster(Design.ARTICLE),
                    context.uniqueName("s3-variants-article"), 1, spec, context.profile().nodeWarmUpPairs(),
                    context.workDir());
            groups.add(article);
            contestants.put(ARTICLE, article::run);
            runs = Rounds.alternate(context.profile(), context.profile().throughputWindow(), contestants);
        } finally {
            groups.forEach(ContenderGroup::close);
        }
        Map<ClientVariant, GroupOutcome> outcomes = new EnumMap<>(ClientVariant.class);
        for (ClientVariant variant : ClientVariant.values()) {
            outcomes.put(variant, GroupOutcome.combine(runs.get(variant.cliName())));
        }
        report(report, outcomes, GroupOutcome.combine(runs.get(ARTICLE)));
        IntraJvmContention.checkOrder(report, "1 JVM, " + ClientVariant.SMALLER_HANDOFF_BOUND.label(),
                runs.get(ClientVariant.SMALLER_HANDOFF_BOUND.cliName()));
        IntraJvmContention.checkOrder(report, "1 JVM, " + ClientVariant.NON_FAIR_LOCAL_LOCK.label(),
                runs.get(ClientVariant.NON_FAIR_LOCAL_LOCK.cliName()));
        GroupOutcome alone = outcomes.get(ClientVariant.FAIR_JDK_LOCK_ALONE);
        report.check(IntraJvmContention.ID, ClientVariant.FAIR_JDK_LOCK_ALONE.label() + ": no overlapping holders",
                alone.localOverlaps() == 0 && alone.errors() == 0,
                alone.localOverlaps() + " overlaps, " + alone.errors() + " errors");
    }

    private static void report(BenchReport report, Map<ClientVariant, GroupOutcome> outcomes, GroupOutcome article) {
        String shape = "ops/s, 1 JVM × " + IntraJvmContention.THREADS + " threads, ";
        double shipped = outcomes.get(ClientVariant.AS_SHIPPED).operationsPerSecond();
        report.add(new ResultRow(IntraJvmContention.ID,
                shape + "default bound " + DistributeLockSettings.DEFAULT_MAX_LOCAL_HANDOFFS, "ops/s", shipped,
                ClientVariant.SMALLER_HANDOFF_BOUND.label(),
                outcomes.get(ClientVariant.SMALLER_HANDOFF_BOUND).operationsPerSecond(), null)
                .labelled("ops/s bound " + DistributeLockSettings.DEFAULT_MAX_LOCAL_HANDOFFS));
        report.add(new ResultRow(IntraJvmContention.ID, shape + "default (fair local lock)", "ops/s", shipped,
                ClientVariant.FAIR_JDK_LOCK_ALONE.label(),
                outcomes.get(ClientVariant.FAIR_JDK_LOCK_ALONE).operationsPerSecond(), null)
                .labelled("ops/s ÷ fair JDK lock"));
        report.add(new ResultRow(IntraJvmContention.ID, shape + "default (deadlock detection on)", "ops/s", shipped,
                ClientVariant.DEADLOCK_DETECTION_OFF.label(),
                outcomes.get(ClientVariant.DEADLOCK_DETECTION_OFF).operationsPerSecond(),
                Target.ratioAtLeast("≥ 1 ÷ 1.05 of off", 1 / 1.05)).labelled("ops/s detection on ÷ off"));
        GroupOutcome nonFair = outcomes.get(ClientVariant.NON_FAIR_LOCAL_LOCK);
        report.add(new ResultRow(IntraJvmContention.ID, shape + ClientVariant.NON_FAIR_LOCAL_LOCK.label(), "ops/s",
                nonFair.operationsPerSecond(), Design.ARTICLE.label(), article.operationsPerSecond(),
                IntraJvmContention.target()).labelled("ops/s non-fair"));
        report.add(new ResultRow(IntraJvmContention.ID, "busiest thread's share of the acquisitions, "
                + ClientVariant.NON_FAIR_LOCAL_LOCK.label(), "%", nonFair.busiestThreadPercent(),
                Design.ARTICLE.label(), article.busiestThreadPercent(), null).labelled("busiest thread non-fair"));
    }
}
