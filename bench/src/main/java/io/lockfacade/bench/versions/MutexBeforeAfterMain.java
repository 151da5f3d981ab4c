package io.lockfacade.bench.versions;

import io.lockfacade.bench.stats.LatencyHistogram;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The mutex of two builds side by side in one run: S1 (one thread, lock+unlock of fresh keys) and S3 (16 threads of
 * one JVM on one key) through each build's {@code DistributeLock} with its default settings, each against a single
 * master of its own build. Both clients live in this JVM ({@link VersionedClient}: a class loader per build), and
 * the builds take turns block by block (the first to go alternates), so that both see the same machine at the same
 * moments; the ratios are after ÷ before.
 *
 * <p>{@code java -cp bench.jar io.lockfacade.bench.versions.MutexBeforeAfterMain --before-bench OLD_BENCH_JAR
 * --before-master OLD_WEBAPP_JAR [--after-bench JAR] [--after-master JAR] [--out FILE]}, where the after side
 * defaults to this jar and {@code webapp/target/lock-facade-webapp.jar}; {@link MutexComparison} holds the block
 * sizes. Prints one {@code MUTEX} line per figure and writes them to {@code FILE} (default
 * {@code bench/results/mutex-before-after/results.txt}).
 */
public final class MutexBeforeAfterMain {

    private static final String BEFORE = "before";
    private static final String AFTER = "after";

    private MutexBeforeAfterMain() {
    }

    /** @param args see the class comment */
    public static void main(String[] args) throws Exception {
        VersionsOptions options = VersionsOptions.parse(args);
        Path work = Files.createTempDirectory("versions-bench-");
        List<String> lines = new ArrayList<>();
        lines.add(line("start " + Instant.now() + ", load average " + loadAverage()));
        try (VersionedMaster beforeMaster = VersionedMaster.start(BEFORE, options.beforeMaster(), work);
             VersionedMaster afterMaster = VersionedMaster.start(AFTER, options.afterMaster(), work);
             VersionedClient before = VersionedClient.load(BEFORE, options.beforeBench(), beforeMaster.endpoint());
             VersionedClient after = VersionedClient.load(AFTER, options.afterBench(), afterMaster.endpoint())) {
            MutexComparison comparison = new MutexComparison(before, after);
            comparison.warmUp();
            lines.addAll(s1Lines(comparison.s1()));
            lines.addAll(s3Lines(comparison.s3()));
        }
        lines.add(line("end " + Instant.now() + ", load average " + loadAverage() + "; jars: before "
                + options.beforeBench() + " + " + options.beforeMaster() + ", after " + options.afterBench() + " + "
                + options.afterMaster()));
        Files.createDirectories(options.out().toAbsolutePath().getParent());
        Files.write(options.out(), lines);
        System.exit(0); // the clients' keep-alive threads are daemons, Jetty's client pools may not be
    }

    private static List<String> s1Lines(MutexComparison.Latencies s1) {
        LatencyHistogram before = s1.before();
        LatencyHistogram after = s1.after();
        return List.of(
                line(String.format(Locale.ROOT, "S1 lock+unlock p50 before %.1f us, after %.1f us: after/before %.3f"
                        + " (target <= %.2f)", before.p50Micros(), after.p50Micros(),
                        after.p50Micros() / before.p50Micros(), MutexComparison.RATIO_TARGET)),
                line(String.format(Locale.ROOT, "S1 lock+unlock p99 before %.1f us, after %.1f us: after/before %.3f",
                        before.p99Micros(), after.p99Micros(), after.p99Micros() / before.p99Micros())),
                line(String.format(Locale.ROOT, "S1 lock+unlock mean before %.1f us, after %.1f us: after/before %.3f",
                        before.meanMicros(), after.meanMicros(), after.meanMicros() / before.meanMicros())),
                line("S1 block p50s (us) before " + rounded(s1.beforeBlockP50s()) + ", after "
                        + rounded(s1.afterBlockP50s()) + "; " + before.count() + " / " + after.count() + " pairs"));
    }

    private static List<String> s3Lines(MutexComparison.Rates s3) {
        double before = median(s3.before());
        double after = median(s3.after());
        return List.of(
                line(String.format(Locale.ROOT, "S3 %d threads on one key, median ops/s before %.0f, after %.0f: "
                        + "after/before %.3f (target >= 1/%.2f = %.3f)", MutexComparison.S3_THREADS, before, after,
                        after / before, MutexComparison.RATIO_TARGET, 1 / MutexComparison.RATIO_TARGET)),
                line("S3 block ops/s before " + rounded(s3.before()) + ", after " + rounded(s3.after())));
    }

    private static String line(String text) {
        String line = "MUTEX " + text;
        System.out.println(line);
        return line;
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }

    private static String rounded(double[] values) {
        return Arrays.toString(Arrays.stream(values).mapToLong(Math::round).toArray());
    }

    private static String loadAverage() throws java.io.IOException {
        return Files.readString(Path.of("/proc/loadavg")).strip();
    }
}
