package io.lockfacade.bench.scenario;

import io.lockfacade.bench.report.BenchReport;
import io.lockfacade.bench.report.ResultRow;
import io.lockfacade.bench.report.Target;
import io.lockfacade.bench.stats.LatencyHistogram;
import io.lockfacade.client.LockFacade;

import java.time.Duration;

/**
 * Deadlock trials of {@link CrossingPair}s: checks that every cycle had exactly one victim while the other thread
 * completed, and reports how long after the closing wait its victim was told, beyond the check delay (p50, max).
 */
final class CrossingTrials {

    private static final double MICROS_PER_MILLI = 1_000;

    private CrossingTrials() {
    }

    /**
     * @param what       names the setting in the metric, e.g. {@code MemoryLock, 2 threads}
     * @param label      names it on the chart and in the check, e.g. {@code MemoryLock}
     * @param first      the lock facade of the thread that waits first
     * @param second     the lock facade of the thread that closes the cycle (the same one for one node)
     * @param checkDelay the check delay both facades were made with
     */
    static void measure(BenchContext context, BenchReport report, String id, String what, String label,
                        LockFacade first, LockFacade second, Duration checkDelay, int trials) throws Exception {
        LatencyHistogram beyondDelay = new LatencyHistogram();
        int oneVictim = 0;
        for (int trial = 0; trial < trials; trial++) {
            CrossingPair.Result result = CrossingPair.run(first, second, context.uniqueName("bench-" + id));
            if (result.victims() == 1) {
                oneVictim++;
                beyondDelay.recordNanos(Math.max(0, result.victimWaitNanos() - checkDelay.toNanos()));
            }
        }
        report.check(id, label + ": one victim per cycle, the other completes", oneVictim == trials,
                oneVictim + " of " + trials + " cycles");
        String beyond = "closing wait to DeadlockException beyond the " + checkDelay.toMillis() + " ms check delay, "
                + what;
        report.add(ResultRow.alone(id, beyond + ", p50", "ms", beyondDelay.p50Micros() / MICROS_PER_MILLI,
                Target.valueAtMost("≤ 1 ms", 1)).labelled(label + " p50"));
        report.add(ResultRow.alone(id, beyond + ", max", "ms", beyondDelay.maxMicros() / MICROS_PER_MILLI,
                Target.valueAtMost("≤ 10 ms", 10)).labelled(label + " max"));
    }
}
