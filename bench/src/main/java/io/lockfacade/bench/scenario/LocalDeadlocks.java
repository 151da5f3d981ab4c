package io.lockfacade.bench.scenario;

import io.lockfacade.bench.client.Design;
import io.lockfacade.bench.report.BenchReport;
import io.lockfacade.bench.report.ResultRow;
import io.lockfacade.bench.report.Target;
import io.lockfacade.bench.stats.LatencyHistogram;
import io.lockfacade.client.LockFacade;
import io.lockfacade.client.deadlock.DeadlockDetection;
import io.lockfacade.client.distributed.DistributeLock;
import io.lockfacade.client.distributed.DistributeLockSettings;
import io.lockfacade.client.memory.MemoryLock;
import io.lockfacade.client.transport.ClientTransportSettings;
import io.lockfacade.client.transport.MemoryLockServiceProxies;
import io.lockfacade.client.transport.RemoteMemoryLockService;

import java.time.Duration;
import java.util.function.Function;

/**
 * Scenario 9, deadlocks inside one JVM (this one, the bench's own): for {@code MemoryLock} and for
 * {@code DistributeLock}'s local arbitration (on the shared Lock Facade master), how long after the wait that
 * closes a cycle of two threads its victim is told, beyond the check delay; and what detection costs when there is
 * no deadlock, as the throughput of {@value ContentionRounds#THREADS} threads on one key with detection on against
 * detection off, measured in alternating rounds of one run. Every trial checks that exactly one thread of the
 * cycle was the victim ({@code DeadlockException}) and the other completed.
 */
public final class LocalDeadlocks implements Scenario {

    static final String ID = "S9";
    private static final String TITLE = "Deadlock detection, one JVM";
    private static final Duration CHECK_DELAY = Duration.ofMillis(100);
    private static final int TRIALS_PER_ROUND = 12;
    private static final double MICROS_PER_MILLI = 1_000;

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String title() {
        return TITLE;
    }

    @Override
    public void run(BenchContext context, BenchReport report) throws Exception {
        RemoteMemoryLockService master = MemoryLockServiceProxies.create(
                context.sharedMaster(Design.LOCK_FACADE).serviceUri(), ClientTransportSettings.defaults());
        measure(context, report, "MemoryLock", MemoryLock::new);
        measure(context, report, "DistributeLock", detection -> new DistributeLock(master,
                DistributeLockSettings.defaults().withNodeId(context.uniqueName("s9"))
                        .withDeadlockDetection(detection)));
    }

    private static void measure(BenchContext context, BenchReport report, String facade,
                                Function<DeadlockDetection, LockFacade> locks) throws Exception {
        int trials = TRIALS_PER_ROUND * context.profile().rounds();
        LockFacade detecting = locks.apply(DeadlockDetection.after(CHECK_DELAY));
        LatencyHistogram beyondDelay = new LatencyHistogram();
        int oneVictim = 0;
        try {
            for (int trial = 0; trial < trials; trial++) {
                CrossingPair.Result result = CrossingPair.run(detecting, "bench-s9-" + trial);
                if (result.victims() == 1) {
                    oneVictim++;
                    beyondDelay.recordNanos(Math.max(0, result.victimWaitNanos() - CHECK_DELAY.toNanos()));
                }
            }
        } finally {
            close(detecting);
        }
        report.check(ID, facade + ": one victim per cycle, the other completes", oneVictim == trials,
                oneVictim + " of " + trials + " cycles");
        String beyond = "closing wait to DeadlockException beyond the " + CHECK_DELAY.toMillis() + " ms check delay, "
                + facade + ", 2 threads";
        report.add(ResultRow.alone(ID, beyond + ", p50", "ms", beyondDelay.p50Micros() / MICROS_PER_MILLI,
                Target.valueAtMost("≤ 1 ms", 1)).labelled(facade + " p50"));
        report.add(ResultRow.alone(ID, beyond + ", max", "ms", beyondDelay.maxMicros() / MICROS_PER_MILLI,
                Target.valueAtMost("≤ 10 ms", 10)).labelled(facade + " max"));

        LockFacade on = locks.apply(DeadlockDetection.DEFAULT);
        LockFacade off = locks.apply(DeadlockDetection.OFF);
        try {
            ContentionRounds.Result rates = ContentionRounds.alternate(on, off, "bench-s9-" + facade,
                    context.profile().rounds() * 2, context.profile().throughputWindow());
            report.add(new ResultRow(ID, "ops/s, " + facade + ", " + ContentionRounds.THREADS
                    + " threads on one key, detection on", "ops/s", rates.first(), "detection off", rates.second(),
                    Target.ratioAtLeast("≥ 1 ÷ 1.05 of off", 1 / 1.05)).labelled(facade + " on ÷ off"));
            report.check(ID, facade + ": no deadlock reported without one", rates.deadlocks() == 0,
                    rates.deadlocks() + " reports");
        } finally {
            close(on);
            close(off);
        }
    }

    private static void close(LockFacade locks) {
        if (locks instanceof AutoCloseable closeable) {
            try {
                closeable.close();
            } catch (Exception e) {
                throw new IllegalStateException("could not close " + locks, e);
            }
        }
    }
}
