package io.lockfacade.bench.scenario;

import io.lockfacade.api.LockGrant;
import io.lockfacade.api.deadlock.HeldLock;
import io.lockfacade.bench.report.BenchReport;
import io.lockfacade.bench.report.ResultRow;
import io.lockfacade.bench.report.Target;
import io.lockfacade.bench.stats.LatencyHistogram;
import io.lockfacade.server.service.MasterSettings;
import io.lockfacade.server.service.MemoryLockServiceImpl;
import io.lockfacade.server.table.Handout;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The master's side of deadlock detection at scale, on the master's own service in this JVM (no transport, so the
 * figures are the detector's): how long a 2-thread cycle's victim takes beyond the check delay with 10 and with
 * 1,000 other waits parked in the graph (each holding a lock and waiting for another, in no cycle), which shows
 * whether the work per new wait depends on the graph's size or only on the waiter's path; and the heap a parked
 * wait takes when it names what its thread holds (detection on) against a plain parked wait (detection off).
 */
final class DeadlockGraphScale {

    private static final long CHECK_MILLIS = 100;
    private static final long WAIT_MILLIS = 60_000;
    private static final int SMALL = 10;
    private static final int LARGE = 1_000;
    private static final int TRIALS_PER_ROUND = 12;
    private static final double MICROS_PER_MILLI = 1_000;

    private DeadlockGraphScale() {
    }

    static void run(BenchContext context, BenchReport report, String id) throws Exception {
        int trials = TRIALS_PER_ROUND * context.profile().rounds();
        double small = victimBeyondDelayMillis(SMALL, trials);
        double large = victimBeyondDelayMillis(LARGE, trials);
        report.add(new ResultRow(id, "master: closing wait to DeadlockException beyond the check delay, p50, with "
                + LARGE + " other waits parked", "ms", large, "with " + SMALL, small,
                Target.ratioAtMost("≤ 1.5x of " + SMALL + " (work per wait follows its path, not the graph)", 1.5))
                .labelled("victim at " + LARGE + " vs " + SMALL + " waits"));
        double plain = heapPerParkedWait(false);
        double holding = heapPerParkedWait(true);
        report.add(new ResultRow(id, "master heap per parked wait, " + LARGE + " waits, naming what the thread holds"
                + " (detection on)", "bytes", holding, "plain parked wait (detection off)", plain,
                Target.ratioAtMost("≤ 1.2x of off", 1.2)).labelled("heap per wait on ÷ off"));
    }

    private static double victimBeyondDelayMillis(int background, int trials) throws Exception {
        MemoryLockServiceImpl master = master();
        try {
            parkChains(master, background, true);
            LatencyHistogram beyond = new LatencyHistogram();
            for (int trial = 0; trial < trials; trial++) {
                beyond.recordNanos(Math.max(0, cycleVictimNanos(master, trial) - TimeUnit.MILLISECONDS.toNanos(
                        CHECK_MILLIS)));
            }
            return beyond.p50Micros() / MICROS_PER_MILLI;
        } finally {
            master.close();
        }
    }

    /** @return from the closing wait's call to its victim's failure */
    private static long cycleVictimNanos(MemoryLockServiceImpl master, int trial) throws Exception {
        String a = "cycle-a-" + trial;
        String b = "cycle-b-" + trial;
        master.openSession(a, WAIT_MILLIS);
        master.openSession(b, WAIT_MILLIS);
        LockGrant aHolds = master.tryLockInSession("s10", "x-" + trial, a, a, 0);
        LockGrant bHolds = master.tryLockInSession("s10", "y-" + trial, b, b, 0);
        CompletableFuture<Handout> aWaits = waitHolding(master, "y-" + trial, a, aHolds);
        long closing = System.nanoTime();
        long[] failedAt = new long[1];
        CompletableFuture<Handout> bWaits = waitHolding(master, "x-" + trial, b, bHolds)
                .whenComplete((handout, failure) -> failedAt[0] = System.nanoTime());
        try {
            bWaits.get(WAIT_MILLIS, TimeUnit.MILLISECONDS);
            throw new IllegalStateException("the closing wait of trial " + trial + " was granted, not told");
        } catch (java.util.concurrent.ExecutionException expected) {
            // the victim: its failure time is recorded
        }
        master.closeSession(b);
        aWaits.get(WAIT_MILLIS, TimeUnit.MILLISECONDS);
        master.closeSession(a);
        return failedAt[0] - closing;
    }

    /** @return the heap one parked wait takes, over {@value #LARGE} of them on a fresh master */
    private static double heapPerParkedWait(boolean holding) throws Exception {
        MemoryLockServiceImpl master = master();
        try {
            long before = usedHeapAfterGc();
            List<CompletableFuture<Handout>> parked = parkChains(master, LARGE, holding);
            long after = usedHeapAfterGc();
            if (parked.stream().anyMatch(CompletableFuture::isDone)) {
                throw new IllegalStateException("a wait that should be parked was answered");
            }
            return (after - before) / (double) LARGE;
        } finally {
            master.close();
        }
    }

    /**
     * Parks {@code count} waits in no cycle: waiter i holds {@code h-i} and waits for {@code w-i}, which a plain
     * holder keeps. Holders and waiters have sessions of their own; the holders' grants count in the heap too, the
     * same on both sides of the comparison.
     */
    private static List<CompletableFuture<Handout>> parkChains(MemoryLockServiceImpl master, int count,
                                                               boolean holding) {
        master.openSession("holders", WAIT_MILLIS);
        master.openSession("waiters", WAIT_MILLIS);
        List<CompletableFuture<Handout>> parked = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            master.tryLockInSession("s10", "w-" + i, "holder-" + i, "holders", 0);
            LockGrant held = master.tryLockInSession("s10", "h-" + i, "waiter-" + i, "waiters", 0);
            parked.add(holding ? waitHolding(master, "w-" + i, "waiter-" + i, "waiters", held)
                    : master.tryLockInSessionAsync("s10", "w-" + i, "waiter-" + i, "waiters", WAIT_MILLIS));
        }
        return parked;
    }

    private static CompletableFuture<Handout> waitHolding(MemoryLockServiceImpl master, String key, String owner,
                                                          LockGrant held) {
        return waitHolding(master, key, owner, owner, held);
    }

    private static CompletableFuture<Handout> waitHolding(MemoryLockServiceImpl master, String key, String owner,
                                                          String session, LockGrant held) {
        return master.tryLockInSessionHoldingAsync("s10", key, owner, session, WAIT_MILLIS,
                HeldLock.encode(List.of(new HeldLock("s10", held.getKey(), held.getFencingToken()))), CHECK_MILLIS);
    }

    private static MemoryLockServiceImpl master() {
        return new MemoryLockServiceImpl(MasterSettings.defaults().withWaitCap(Duration.ofMillis(WAIT_MILLIS)));
    }

    private static long usedHeapAfterGc() throws InterruptedException {
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(50);
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }
}
