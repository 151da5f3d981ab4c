package io.lockfacade.bench.scenario;

import io.lockfacade.api.MemoryLockService;
import io.lockfacade.bench.client.CauchoFloor;
import io.lockfacade.bench.client.Design;
import io.lockfacade.bench.client.LockClient;
import io.lockfacade.bench.report.BenchReport;
import io.lockfacade.bench.report.ResultRow;
import io.lockfacade.bench.report.Target;

import java.util.EnumMap;
import java.util.Map;

/**
 * Scenario 1: one thread locks and unlocks fresh keys through the client, against the transport floor and against
 * the article's design (measured in alternating turns with Lock Facade). The floor is code the product does not
 * write ({@link CauchoFloor}: Caucho's proxy calling Caucho's skeleton on Jetty): two no-op calls interleaved with the
 * operations. The product transport's own no-op call is timed against one floor call as well. Each master runs in
 * its own JVM. Targets: lock+unlock at most {@value #FLOOR_RATIO_TARGET}× the floor at the median and
 * {@value #FLOOR_P99_RATIO_TARGET}× at p99; the product's no-op call at most {@value #NO_OP_RATIO_TARGET}× the floor's.
 * Last, the two ways of taking a grant are timed against each other on the product transport
 * ({@link SessionPathComparison}): under a session at most {@value #SESSION_RATIO_TARGET}× the per-owner lease.
 */
public final class UncontendedLatency implements Scenario {

    /** The target: lock+unlock within 1.3× two transport round trips. */
    public static final double FLOOR_RATIO_TARGET = 1.3;

    /** The target at p99: lock+unlock within 2× two floor calls. */
    public static final double FLOOR_P99_RATIO_TARGET = 2.0;

    /** The target for the product transport: a no-op call within 1.15× Caucho's. */
    public static final double NO_OP_RATIO_TARGET = 1.15;

    /** The sessions issue's target: lock+unlock in a session no slower than with a per-owner lease. */
    public static final double SESSION_RATIO_TARGET = 1.05;

    static final String LOCK_TYPE = "bench-s1";
    private static final String LEASE_PATH = "per-owner lease (tryLock)";
    private static final String ID = "S1";

    /**
     * Lock+unlock pairs each design makes before measuring: above HotSpot's C2 compile threshold (10,000
     * invocations), so the client's longer path is measured compiled, as the floor's short one is.
     */
    private static final long WARM_UP_OPERATIONS = 15_000;

    /** The warm-up stops after this many times the profile's warm-up even if fewer operations were made. */
    private static final int WARM_UP_CAP = 10;
    private static final String FLOOR = "2× Caucho floor";
    private static final String ONE_FLOOR = "1× Caucho floor";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String title() {
        return "Uncontended lock+unlock, 1 thread, fresh keys";
    }

    @Override
    public void run(BenchContext context, BenchReport report) throws Exception {
        Map<Design, LockClient> clients = new EnumMap<>(Design.class);
        try {
            MemoryLockService floor = CauchoFloor.connect(context.sharedMaster(Design.ARTICLE).serviceUri());
            Map<Design, LockUnlockProbe> probes = new EnumMap<>(Design.class);
            for (Design design : Design.values()) {
                LockClient client = LockClient.connect(design, context.sharedMaster(design).serviceUri(),
                        context.uniqueName("s1"));
                clients.put(design, client);
                probes.put(design, new LockUnlockProbe(client, floor, LOCK_TYPE, context.uniqueName("k")));
            }
            LockUnlockProbe.warmUp(probes, WARM_UP_OPERATIONS, context.profile().warmUp().multipliedBy(WARM_UP_CAP));
            Map<Design, LockUnlockProbe.Window> windows =
                    LockUnlockProbe.alternate(probes, context.profile().latencyWindow(), true);
            NoOpComparison noOps = new NoOpComparison(clients.get(Design.LOCK_FACADE).remote(), floor);
            noOps.measure(LOCK_TYPE, context.profile().warmUp());
            report(report, windows.get(Design.LOCK_FACADE), windows.get(Design.ARTICLE),
                    noOps.measure(LOCK_TYPE, context.profile().latencyWindow()));
            SessionPathComparison paths = new SessionPathComparison(clients.get(Design.LOCK_FACADE).remote(),
                    context.uniqueName("s1-owner"));
            paths.measure(LOCK_TYPE, context.uniqueName("w"), context.profile().warmUp());
            reportPaths(report, paths.measure(LOCK_TYPE, context.uniqueName("p"),
                    context.profile().latencyWindow()));
        } finally {
            clients.values().forEach(LockClient::close);
        }
    }

    private static void reportPaths(BenchReport report, SessionPathComparison.Result paths) {
        report.add(new ResultRow(ID, "lock+unlock p50 in a session (tryLockInSession)", "µs",
                paths.session().p50Micros(), LEASE_PATH, paths.lease().p50Micros(),
                Target.ratioAtMost("≤ " + SESSION_RATIO_TARGET + "× lease", SESSION_RATIO_TARGET))
                .labelled("session ÷ lease p50"));
        report.add(new ResultRow(ID, "lock+unlock p99 in a session (tryLockInSession)", "µs",
                paths.session().p99Micros(), LEASE_PATH, paths.lease().p99Micros(), null)
                .labelled("session ÷ lease p99"));
    }

    private static void report(BenchReport report, LockUnlockProbe.Window facade, LockUnlockProbe.Window article,
                               NoOpComparison.Result noOps) {
        report.add(new ResultRow(ID, "product transport no-op p50", "µs", noOps.product().p50Micros(), ONE_FLOOR,
                noOps.floor().p50Micros(), Target.ratioAtMost("≤ " + NO_OP_RATIO_TARGET + "× floor",
                NO_OP_RATIO_TARGET)).labelled("no-op ÷ floor"));
        report.add(new ResultRow(ID, "lock+unlock p50", "µs", facade.lockUnlock().p50Micros(), FLOOR,
                facade.floorPair().p50Micros(), Target.ratioAtMost("≤ " + FLOOR_RATIO_TARGET + "× floor",
                FLOOR_RATIO_TARGET)).labelled("p50 ÷ floor"));
        report.add(new ResultRow(ID, "lock+unlock p99", "µs", facade.lockUnlock().p99Micros(), FLOOR,
                facade.floorPair().p99Micros(), Target.ratioAtMost("≤ " + FLOOR_P99_RATIO_TARGET + "× floor",
                FLOOR_P99_RATIO_TARGET)).labelled("p99 ÷ floor"));
        report.add(new ResultRow(ID, "lock+unlock p50", "µs", facade.lockUnlock().p50Micros(),
                Design.ARTICLE.label(), article.lockUnlock().p50Micros(), null).labelled("p50"));
        report.add(new ResultRow(ID, "lock+unlock p99", "µs", facade.lockUnlock().p99Micros(),
                Design.ARTICLE.label(), article.lockUnlock().p99Micros(), null).labelled("p99"));
        report.add(ResultRow.alone(ID, "Caucho floor p50 (2 no-op calls)", "µs", facade.floorPair().p50Micros(), null)
                .labelled("floor p50"));
        report.check(ID, "every operation completed", facade.lockUnlock().count() > 0,
                facade.lockUnlock().count() + " operations, " + article.lockUnlock().count() + " for the article");
    }
}
