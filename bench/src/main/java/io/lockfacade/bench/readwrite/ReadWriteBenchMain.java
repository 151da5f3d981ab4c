package io.lockfacade.bench.readwrite;

import io.lockfacade.bench.client.Design;
import io.lockfacade.bench.node.JvmCommand;
import io.lockfacade.bench.node.MasterHandle;
import io.lockfacade.process.ChildJvm;
import io.lockfacade.bench.report.LoadAverage;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Measures the read-write lock of {@code DistributeLock} in one run against one master in its own JVM:
 * <ol>
 *   <li>the read-mostly workload (95 % reads, short holds) on two node JVMs of 16 threads, under the read-write lock
 *       and under the mutex, in alternating rounds so that both share the machine's ups and downs: ops/s ratio;</li>
 *   <li>the same workload on one node: remote read-write calls (acquisitions of both modes, releases, watches) per
 *       read acquisition;</li>
 *   <li>a node of 16 threads reading back to back with a known hold, and a writer on another node arriving every
 *       50 to 150 ms: its longest wait over the read hold.</li>
 * </ol>
 * Writes {@code results.md} and {@code results.json}; exits with 1 if a target is missed.
 *
 * <p>{@code java -cp bench/target/lock-facade-bench.jar io.lockfacade.bench.readwrite.ReadWriteBenchMain
 * [--quick] [--out bench/results/readwrite]}
 */
public final class ReadWriteBenchMain {

    private static final Pattern RESULT = Pattern.compile(
            "RESULT ops=(\\d+) reads=(\\d+) readCalls=(\\d+) waitsMicros=([\\d,]*)");
    private static final Duration START_LIMIT = Duration.ofSeconds(60);
    private static final String NODE_HEAP = "192m";

    private ReadWriteBenchMain() {
    }

    /** Runs the benchmark; see the class comment for the options. */
    public static void main(String[] args) throws Exception {
        boolean quick = List.of(args).contains("--quick");
        int outAt = List.of(args).indexOf("--out");
        Path out = outAt >= 0 ? Path.of(args[outAt + 1]) : Path.of("bench", "results", "readwrite");
        ReadWriteResults results = run(quick ? ReadWriteResults.Settings.QUICK : ReadWriteResults.Settings.FULL);
        String markdown = results.write(out);
        System.out.println(markdown);
        System.exit(results.allTargetsMet() ? 0 : 1);
    }

    /** Runs every measurement with these settings. */
    static ReadWriteResults run(ReadWriteResults.Settings settings) throws Exception {
        String loadBefore = LoadAverage.now();
        try (MasterHandle master = MasterHandle.start(Design.LOCK_FACADE, "256m")) {
            String url = master.serviceUri().toString();
            long rwOps = 0;
            long mutexOps = 0;
            for (int round = 0; round < settings.rounds(); round++) {
                for (String workload : round % 2 == 0 ? List.of("rw", "mutex") : List.of("mutex", "rw")) {
                    long ops = 0;
                    for (Matcher node : together(url, settings.seconds(), settings.shortHoldMicros(),
                            workload + ":" + settings.threads(), workload + ":" + settings.threads())) {
                        ops += Long.parseLong(node.group(1));
                    }
                    if (workload.equals("rw")) {
                        rwOps += ops;
                    } else {
                        mutexOps += ops;
                    }
                }
            }
            Matcher single = together(url, settings.seconds(), settings.shortHoldMicros(),
                    "rw:" + settings.threads()).get(0);
            List<Matcher> starvation = together(url, settings.seconds(), settings.readHoldMillis() * 1_000L,
                    "readers:" + settings.threads(), "writer:1");
            List<Long> waits = new ArrayList<>();
            for (String micros : starvation.get(1).group(4).split(",")) {
                if (!micros.isEmpty()) {
                    waits.add(Long.parseLong(micros));
                }
            }
            long seconds = (long) settings.rounds() * settings.seconds();
            return new ReadWriteResults(settings, (double) rwOps / seconds, (double) mutexOps / seconds,
                    Long.parseLong(single.group(3)), Long.parseLong(single.group(2)), waits,
                    "load average " + loadBefore + " before, " + LoadAverage.now() + " after");
        }
    }

    /** Starts one node JVM per {@code workload:threads}, lets them run together, and returns their results. */
    private static List<Matcher> together(String url, int seconds, long holdMicros, String... workloads)
            throws IOException, InterruptedException, TimeoutException {
        List<ChildJvm> nodes = new ArrayList<>();
        try {
            for (int n = 0; n < workloads.length; n++) {
                String[] spec = workloads[n].split(":");
                String nodeId = "rw-bench-" + spec[0] + "-" + n;
                nodes.add(ChildJvm.launcher(nodeId, JvmCommand.of(NODE_HEAP, ReadWriteWorkerMain.class,
                        List.of(url, nodeId, spec[0], spec[1], String.valueOf(seconds), String.valueOf(holdMicros))))
                        .keepLines().killedAtExit().start());
            }
            for (ChildJvm node : nodes) {
                node.awaitLine(line -> line.equals("READY"), START_LIMIT);
            }
            nodes.forEach(node -> node.send("GO"));
            List<Matcher> results = new ArrayList<>();
            for (ChildJvm node : nodes) {
                String line = node.awaitLine(l -> l.startsWith("RESULT"), START_LIMIT.plusSeconds(seconds));
                node.lines().stream().filter(l -> l.startsWith("CALLS")).forEach(System.out::println); // for the log
                Matcher result = RESULT.matcher(line);
                if (!result.matches()) {
                    throw new IllegalStateException("unexpected result line " + line + "\n" + node.tail());
                }
                results.add(result);
            }
            return results;
        } finally {
            for (ChildJvm node : nodes) {
                node.close();
            }
        }
    }
}
