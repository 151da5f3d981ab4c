package io.lockfacade.bench.primitives;

import io.lockfacade.bench.client.Design;
import io.lockfacade.bench.node.JvmCommand;
import io.lockfacade.bench.node.MasterHandle;
import io.lockfacade.process.ChildJvm;
import io.lockfacade.bench.report.LoadAverage;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeoutException;

/**
 * Semaphores and leaderships on the single master, in one run: 2 client JVMs x 32 threads on a semaphore of 8
 * permits, then the same JVMs' threads on 8 mutexes (as many holders at once), over-grants counted from every hold;
 * then leadership hand-overs between two client JVMs, by {@code close()} and by {@code kill -9} of the leader's JVM.
 * Writes {@code results.md} and {@code results.json}; exits with 1 if a permit was ever over-granted or a crash
 * hand-over took longer than the session TTL plus one second.
 *
 * <p>{@code java -cp bench/target/lock-facade-bench.jar io.lockfacade.bench.primitives.PrimitivesBenchMain
 * [--warmup 5] [--seconds 10] [--trials 5] [--ttl 2000] [--out bench/results/primitives]}
 */
public final class PrimitivesBenchMain {

    static final int JVMS = 2;
    static final int THREADS = 32;
    static final int PERMITS = 8;
    private static final String NODE_HEAP = "128m";
    private static final Duration START = Duration.ofSeconds(90);

    private PrimitivesBenchMain() {
    }

    /** Runs the benchmark; see the class comment for the options. */
    public static void main(String[] args) throws Exception {
        PrimitivesOptions options = PrimitivesOptions.parse(args);
        PrimitivesResults results = run(options);
        System.out.println(results.write(options.out()));
        System.exit(results.allTargetsMet() ? 0 : 1);
    }

    /** @return the figures of one run */
    static PrimitivesResults run(PrimitivesOptions options) throws IOException, InterruptedException,
            TimeoutException {
        String loadBefore = LoadAverage.now();
        try (MasterHandle master = MasterHandle.start(Design.LOCK_FACADE, "256m")) {
            Path work = Files.createTempDirectory("primitives-bench");
            HoldSweep semaphore = load(master, "semaphore", options, work);
            HoldSweep mutex = load(master, "mutex", options, work);
            List<Double> closeHandovers = new ArrayList<>();
            List<Double> crashHandovers = new ArrayList<>();
            for (int trial = 1; trial <= options.trials(); trial++) {
                closeHandovers.add(handover(master, options, "close-" + trial, false));
                crashHandovers.add(handover(master, options, "crash-" + trial, true));
            }
            return new PrimitivesResults(options, semaphore, mutex, closeHandovers, crashHandovers,
                    "load average " + loadBefore + " before, " + LoadAverage.now() + " after");
        }
    }

    private static HoldSweep load(MasterHandle master, String mode, PrimitivesOptions options, Path work)
            throws IOException, InterruptedException, TimeoutException {
        return HoldLoadJvms.run(mode, PermitsLoadMain.class, (id, file) -> List.of(master.serviceUri().toString(),
                id, mode, Integer.toString(THREADS), Integer.toString(PERMITS), Integer.toString(options.warmup()),
                Integer.toString(options.seconds()), file.toString()), JVMS, PERMITS, options.warmup(),
                options.seconds(), work);
    }

    /** @return milliseconds from the leader's leaving (or death) to the other JVM's first {@code isLeader()} true */
    private static double handover(MasterHandle master, PrimitivesOptions options, String name, boolean crash)
            throws IOException, InterruptedException, TimeoutException {
        List<ChildJvm> nodes = new ArrayList<>();
        try {
            for (int i = 0; i < 2; i++) {
                nodes.add(ChildJvm.launcher(name + "-" + i, JvmCommand.of(NODE_HEAP, LeaderNodeMain.class, List.of(
                        master.serviceUri().toString(), name + "-" + i, Long.toString(options.ttlMillis()),
                        "bench-" + name))).keepLines().killedAtExit().start());
                nodes.get(i).awaitLine(line -> line.equals("READY"), START);
            }
            ChildJvm leader = awaitLeads(nodes);
            ChildJvm other = nodes.get(0) == leader ? nodes.get(1) : nodes.get(0);
            long from;
            if (crash) {
                from = System.nanoTime();
                leader.kill();
            } else {
                leader.send("LEAVE");
                from = Long.parseLong(leader.awaitLine(line -> line.startsWith("LEAVING"), START).split(" ")[1]);
            }
            long leads = Long.parseLong(other.awaitLine(line -> line.startsWith("LEADS"), START).split(" ")[1]);
            return (leads - from) / 1e6;
        } finally {
            nodes.forEach(ChildJvm::close);
        }
    }

    private static ChildJvm awaitLeads(List<ChildJvm> nodes) throws InterruptedException {
        long deadline = System.nanoTime() + START.toNanos();
        while (System.nanoTime() < deadline) {
            for (ChildJvm node : nodes) {
                if (node.lines().stream().anyMatch(line -> line.startsWith("LEADS"))) {
                    return node;
                }
            }
            Thread.sleep(5);
        }
        throw new IllegalStateException("no leader within " + START);
    }
}
