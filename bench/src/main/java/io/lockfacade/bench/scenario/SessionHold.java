package io.lockfacade.bench.scenario;

import io.lockfacade.bench.client.Design;
import io.lockfacade.bench.node.MasterHandle;
import io.lockfacade.bench.node.MasterStats;
import io.lockfacade.bench.node.SessionHolder;
import io.lockfacade.bench.report.BenchReport;
import io.lockfacade.bench.report.ResultRow;
import io.lockfacade.bench.report.Target;

import java.time.Duration;
import java.util.Locale;

/**
 * Scenario 7: one node holds a great many locks under its one session. A {@link SessionHolder} node JVM takes them
 * through {@code DistributeLock} with {@link SessionProfile#holderThreads()} threads and holds them for
 * {@link SessionProfile#hold()}; the master runs in its own JVM.
 *
 * <ul>
 *   <li>Lost locks: none (the node asks its client about every lock, from the thread that holds it, at the end).</li>
 *   <li>Renewal traffic: the keep-alives the master received during the hold, counted inside the master's JVM,
 *       against one per TTL/3; the node's own count of every call it made is reported beside it.</li>
 *   <li>Master CPU during the hold against the same master idle before the fill (target within
 *       {@value #MAX_CPU_TO_IDLE_RATIO}×).</li>
 *   <li>Master heap per held lock: heap after full GCs with every lock held, minus the same master's heap once the
 *       session has ended and every lock is free, divided by the locks (target at most
 *       {@value #MAX_BYTES_PER_LOCK} bytes). That difference is what the locks themselves keep; the heap grown
 *       since before the fill is reported beside it, and also counts what a million HTTP calls leave in the
 *       server's pools and caches.</li>
 * </ul>
 */
public final class SessionHold implements Scenario {

    /** The sessions issue's target for renewal traffic: one call per TTL/3, give or take one call in this window. */
    public static final double MAX_KEEP_ALIVE_RATIO = 1.1;

    /** The sessions issue's target for the master's CPU while the node holds its locks, against idle. */
    public static final double MAX_CPU_TO_IDLE_RATIO = 1.1;

    /** The sessions issue's target for the master's memory per held lock. */
    public static final double MAX_BYTES_PER_LOCK = 200;

    /** Keep-alives are sampled on the master this many times per keep-alive interval, so that none is missed. */
    static final int SAMPLES_PER_INTERVAL = 10;

    /** After the node is gone its session ends within one TTL; the wait for every lock to be free is bounded. */
    private static final int FREE_WAIT_TTLS = 3;

    private static final Duration FREE_POLL = Duration.ofMillis(200);

    private static final String ID = "S7";
    private static final String LOCK_TYPE = "bench-s7";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String title() {
        return "One session holding a great many locks";
    }

    @Override
    public void run(BenchContext context, BenchReport report) throws Exception {
        SessionProfile profile = context.profile().sessions();
        try (MasterHandle master = MasterHandle.start(Design.LOCK_FACADE, profile.masterHeap())) {
            master.watchKeepAlives(profile.keepAliveInterval().dividedBy(SAMPLES_PER_INTERVAL));
            Thread.sleep(profile.settle().toMillis());
            double idleCores = cores(master, profile.idleWindow());
            long heapBefore = master.heapAfterGc();
            long heapHeld;
            try (SessionHolder node = SessionHolder.start(master.serviceUri(), context.uniqueName("s7-node"),
                    profile.ttl(), profile.holderThreads(), profile.nodeHeap())) {
                SessionHolder.Taken taken = node.take(LOCK_TYPE, profile.heldLocks());
                heapHeld = master.heapAfterGc();
                Thread.sleep(profile.settle().toMillis());
                SessionHolder.Calls callsBefore = node.calls();
                long keepAlivesBefore = master.keepAlivesSeen();
                double holdCores = cores(master, profile.hold());
                long keepAlives = master.keepAlivesSeen() - keepAlivesBefore;
                SessionHolder.Calls calls = node.calls().since(callsBefore);
                SessionHolder.Check check = node.check(LOCK_TYPE);
                long heldOnMaster = master.stats().held();
                report(report, profile, taken, idleCores, holdCores, keepAlives, calls, check, heldOnMaster);
            }
            boolean freed = awaitEmpty(master, profile.ttl().multipliedBy(FREE_WAIT_TTLS));
            report.check(ID, "every lock freed once the node is gone", freed, master.stats().held() + " left");
            long heapReleased = master.heapAfterGc();
            reportHeap(report, (double) (heapHeld - heapReleased) / profile.heldLocks(),
                    (double) (heapHeld - heapBefore) / profile.heldLocks());
        }
    }

    private static boolean awaitEmpty(MasterHandle master, Duration limit) throws Exception {
        long end = System.nanoTime() + limit.toNanos();
        while (master.stats().held() > 0) {
            if (System.nanoTime() - end > 0) {
                return false;
            }
            Thread.sleep(FREE_POLL.toMillis());
        }
        return true;
    }

    private static void reportHeap(BenchReport report, double heldMinusReleased, double heldMinusBefore) {
        report.add(ResultRow.alone(ID, "master heap per held lock, in a session (held − after release)", "B",
                heldMinusReleased, Target.valueAtMost("≤ " + (int) MAX_BYTES_PER_LOCK + " B", MAX_BYTES_PER_LOCK))
                .labelled("heap/lock"));
        report.add(ResultRow.alone(ID, "master heap grown per held lock since before the fill", "B",
                heldMinusBefore, null).labelled("heap growth/lock"));
    }

    private static void report(BenchReport report, SessionProfile profile, SessionHolder.Taken taken,
                               double idleCores, double holdCores, long keepAlives,
                               SessionHolder.Calls calls, SessionHolder.Check check, long heldOnMaster) {
        String locks = String.format(Locale.ROOT, "%,d locks", profile.heldLocks());
        String hold = minutesOrSeconds(profile.hold());
        double expected = (double) profile.hold().toNanos() / profile.keepAliveInterval().toNanos();
        String perInterval = "1 per TTL/3 (" + minutesOrSeconds(profile.keepAliveInterval()) + ")";
        report.add(ResultRow.alone(ID, "locks lost, " + locks + " held " + hold, "locks", check.lost(),
                Target.valueAtMost("0", 0)).labelled("lost"));
        report.add(new ResultRow(ID, "keep-alives received by the master, " + hold, "calls", keepAlives,
                perInterval, expected, Target.ratioAtMost("1 per TTL/3 (≤ " + MAX_KEEP_ALIVE_RATIO + "×)",
                MAX_KEEP_ALIVE_RATIO)).labelled("keep-alives"));
        report.add(new ResultRow(ID, "calls made by the node, " + hold, "calls", calls.total(), perInterval,
                expected, null).labelled("node calls"));
        report.add(new ResultRow(ID, "master CPU while " + locks + " are held", "cores", holdCores,
                "idle master", idleCores, Target.ratioAtMost("≤ " + MAX_CPU_TO_IDLE_RATIO + "× idle",
                MAX_CPU_TO_IDLE_RATIO)).labelled("CPU ÷ idle"));
        report.add(ResultRow.alone(ID, "locks taken per second, " + profile.holderThreads() + " threads", "ops/s",
                taken.count() / Math.max(1e-3, taken.took().toMillis() / 1000.0), null).labelled("take rate"));
        report.check(ID, "every lock taken and still held on the master and by its thread",
                taken.count() == profile.heldLocks() && check.held() == profile.heldLocks()
                        && heldOnMaster == profile.heldLocks(),
                taken.count() + " taken in " + taken.took().toSeconds() + " s, " + check.held()
                        + " held by their threads, " + heldOnMaster + " on the master");
        report.check(ID, "renewal traffic is session upkeep only", calls.total() == calls.renewals(),
                calls.total() + " calls during the hold, " + calls.renewals() + " of them keep-alives");
    }

    /** @return the master's CPU over the next {@code window}, in cores */
    private static double cores(MasterHandle master, Duration window) throws InterruptedException {
        MasterStats before = master.stats();
        Thread.sleep(window.toMillis());
        MasterStats after = master.stats();
        return (double) (after.cpuNanos() - before.cpuNanos()) / (after.wallNanos() - before.wallNanos());
    }

    private static String minutesOrSeconds(Duration duration) {
        return duration.toSeconds() >= 120 && duration.toSecondsPart() == 0 ? duration.toMinutes() + " min"
                : duration.toMillis() % 1000 == 0 ? duration.toSeconds() + " s" : duration.toMillis() + " ms";
    }
}
