package io.lockfacade.bench.scenario;

import io.lockfacade.api.DeadlockException;
import io.lockfacade.bench.client.Design;
import io.lockfacade.bench.report.BenchReport;
import io.lockfacade.bench.report.ResultRow;
import io.lockfacade.bench.report.Target;
import io.lockfacade.bench.stats.LatencyHistogram;
import io.lockfacade.client.LockFacade;
import io.lockfacade.client.deadlock.DeadlockDetection;
import io.lockfacade.client.distributed.DistributeLock;
import io.lockfacade.client.distributed.DistributeLockSettings;
import io.lockfacade.client.transport.ClientTransportSettings;
import io.lockfacade.client.transport.MemoryLockServiceProxies;
import io.lockfacade.client.transport.RemoteMemoryLockService;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Scenario 10, deadlocks across nodes on the shared single master: two {@code DistributeLock} nodes (two sessions)
 * whose threads take two locks in crossing orders, and how long after the closing wait its victim is told beyond
 * the check delay (the master finds the cycle); then what detection costs when there is no deadlock: threads of
 * both nodes each hold a lock of their own while they wait for one hot lock, so every remote wait names what its
 * thread holds ({@code tryLockInSessionHolding}), with detection on against detection off, in alternating rounds.
 * The master's side at scale (1,000 parked waits, heap per wait) is {@link DeadlockGraphScale}.
 */
public final class CrossNodeDeadlocks implements Scenario {

    static final String ID = "S10";
    private static final String TITLE = "Deadlock detection across nodes";
    private static final Duration CHECK_DELAY = Duration.ofMillis(100);
    private static final int TRIALS_PER_ROUND = 12;
    private static final int THREADS_PER_NODE = 8;
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
        timeToVictim(context, report, master);
        costWithoutDeadlock(context, report, master);
        DeadlockGraphScale.run(context, report, ID);
    }

    private static void timeToVictim(BenchContext context, BenchReport report, RemoteMemoryLockService master)
            throws Exception {
        int trials = TRIALS_PER_ROUND * context.profile().rounds();
        DistributeLock nodeA = node(context, master, DeadlockDetection.after(CHECK_DELAY));
        DistributeLock nodeB = node(context, master, DeadlockDetection.after(CHECK_DELAY));
        LatencyHistogram beyondDelay = new LatencyHistogram();
        int oneVictim = 0;
        try {
            for (int trial = 0; trial < trials; trial++) {
                CrossingPair.Result result = CrossingPair.run(nodeA, nodeB, context.uniqueName("bench-s10"));
                if (result.victims() == 1) {
                    oneVictim++;
                    beyondDelay.recordNanos(Math.max(0, result.victimWaitNanos() - CHECK_DELAY.toNanos()));
                }
            }
        } finally {
            nodeA.close();
            nodeB.close();
        }
        report.check(ID, "two nodes: one victim per cycle, the other completes", oneVictim == trials,
                oneVictim + " of " + trials + " cycles");
        String beyond = "closing wait to DeadlockException beyond the " + CHECK_DELAY.toMillis()
                + " ms check delay, 2 threads on 2 nodes, single master";
        report.add(ResultRow.alone(ID, beyond + ", p50", "ms", beyondDelay.p50Micros() / MICROS_PER_MILLI,
                Target.valueAtMost("≤ 1 ms", 1)).labelled("2 nodes p50"));
        report.add(ResultRow.alone(ID, beyond + ", max", "ms", beyondDelay.maxMicros() / MICROS_PER_MILLI,
                Target.valueAtMost("≤ 10 ms", 10)).labelled("2 nodes max"));
    }

    private static void costWithoutDeadlock(BenchContext context, BenchReport report,
                                            RemoteMemoryLockService master) throws Exception {
        List<DistributeLock> on = List.of(node(context, master, DeadlockDetection.DEFAULT),
                node(context, master, DeadlockDetection.DEFAULT));
        List<DistributeLock> off = List.of(node(context, master, DeadlockDetection.OFF),
                node(context, master, DeadlockDetection.OFF));
        AtomicLong deadlocks = new AtomicLong();
        String lockType = context.uniqueName("bench-s10-hot");
        Duration window = context.profile().throughputWindow();
        try {
            contend(on, lockType, window, deadlocks); // warm-up of both before measuring
            contend(off, lockType, window, deadlocks);
            long onOps = 0;
            long offOps = 0;
            int rounds = context.profile().rounds() * 2;
            for (int round = 0; round < rounds; round++) {
                if (round % 2 == 0) {
                    onOps += contend(on, lockType, window, deadlocks);
                    offOps += contend(off, lockType, window, deadlocks);
                } else {
                    offOps += contend(off, lockType, window, deadlocks);
                    onOps += contend(on, lockType, window, deadlocks);
                }
            }
            double seconds = window.toNanos() * (double) rounds / TimeUnit.SECONDS.toNanos(1);
            report.add(new ResultRow(ID, "ops/s, 2 nodes x " + THREADS_PER_NODE + " threads, each holding a lock"
                    + " of its own while it waits for one hot lock, detection on", "ops/s", onOps / seconds,
                    "detection off", offOps / seconds, Target.ratioAtLeast("≥ 1 ÷ 1.05 of off", 1 / 1.05))
                    .labelled("holding waits on ÷ off"));
            report.check(ID, "no deadlock reported without one (cross-node contention)", deadlocks.get() == 0,
                    deadlocks.get() + " reports");
        } finally {
            on.forEach(DistributeLock::close);
            off.forEach(DistributeLock::close);
        }
    }

    /** @return lock+unlock pairs of the hot lock done by every thread of both nodes within {@code window} */
    private static long contend(List<DistributeLock> nodes, String lockType, Duration window, AtomicLong deadlocks)
            throws Exception {
        ExecutorService threads = Executors.newFixedThreadPool(nodes.size() * THREADS_PER_NODE);
        try {
            long end = System.nanoTime() + window.toNanos();
            List<Future<Long>> counts = new ArrayList<>();
            for (int n = 0; n < nodes.size(); n++) {
                LockFacade locks = nodes.get(n);
                for (int t = 0; t < THREADS_PER_NODE; t++) {
                    String own = "own-" + n + "-" + t;
                    counts.add(threads.submit(() -> holdingWaits(locks, lockType, own, end, deadlocks)));
                }
            }
            long total = 0;
            for (Future<Long> count : counts) {
                total += count.get(window.toMillis() * 10 + 60_000, TimeUnit.MILLISECONDS);
            }
            return total;
        } finally {
            threads.shutdownNow();
        }
    }

    private static long holdingWaits(LockFacade locks, String lockType, String own, long endNanos,
                                     AtomicLong deadlocks) throws Exception {
        long ops = 0;
        locks.lock(lockType, own, 0);
        try {
            while (System.nanoTime() < endNanos) {
                try {
                    locks.lock(lockType, "hot", 0);
                    locks.unlock(lockType, "hot");
                    ops++;
                } catch (DeadlockException e) {
                    deadlocks.incrementAndGet();
                }
            }
        } finally {
            locks.unlock(lockType, own);
        }
        return ops;
    }

    private static DistributeLock node(BenchContext context, RemoteMemoryLockService master,
                                       DeadlockDetection detection) {
        return new DistributeLock(master, DistributeLockSettings.defaults().withNodeId(context.uniqueName("s10"))
                .withDeadlockDetection(detection));
    }
}
