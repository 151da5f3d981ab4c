package io.lockfacade.bench.node;

import io.lockfacade.bench.stats.AcquisitionLog;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The outcome of one or more runs of a {@link ContenderGroup}: each node's result and the master's CPU time over
 * the measured windows.
 *
 * @param nodes          each node's result (summed over runs when combined)
 * @param masterCpuNanos master process CPU time spent during the windows
 * @param masterWallNanos wall time between the master's samples
 * @param windowNanos    the windows' total length
 */
public record GroupOutcome(List<NodeResult> nodes, long masterCpuNanos, long masterWallNanos, long windowNanos) {

    private static final double NANOS_PER_MICRO = 1_000.0;

    /** Copies the node list. */
    public GroupOutcome {
        nodes = List.copyOf(nodes);
    }

    /**
     * Adds up several runs of the same group; acquisition logs are concatenated per node (analyse runs separately
     * where the time between runs matters).
     */
    public static GroupOutcome combine(List<GroupOutcome> runs) {
        List<NodeResult> nodes = new ArrayList<>(runs.get(0).nodes);
        long cpu = runs.get(0).masterCpuNanos;
        long wall = runs.get(0).masterWallNanos;
        long window = runs.get(0).windowNanos;
        for (GroupOutcome run : runs.subList(1, runs.size())) {
            for (int n = 0; n < nodes.size(); n++) {
                nodes.set(n, nodes.get(n).plus(run.nodes.get(n)));
            }
            cpu += run.masterCpuNanos;
            wall += run.masterWallNanos;
            window += run.windowNanos;
        }
        return new GroupOutcome(nodes, cpu, wall, window);
    }

    /** @return lock+unlock pairs of all nodes inside the windows */
    public long operations() {
        return nodes.stream().mapToLong(NodeResult::operations).sum();
    }

    /** @return operations per second over all nodes */
    public double operationsPerSecond() {
        return operations() / (windowNanos / (double) TimeUnit.SECONDS.toNanos(1));
    }

    /** @return remote calls per acquisition over all nodes and whole runs */
    public double remoteCallsPerAcquisition() {
        long acquisitions = nodes.stream().mapToLong(NodeResult::acquisitions).sum();
        return acquisitions == 0 ? 0 : (double) nodes.stream().mapToLong(NodeResult::remoteCalls).sum() / acquisitions;
    }

    /**
     * @return the share of the operations done by each node's busiest thread, in percent (each run's busiest
     *         thread, summed over runs); 100 / threads when every thread gets an equal turn
     */
    public double busiestThreadPercent() {
        long operations = operations();
        return operations == 0 ? 0
                : 100.0 * nodes.stream().mapToLong(NodeResult::busiestThread).sum() / operations;
    }

    /** @return overlaps seen inside nodes */
    public long localOverlaps() {
        return nodes.stream().mapToLong(NodeResult::overlaps).sum();
    }

    /** @return failed acquisitions or releases */
    public long errors() {
        return nodes.stream().mapToLong(NodeResult::errors).sum();
    }

    /** @return each node's acquisition log, in node order */
    public List<AcquisitionLog> logs() {
        return nodes.stream().map(NodeResult::log).toList();
    }

    /** @return master CPU cores used on average during the windows */
    public double masterCores() {
        return masterWallNanos <= 0 ? 0 : (double) masterCpuNanos / masterWallNanos;
    }

    /** @return master CPU microseconds per operation during the windows */
    public double masterCpuMicrosPerOp() {
        long operations = operations();
        return operations == 0 ? 0 : masterCpuNanos / NANOS_PER_MICRO / operations;
    }
}
