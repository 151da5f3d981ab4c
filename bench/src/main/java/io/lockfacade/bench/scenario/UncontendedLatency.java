package io.lockfacade.bench.scenario;

import io.lockfacade.bench.client.Design;
import io.lockfacade.bench.client.LockClient;
import io.lockfacade.bench.report.BenchReport;
import io.lockfacade.bench.report.ResultRow;
import io.lockfacade.bench.report.Target;

import java.util.EnumMap;
import java.util.Map;

/**
 * Scenario 1: one thread locks and unlocks fresh keys through the client, against the transport floor (two no-op
 * Hessian calls to the same master, interleaved with the operations) and against the article's design (measured in
 * alternating turns with Lock Facade). Each master runs in its own JVM. Target: the median at most
 * {@value #FLOOR_RATIO_TARGET}× the floor.
 */
public final class UncontendedLatency implements Scenario {

    /** The target: lock+unlock within 1.3× two transport round trips. */
    public static final double FLOOR_RATIO_TARGET = 1.3;

    static final String LOCK_TYPE = "bench-s1";
    private static final String ID = "S1";
    private static final String FLOOR = "2× transport floor";

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
            Map<Design, LockUnlockProbe> probes = new EnumMap<>(Design.class);
            for (Design design : Design.values()) {
                LockClient client = LockClient.connect(design, context.sharedMaster(design).serviceUri(),
                        context.uniqueName("s1"));
                clients.put(design, client);
                probes.put(design, new LockUnlockProbe(client, LOCK_TYPE, context.uniqueName("k")));
            }
            LockUnlockProbe.alternate(probes, context.profile().warmUp(), true);
            Map<Design, LockUnlockProbe.Window> windows =
                    LockUnlockProbe.alternate(probes, context.profile().latencyWindow(), true);
            report(report, windows.get(Design.LOCK_FACADE), windows.get(Design.ARTICLE));
        } finally {
            clients.values().forEach(LockClient::close);
        }
    }

    private static void report(BenchReport report, LockUnlockProbe.Window facade, LockUnlockProbe.Window article) {
        report.add(new ResultRow(ID, "lock+unlock p50", "µs", facade.lockUnlock().p50Micros(), FLOOR,
                facade.floorPair().p50Micros(), Target.ratioAtMost("≤ " + FLOOR_RATIO_TARGET + "× floor",
                FLOOR_RATIO_TARGET)).labelled("p50 ÷ floor"));
        report.add(new ResultRow(ID, "lock+unlock p99", "µs", facade.lockUnlock().p99Micros(), FLOOR,
                facade.floorPair().p99Micros(), null).labelled("p99 ÷ floor"));
        report.add(new ResultRow(ID, "lock+unlock p50", "µs", facade.lockUnlock().p50Micros(),
                Design.ARTICLE.label(), article.lockUnlock().p50Micros(), null).labelled("p50"));
        report.add(new ResultRow(ID, "lock+unlock p99", "µs", facade.lockUnlock().p99Micros(),
                Design.ARTICLE.label(), article.lockUnlock().p99Micros(), null).labelled("p99"));
        report.add(new ResultRow(ID, "transport floor p50 (2 no-op calls)", "µs", facade.floorPair().p50Micros(),
                Design.ARTICLE.label(), article.floorPair().p50Micros(), null).labelled("floor p50"));
        report.check(ID, "every operation completed", facade.lockUnlock().count() > 0,
                facade.lockUnlock().count() + " operations, " + article.lockUnlock().count() + " for the article");
    }
}
