package io.lockfacade.bench.scenario;

import io.lockfacade.bench.client.ClientVariant;
import io.lockfacade.bench.client.Design;
import io.lockfacade.bench.node.ContenderGroup;
import io.lockfacade.bench.node.GroupOutcome;
import io.lockfacade.bench.workload.WorkloadSpec;

import java.time.Duration;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The same workload on client JVMs of each design, against that design's shared master, run in alternating
 * {@link Rounds}; optionally also on Lock Facade's client in other {@link ClientVariant}s, taking the same turns.
 * Closing it stops every client JVM.
 */
final class DesignGroups implements AutoCloseable {

    private final Map<Design, ContenderGroup> groups = new EnumMap<>(Design.class);
    private final Map<ClientVariant, ContenderGroup> facadeVariants = new EnumMap<>(ClientVariant.class);
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
        return start(context, name, nodes, spec, Set.of());
    }

    /**
     * Starts the designs' client JVMs and, beside them, {@code nodes} JVMs of Lock Facade's client in each of
     * {@code variants}, against Lock Facade's shared master, with Lock Facade's workload.
     */
    static DesignGroups start(BenchContext context, String name, int nodes, Function<Design, WorkloadSpec> spec,
                              Set<ClientVariant> variants) throws Exception {
        DesignGroups designGroups = new DesignGroups(context.profile());
        try {
            for (Design design : Design.values()) {
                designGroups.groups.put(design, ContenderGroup.start(context.sharedMaster(design),
                        context.uniqueName(name + "-" + design.cliName()), nodes, spec.apply(design),
                        context.profile().nodeWarmUpPairs(), context.workDir()));
            }
            for (ClientVariant variant : variants) {
                designGroups.facadeVariants.put(variant, ContenderGroup.start(
                        context.sharedMaster(Design.LOCK_FACADE), context.uniqueName(name + "-" + variant.cliName()),
                        nodes, spec.apply(Design.LOCK_FACADE), context.profile().nodeWarmUpPairs(), context.workDir(),
                        variant));
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
        return runAll(window).designs();
    }

    /**
     * Runs the designs and the variants in alternating rounds for {@code window} each.
     *
     * @return each one's runs, in order
     */
    Outcomes runAll(Duration window) throws Exception {
        Map<Object, Rounds.Run<GroupOutcome>> runs = new LinkedHashMap<>();
        groups.forEach((design, group) -> runs.put(design, group::run));
        facadeVariants.forEach((variant, group) -> runs.put(variant, group::run));
        Map<Object, List<GroupOutcome>> all = Rounds.alternate(profile, window, runs);
        Outcomes outcomes = new Outcomes(new EnumMap<>(Design.class), new EnumMap<>(ClientVariant.class));
        groups.keySet().forEach(design -> outcomes.designs().put(design, all.get(design)));
        facadeVariants.keySet().forEach(variant -> outcomes.variants().put(variant, all.get(variant)));
        return outcomes;
    }

    /** Each design's runs and each Lock Facade variant's runs, in order. */
    record Outcomes(Map<Design, List<GroupOutcome>> designs, Map<ClientVariant, List<GroupOutcome>> variants) {
    }

    @Override
    public void close() {
        groups.values().forEach(ContenderGroup::close);
        facadeVariants.values().forEach(ContenderGroup::close);
    }
}
