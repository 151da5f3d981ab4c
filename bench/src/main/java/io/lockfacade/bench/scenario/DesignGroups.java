package io.lockfacade.bench.scenario;

import io.lockfacade.bench.client.Design;
import io.lockfacade.bench.node.ContenderGroup;
import io.lockfacade.bench.node.GroupOutcome;
import io.lockfacade.bench.workload.WorkloadSpec;

import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The same workload on client JVMs of each design, against that design's shared master, run in alternating
 * {@link Rounds}. Closing it stops every client JVM.
 */
final class DesignGroups implements AutoCloseable {

    private final Map<Design, ContenderGroup> groups = new EnumMap<>(Design.class);
    private final BenchProfile profile;

    private DesignGroups(BenchProfile profile) {
        this.profile = profile;
    }

    /**
     * Starts {@code nodes} client JVMs per design, all connected before this returns.
     *
     * @param spec each design's workload
     */
    static DesignGroups start(BenchContext context, String name, int nodes, Function<Design, WorkloadSpec> spec)
            throws Exception {
        DesignGroups designGroups = new DesignGroups(context.profile());
        try {
            for (Design design : Design.values()) {
                designGroups.groups.put(design, ContenderGroup.start(context.sharedMaster(design),
                        context.uniqueName(name + "-" + design.cliName()), nodes, spec.apply(design),
                        context.profile().nodeWarmUpPairs(), context.workDir()));
            }
            return designGroups;
        } catch (Exception | Error e) {
            designGroups.close();
            throw e;
        }
    }

    /**
     * Runs both designs in alternating rounds for {@code window} each.
     *
     * @return each design's runs, in order
     */
    Map<Design, List<GroupOutcome>> run(Duration window) throws Exception {
        Map<Design, Rounds.Run<GroupOutcome>> runs = new EnumMap<>(Design.class);
        groups.forEach((design, group) -> runs.put(design, group::run));
        return new EnumMap<>(Rounds.alternate(profile, window, runs));
    }

    @Override
    public void close() {
        groups.values().forEach(ContenderGroup::close);
    }
}
