package io.lockfacade.bench.scenario;

import io.lockfacade.api.DeadlockException;
import io.lockfacade.bench.client.Design;
import io.lockfacade.bench.node.MasterGroupHandle;
import io.lockfacade.bench.report.BenchReport;
import io.lockfacade.bench.report.ResultRow;
import io.lockfacade.bench.report.Target;
import io.lockfacade.client.LockFacade;
import io.lockfacade.client.deadlock.DeadlockDetection;
import io.lockfacade.client.distributed.DistributeLock;
import io.lockfacade.client.distributed.DistributeLockSettings;
import io.lockfacade.client.transport.ClientTransportSettings;
import io.lockfacade.client.transport.MemoryLockServiceProxies;
import io.lockfacade.client.transport.RemoteMemoryLockService;

import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Scenario 10, deadlocks across nodes on the shared single master: two {@code DistributeLock} nodes (two sessions)
 * whose threads take two locks in crossing orders, and how long after the closing wait its victim is told beyond
 * the check delay (the master finds the cycle); the same on a 3-member master group's leader, whose members run in
 * JVMs of their own, in the same run; then what detection costs when there is no deadlock: threads of
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
    private static final String GROUP_MEMBER_HEAP = "256m";

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
        timeToVictim(context, report, master, "single master", "2 nodes");
        timeToVictimOnAGroup(context, report);
        costWithoutDeadlock(context, report, master);
        DeadlockGraphScale.run(context, report, ID);
    }

    /** The crossing of {@link #timeToVictim} on a group's leader: the leader keeps the graph of its parked calls. */
    private static void timeToVictimOnAGroup(BenchContext context, BenchReport report) throws Exception {
        try (MasterGroupHandle group = MasterGroupHandle.start(
                Files.createDirectories(context.workDir().resolve(context.uniqueName("s10-group"))),
                GROUP_MEMBER_HEAP)) {
            timeToVictim(context, report, group.client(), "3-member group's leader", "2 nodes, group");
        }
    }

    private static void timeToVictim(BenchContext context, BenchReport report, RemoteMemoryLockService master,
                                     String where, String label) throws Exception {
        DistributeLock nodeA = node(context, master, DeadlockDetection.after(CHECK_DELAY));
        DistributeLock nodeB = node(context, master, DeadlockDetection.after(CHECK_DELAY));
        try {
            CrossingTrials.measure(context, report, ID, "2 threads on 2 nodes, " + where, label, nodeA, nodeB,
                    CHECK_DELAY, TRIALS_PER_ROUND * context.profile().rounds());
        } finally {
            nodeA.close();
            nodeB.close();
        }
    }

    private static void costWithoutDeadlock(BenchContext context, BenchReport report,
                                            RemoteMemoryLockService master) throws Exception {
        List<DistributeLock> on = List.of(node(context, master, DeadlockDetection.DEFAULT),
                node(context, master, DeadlockDetection.DEFAULT));
        List<DistributeLock> off = List.of(node(context, master, DeadlockDetection.OFF),
                node(context, master, DeadlockDetection.OFF));
        String lockType = context.uniqueName("bench-s10-hot");
        try {
            ContentionRounds.Result rates = ContentionRounds.alternate(holdingWaits(on, lockType),
                    holdingWaits(off, lockType), context.profile().rounds() * 2, context.profile().throughputWindow());
            report.add(new ResultRow(ID, "ops/s, 2 nodes x " + THREADS_PER_NODE + " threads, each holding a lock"
                    + " of its own while it waits for one hot lock, detection on", "ops/s", rates.first(),
                    "detection off", rates.second(), Target.ratioAtLeast("≥ 1 ÷ 1.05 of off", 1 / 1.05))
                    .labelled("holding waits on ÷ off"));
            report.check(ID, "no deadlock reported without one (cross-node contention)", rates.deadlocks() == 0,
                    rates.deadlocks() + " reports");
        } finally {
            on.forEach(DistributeLock::close);
            off.forEach(DistributeLock::close);
        }
    }

    /** @return every node's threads, each holding a lock of its own while it locks and unlocks the hot one */
    private static List<ContentionRounds.ThreadWork> holdingWaits(List<DistributeLock> nodes, String lockType) {
        List<ContentionRounds.ThreadWork> threads = new ArrayList<>();
        for (int n = 0; n < nodes.size(); n++) {
            LockFacade locks = nodes.get(n);
            for (int t = 0; t < THREADS_PER_NODE; t++) {
                String own = "own-" + n + "-" + t;
                threads.add((endNanos, deadlocks) -> holdingWaits(locks, lockType, own, endNanos, deadlocks));
            }
        }
        return threads;
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
