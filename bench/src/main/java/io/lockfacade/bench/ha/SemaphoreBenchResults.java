package io.lockfacade.bench.ha;

import io.lockfacade.bench.primitives.HoldSweep;
import io.lockfacade.bench.report.ResultFiles;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Locale;

/**
 * The figures of one run of {@link SemaphoreBenchMain}, written as Markdown and JSON.
 *
 * @param lockFacade the holds on the Lock Facade group's semaphore
 * @param hazelcast  the holds on the Hazelcast CP {@code ISemaphore}
 * @param load       the load averages before and after
 */
record SemaphoreBenchResults(SemaphoreBenchOptions options, HoldSweep lockFacade, HoldSweep hazelcast, String load) {

    /** @return holds a second */
    double perSecond(HoldSweep sweep) {
        return sweep.holds() / (double) options.seconds();
    }

    /** @return Lock Facade's holds a second over Hazelcast CP's */
    double ratio() {
        return perSecond(lockFacade) / perSecond(hazelcast);
    }

    /** @return both systems granted, and neither ever had more holders than permits */
    boolean allTargetsMet() {
        return safe(lockFacade) && safe(hazelcast);
    }

    private static boolean safe(HoldSweep sweep) {
        return sweep.holds() > 0 && sweep.overGrants() == 0 && sweep.mostAtOnce() <= SemaphoreBenchMain.PERMITS;
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
        return String.format(Locale.ROOT, """
                # Semaphore on a master group beside Hazelcast CP ISemaphore

                Run at %s; load average %s. Both groups have 3 members in their own JVMs on loopback (Lock Facade
                with fsync on, its default); figures of one run.

                ## %d client JVMs x %d threads, %d permits, zero-length holds, %d s each after %d s of warm-up

                | System | holds | holds/s | most holders at once | over-grants |
                |---|---|---|---|---|
                | Lock Facade group, `DistributeLock.semaphore` | %d | %.0f | %d | %d |
                | Hazelcast CP 5.4, `ISemaphore` | %d | %.0f | %d | %d |

                Lock Facade over Hazelcast CP, same run: **%.2f x** the holds a second.

                Targets met (no over-grant on either): %s.
                """, Instant.now(), load, SemaphoreBenchMain.JVMS, SemaphoreBenchMain.THREADS,
                SemaphoreBenchMain.PERMITS, options.seconds(), options.warmup(),
                lockFacade.holds(), perSecond(lockFacade), lockFacade.mostAtOnce(), lockFacade.overGrants(),
                hazelcast.holds(), perSecond(hazelcast), hazelcast.mostAtOnce(), hazelcast.overGrants(), ratio(),
                allTargetsMet() ? "yes" : "NO");
    }

    private String json() {
        return String.format(Locale.ROOT, """
                {
                  "load": "%s",
                  "jvms": %d,
                  "threadsPerJvm": %d,
                  "permits": %d,
                  "seconds": %d,
                  "lockFacadeGroup": %s,
                  "hazelcastCp": %s,
                  "ratioLockFacadeOverHazelcast": %.4f,
                  "targetsMet": %s
                }
                """, load, SemaphoreBenchMain.JVMS, SemaphoreBenchMain.THREADS, SemaphoreBenchMain.PERMITS,
                options.seconds(), json(lockFacade), json(hazelcast), ratio(), allTargetsMet());
    }

    private String json(HoldSweep sweep) {
        return String.format(Locale.ROOT, "{\"holds\": %d, \"perSecond\": %.1f, \"mostAtOnce\": %d, \"overGrants\": %d}",
                sweep.holds(), perSecond(sweep), sweep.mostAtOnce(), sweep.overGrants());
    }
}
