package io.lockfacade.bench.scenario;

import io.lockfacade.bench.client.Design;
import io.lockfacade.bench.report.BenchReport;
import io.lockfacade.bench.report.ResultRow;
import io.lockfacade.bench.report.Target;
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
        LockFacade detecting = locks.apply(DeadlockDetection.after(CHECK_DELAY));
        try {
            CrossingTrials.measure(context, report, ID, facade + ", 2 threads", facade, detecting, detecting,
                    CHECK_DELAY, TRIALS_PER_ROUND * context.profile().rounds());
        } finally {
            close(detecting);
        }

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
