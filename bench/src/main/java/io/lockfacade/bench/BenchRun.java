package io.lockfacade.bench;

import io.lockfacade.bench.client.Design;
import io.lockfacade.bench.node.BusyCpus;
import io.lockfacade.bench.report.BenchReport;
import io.lockfacade.bench.scenario.BenchContext;
import io.lockfacade.bench.scenario.BenchProfile;
import io.lockfacade.bench.scenario.ClientVariants;
import io.lockfacade.bench.scenario.CrossJvmHandoff;
import io.lockfacade.bench.scenario.CrossNodeFairness;
import io.lockfacade.bench.scenario.IntraJvmContention;
import io.lockfacade.bench.scenario.CrossNodeDeadlocks;
import io.lockfacade.bench.scenario.LocalDeadlocks;
import io.lockfacade.bench.scenario.ManyWaiters;
import io.lockfacade.bench.scenario.ParallelThroughput;
import io.lockfacade.bench.scenario.Scenario;
import io.lockfacade.bench.scenario.SessionExpiry;
import io.lockfacade.bench.scenario.SessionHold;
import io.lockfacade.bench.scenario.TableScale;
import io.lockfacade.bench.scenario.UncontendedLatency;
import io.lockfacade.bench.report.LoadAverage;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * One run of the benchmark: the scenarios in order, each failing on its own without stopping the others. S1 to S4
 * share one master per design; those are stopped before S5 and S6, which start masters of their own (a table of a
 * million locks, thousands of connections) so that nothing of one scenario weighs on the next.
 */
public final class BenchRun {


    private BenchRun() {
    }

    /** @return the scenarios sharing masters, in order */
    static List<Scenario> sharedMasterScenarios() {
        return List.of(new UncontendedLatency(), new ParallelThroughput(), new IntraJvmContention(),
                new CrossNodeFairness(), new ClientVariants(), new CrossJvmHandoff(), new LocalDeadlocks(),
                new CrossNodeDeadlocks());
    }

    /** @return the scenarios with masters of their own, in order */
    static List<Scenario> ownMasterScenarios() {
        return List.of(new TableScale(), new ManyWaiters(), new SessionHold(), new SessionExpiry());
    }

    /**
     * Runs the scenarios the options select.
     *
     * @return the report, whatever failed
     */
    public static BenchReport run(BenchOptions options) throws IOException {
        BenchProfile chosen = options.quick() ? BenchProfile.quick() : BenchProfile.full();
        BenchProfile profile = options.hold() == null ? chosen : chosen.withSessionHold(options.hold());
        BenchReport report = new BenchReport(Design.ARTICLE.label());
        report.setting("mode", profile.name());
        report.setting("started", Instant.now());
        report.setting("machine", Runtime.getRuntime().availableProcessors() + " vCPUs, "
                + System.getProperty("os.name") + " " + System.getProperty("os.arch") + ", Java "
                + System.getProperty("java.version"));
        report.setting("load average before", LoadAverage.now());
        report.setting("method", "every master and client node in its own JVM on this host; Lock Facade and its "
                + "reference measured in the same run, taking turns (S1, S5: 250 ms turns; S2 to S4: "
                + profile.rounds() + " rounds each)");
        report.setting("clock", "System.nanoTime across JVMs: CLOCK_MONOTONIC on Linux, one clock for the host");
        long started = System.nanoTime();
        Path workDir = Files.createTempDirectory("lock-facade-bench");
        BusyCpus busy = options.busyCpus() ? BusyCpus.start() : null;
        report.setting("vCPUs", busy == null ? "idle between events (no spin loops)" : "kept busy: "
                + busy.description());
        try (BenchContext context = new BenchContext(profile, workDir)) {
            runAll(sharedMasterScenarios(), options, context, report);
            context.stopSharedMasters();
            runAll(ownMasterScenarios(), options, context, report);
        } finally {
            if (busy != null) {
                busy.close();
            }
            deleteTree(workDir);
        }
        report.setting("load average after", LoadAverage.now());
        report.setting("duration", Duration.ofNanos(System.nanoTime() - started).toSeconds() + " s");
        return report;
    }

    private static void runAll(List<Scenario> scenarios, BenchOptions options, BenchContext context,
                               BenchReport report) {
        for (Scenario scenario : scenarios) {
            if (!options.runs(scenario.id())) {
                continue;
            }
            report.title(scenario.id(), scenario.title());
            long start = System.nanoTime();
            System.err.printf("%s %s (%s) ...%n", scenario.id(), scenario.title(),
                    scenario.getClass().getSimpleName());
            try {
                scenario.run(context, report);
            } catch (Exception | Error e) {
                e.printStackTrace(System.err);
                report.failed(scenario.id() + " " + scenario.getClass().getSimpleName(), e);
            }
            System.err.printf("%s done in %d s%n", scenario.id(),
                    Duration.ofNanos(System.nanoTime() - start).toSeconds());
        }
    }

    private static void deleteTree(Path root) throws IOException {
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }
}
