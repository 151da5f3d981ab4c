package io.lockfacade.bench.primitives;

import io.lockfacade.bench.report.ResultFiles;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** The figures of one run of {@link PrimitivesBenchMain}, written as Markdown and JSON. */
record PrimitivesResults(PrimitivesOptions options, HoldSweep semaphore, HoldSweep mutex, List<Double> closeHandovers,
                         List<Double> crashHandovers, String load) {


    /** @return holds a second */
    double opsPerSecond(HoldSweep sweep) {
        return sweep.holds() / (double) options.seconds();
    }

    /** @return the semaphore's holds a second over the mutexes' */
    double ratio() {
        return opsPerSecond(semaphore) / opsPerSecond(mutex);
    }

    /** @return the crash bound: the session TTL plus one second, in ms */
    double crashBoundMillis() {
        return options.ttlMillis() + 1_000;
    }

    /** @return no permit over-granted, and every crash hand-over within the TTL plus one second */
    boolean allTargetsMet() {
        return semaphore.overGrants() == 0 && semaphore.mostAtOnce() <= PrimitivesBenchMain.PERMITS
                && crashHandovers.stream().allMatch(ms -> ms <= crashBoundMillis());
    }

    /**
     * Writes {@code results.md} and {@code results.json} into {@code out}.
     *
     * @return the Markdown
     */
    String write(Path out) throws IOException {
        return ResultFiles.write(out, markdown(), json());
    }

    private String markdown() {
        int jvms = PrimitivesBenchMain.JVMS;
        int threads = PrimitivesBenchMain.THREADS;
        int permits = PrimitivesBenchMain.PERMITS;
        return String.format(Locale.ROOT, """
                # Semaphores and leaderships on the single master

                Run at %s, one master in its own JVM on loopback; %s. Figures of one run.

                ## Semaphore: %d JVMs x %d threads, %d permits, %d s each after %d s of warm-up

                | Workload | holds | holds/s | most holders at once | over-grants |
                |---|---|---|---|---|
                | semaphore of %d permits | %d | %.0f | %d | %d |
                | %d mutexes (same holders at once) | %d | %.0f | %d | - |

                Semaphore over mutexes, same JVMs and threads, same run: **%.2f x** the holds a second.

                ## Leadership hand-over, two client JVMs, session TTL %d ms, %d trials each

                | Hand-over | ms (each trial) | most | bound |
                |---|---|---|---|
                | leader `close()` | %s | %.0f | - |
                | leader's JVM killed (`kill -9`) | %s | %.0f | TTL + 1 s = %.0f |

                Targets met: %s.
                """, Instant.now(), load, jvms, threads, permits, options.seconds(), options.warmup(),
                permits, semaphore.holds(), opsPerSecond(semaphore), semaphore.mostAtOnce(), semaphore.overGrants(),
                permits, mutex.holds(), opsPerSecond(mutex), mutex.mostAtOnce(), ratio(),
                options.ttlMillis(), options.trials(), list(closeHandovers), max(closeHandovers),
                list(crashHandovers), max(crashHandovers), crashBoundMillis(), allTargetsMet() ? "yes" : "NO");
    }

    private String json() {
        return String.format(Locale.ROOT, """
                {
                  "load": "%s",
                  "seconds": %d,
                  "semaphore": {"holds": %d, "perSecond": %.1f, "mostAtOnce": %d, "overGrants": %d},
                  "mutexes": {"holds": %d, "perSecond": %.1f, "mostAtOnce": %d},
                  "ratio": %.4f,
                  "ttlMillis": %d,
                  "closeHandoverMillis": [%s],
                  "crashHandoverMillis": [%s],
                  "targetsMet": %s
                }
                """, load, options.seconds(), semaphore.holds(), opsPerSecond(semaphore), semaphore.mostAtOnce(),
                semaphore.overGrants(), mutex.holds(), opsPerSecond(mutex), mutex.mostAtOnce(), ratio(),
                options.ttlMillis(), list(closeHandovers), list(crashHandovers), allTargetsMet());
    }

    private static String list(List<Double> millis) {
        return millis.stream().map(ms -> String.format(Locale.ROOT, "%.0f", ms)).collect(Collectors.joining(", "));
    }

    private static double max(List<Double> millis) {
        return millis.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
    }
}
