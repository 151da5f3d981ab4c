package io.lockfacade.bench.readwrite;

import io.lockfacade.bench.report.ResultFiles;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/** The figures of one read-write benchmark run, their targets, written as Markdown and JSON. */
final class ReadWriteResults {

    /** Read-write ops/s over the mutex's on the same workload, at least. */
    static final double THROUGHPUT_TARGET = 5.0;
    /** Remote read-write calls (acquisitions, releases, watches) per read acquisition with one node, at most. */
    static final double CALLS_PER_READ_TARGET = 0.05;
    /** A writer's longest wait over the longest read hold, at most. */
    static final double WRITER_WAIT_TARGET = 2.0;

    /** How long and how hard a run is. */
    record Settings(String name, int rounds, int seconds, int threads, long shortHoldMicros, long readHoldMillis) {
        static final Settings QUICK = new Settings("quick", 1, 2, 16, 100, 20);
        static final Settings FULL = new Settings("full", 4, 8, 16, 100, 20);
    }

    private final Settings settings;
    private final double rwOpsPerSecond;
    private final double mutexOpsPerSecond;
    private final long singleNodeReadCalls;
    private final long singleNodeReads;
    private final List<Long> writerWaitsMicros;
    private final String load;
    private final Instant at = Instant.now();

    ReadWriteResults(Settings settings, double rwOpsPerSecond, double mutexOpsPerSecond, long singleNodeReadCalls,
                     long singleNodeReads, List<Long> writerWaitsMicros, String load) {
        this.settings = settings;
        this.rwOpsPerSecond = rwOpsPerSecond;
        this.mutexOpsPerSecond = mutexOpsPerSecond;
        this.singleNodeReadCalls = singleNodeReadCalls;
        this.singleNodeReads = singleNodeReads;
        this.writerWaitsMicros = List.copyOf(writerWaitsMicros);
        this.load = load;
    }

    double throughputRatio() {
        return rwOpsPerSecond / mutexOpsPerSecond;
    }

    double callsPerRead() {
        return (double) singleNodeReadCalls / singleNodeReads;
    }

    /** @return the writer's longest wait over the read hold; infinite if the writer never got the lock */
    double writerWaitRatio() {
        if (writerWaitsMicros.isEmpty()) {
            return Double.POSITIVE_INFINITY;
        }
        return Collections.max(writerWaitsMicros) / (settings.readHoldMillis() * 1_000.0);
    }

    boolean allTargetsMet() {
        return throughputRatio() >= THROUGHPUT_TARGET && callsPerRead() <= CALLS_PER_READ_TARGET
                && writerWaitRatio() <= WRITER_WAIT_TARGET;
    }

    /** Writes {@code results.md} and {@code results.json} into {@code out}; @return the Markdown */
    String write(Path out) throws IOException {
        return ResultFiles.write(out, markdown(), json());
    }

    private String markdown() {
        List<Long> sorted = writerWaitsMicros.stream().sorted().toList();
        long median = sorted.isEmpty() ? -1 : sorted.get(sorted.size() / 2);
        long p90 = sorted.isEmpty() ? -1 : sorted.get(sorted.size() * 9 / 10);
        return String.format(Locale.ROOT, """
                # Read-write locks: DistributeLock, one master

                Run at %s (%s settings: %d rounds of %d s per workload, %d threads per node JVM, short holds of %d µs, \
                read holds of %d ms in the writer test); one master in its own JVM on loopback; %s. Every ratio is \
                measured in this run.

                | Figure | value | target | met |
                |---|---|---|---|
                | read-mostly (95 %% reads), 2 JVMs × %d threads: read-write ops/s | %.0f | - | - |
                | same workload under the mutex: ops/s | %.0f | - | - |
                | read-write over mutex | %.2f | ≥ %.1f | %s |
                | one node: remote read-write calls (acquisitions, releases, watches) per read acquisition (%d calls, %d reads) | %.4f | ≤ %.2f | %s |
                | writer behind a stream of readers on another node: %d waits, median %d µs, p90 %d µs; longest over the read hold | %.2f | ≤ %.1f | %s |
                """, at, settings.name(), settings.rounds(), settings.seconds(), settings.threads(),
                settings.shortHoldMicros(), settings.readHoldMillis(), load, settings.threads(), rwOpsPerSecond,
                mutexOpsPerSecond, throughputRatio(), THROUGHPUT_TARGET, met(throughputRatio() >= THROUGHPUT_TARGET),
                singleNodeReadCalls, singleNodeReads, callsPerRead(), CALLS_PER_READ_TARGET,
                met(callsPerRead() <= CALLS_PER_READ_TARGET), writerWaitsMicros.size(), median, p90, writerWaitRatio(),
                WRITER_WAIT_TARGET, met(writerWaitRatio() <= WRITER_WAIT_TARGET));
    }

    private String json() {
        return String.format(Locale.ROOT, """
                {
                  "at": "%s",
                  "settings": "%s",
                  "load": "%s",
                  "rwOpsPerSecond": %.1f,
                  "mutexOpsPerSecond": %.1f,
                  "throughputRatio": %.3f,
                  "singleNodeReadCalls": %d,
                  "singleNodeReads": %d,
                  "callsPerRead": %.5f,
                  "writerWaitsMicros": %s,
                  "writerWaitOverReadHold": %.3f
                }
                """, at, settings.name(), load, rwOpsPerSecond, mutexOpsPerSecond, throughputRatio(),
                singleNodeReadCalls, singleNodeReads, callsPerRead(), writerWaitsMicros, writerWaitRatio());
    }

    private static String met(boolean met) {
        return met ? "yes" : "NO";
    }
}
