package io.lockfacade.bench.node;

import io.lockfacade.bench.client.ClientVariant;
import io.lockfacade.bench.stats.AcquisitionLog;
import io.lockfacade.bench.workload.ContentionWorkload;
import io.lockfacade.bench.workload.WorkloadSpec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Several {@link ContenderNodeMain} JVMs running one workload against one master, started together and measured
 * over the same window. The master's statistics are sampled at the window's start and end.
 */
public final class ContenderGroup implements AutoCloseable {

    /**
     * Heap of a contender JVM: room for the acquisition log of a window at several hundred thousand acquisitions
     * a second (32 bytes each, in an array that doubles as it grows).
     */
    public static final String NODE_HEAP = "1g";

    private static final Duration READY_TIMEOUT = Duration.ofSeconds(180);
    private static final Duration RESULT_MARGIN = Duration.ofSeconds(30);

    private final MasterHandle master;
    private final List<NodeChannel> children = new ArrayList<>();
    private final List<Path> logFiles = new ArrayList<>();

    private ContenderGroup(MasterHandle master) {
        this.master = master;
    }

    /**
     * Starts {@code nodes} contender JVMs against {@code master} and waits until each is connected.
     *
     * @param name        prefix of node ids, unique per run
     * @param warmUpPairs uncontended lock+unlock pairs each node makes on a key of its own before it is ready
     * @param workDir     where the nodes write their acquisition logs
     * @throws IOException if a JVM cannot be started; those already started are stopped
     */
    public static ContenderGroup start(MasterHandle master, String name, int nodes, WorkloadSpec spec, int warmUpPairs,
                                       Path workDir) throws IOException {
        return start(master, name, nodes, spec, warmUpPairs, workDir, ClientVariant.AS_SHIPPED);
    }

    /**
     * Starts a group whose clients are Lock Facade's in {@code variant}.
     *
     * @see #start(MasterHandle, String, int, WorkloadSpec, int, Path)
     */
    public static ContenderGroup start(MasterHandle master, String name, int nodes, WorkloadSpec spec, int warmUpPairs,
                                       Path workDir, ClientVariant variant) throws IOException {
        ContenderGroup group = new ContenderGroup(master);
        try {
            for (int n = 0; n < nodes; n++) {
                String nodeId = name + "-" + n;
                Path log = spec.log() ? workDir.resolve(nodeId + ".log") : null;
                group.logFiles.add(log);
                List<String> args = ContenderNodeMain.args(master.design(), master.serviceUri(), nodeId, log,
                        variant, warmUpPairs, spec);
                group.children.add(NodeChannel.start(nodeId, JvmCommand.of(NODE_HEAP, ContenderNodeMain.class, args)));
            }
            for (NodeChannel child : group.children) {
                child.await(ContenderNodeMain.READY, READY_TIMEOUT);
            }
            return group;
        } catch (IOException | RuntimeException e) {
            group.close();
            throw e;
        }
    }

    /**
     * Runs the workload: warm-up, then the measured window, on every node at once. May be called again: each run
     * uses fresh keys.
     *
     * @return each node's result and the master's statistics over the window
     */
    public GroupOutcome run(Duration warmUp, Duration window) throws IOException, InterruptedException {
        long start = System.nanoTime() + warmUp.toNanos();
        long end = start + window.toNanos();
        for (NodeChannel child : children) {
            child.send(NodeLine.format(ContenderNodeMain.GO, "start", start, "end", end));
        }
        sleepUntil(start);
        MasterStats before = master.stats();
        sleepUntil(end);
        MasterStats after = master.stats();
        List<NodeResult> results = new ArrayList<>();
        for (int n = 0; n < children.size(); n++) {
            NodeLine line = children.get(n).await(ContenderNodeMain.RESULT,
                    ContentionWorkload.JOIN_GRACE.plus(RESULT_MARGIN));
            Path logFile = logFiles.get(n);
            AcquisitionLog log = logFile == null ? new AcquisitionLog() : AcquisitionLog.readFrom(logFile);
            results.add(new NodeResult(line.number("ops"), line.number("calls"), line.number("acquisitions"),
                    line.number("overlaps"), line.number("errors"), log, line.number("busiest")));
        }
        return new GroupOutcome(results, after.cpuNanos() - before.cpuNanos(), after.wallNanos() - before.wallNanos(),
                end - start);
    }

    /** Stops every node and deletes their logs. */
    @Override
    public void close() {
        children.forEach(NodeChannel::close);
        for (Path log : logFiles) {
            if (log != null) {
                try {
                    Files.deleteIfExists(log);
                } catch (IOException e) {
                    System.err.println("could not delete " + log + ": " + e);
                }
            }
        }
    }

    private static void sleepUntil(long nanoTime) throws InterruptedException {
        long left;
        while ((left = nanoTime - System.nanoTime()) > 0) {
            TimeUnit.NANOSECONDS.sleep(left);
        }
    }
}
