package io.lockfacade.bench.scenario;

import io.lockfacade.bench.client.Design;
import io.lockfacade.bench.client.LockClient;
import io.lockfacade.bench.node.MasterHandle;
import io.lockfacade.bench.report.BenchReport;
import io.lockfacade.bench.report.ResultRow;
import io.lockfacade.bench.report.Target;
import io.lockfacade.bench.stats.LatencyHistogram;

import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Scenario 5: a master of each design, in its own JVM, holds a million locks. The locks are filled through the
 * service inside the master's JVM (a million HTTP calls would take minutes and measure nothing more), with fresh
 * key strings as decoding would make them and {@value #OWNERS} distinct owners, as threads of a few nodes would be.
 *
 * <p>Three masters run side by side, each in its own JVM: Lock Facade with an empty table, Lock Facade with a full
 * one, and the article's with a full one. Latencies are measured in alternating turns across the three, so that all
 * of them see the same machine.
 *
 * <ul>
 *   <li>Heap per held lock: heap in use after full GCs, before and after the fill, divided by the locks
 *       (target under {@value #MAX_BYTES_PER_LOCK} bytes).</li>
 *   <li>Scenario 1's latency with the table empty, then full (target: median within
 *       {@value #MAX_FULL_TO_EMPTY_RATIO}×).</li>
 *   <li>Mass expiry: a second batch of locks, all leased to end at the same instant; scenario 1's latency is
 *       recorded around that instant and compared with the full table at rest (target: p99 within
 *       {@value #MAX_EXPIRY_P99_RATIO}×: no stall).</li>
 * </ul>
 */
public final class TableScale implements Scenario {

    /** The target for the master's memory per held lock. */
    public static final double MAX_BYTES_PER_LOCK = 300;

    /** The target: scenario 1 with the table full within this factor of the empty table. */
    public static final double MAX_FULL_TO_EMPTY_RATIO = 1.2;

    /** Mass expiry must not stall: scenario 1's p99 during it within this factor of the table at rest. */
    public static final double MAX_EXPIRY_P99_RATIO = 2;

    /** Distinct owners of the filled locks. */
    public static final int OWNERS = 1_000;

    private static final String ID = "S5";
    private static final String FILL_TYPE = "bench-fill";
    private static final String EXPIRING_TYPE = "bench-expiring";
    private static final Duration FILL_LEASE = Duration.ofMinutes(10);
    /** Latency is watched from this long before the expiry instant. */
    private static final Duration EXPIRY_LEAD = Duration.ofMillis(100);

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String title() {
        return "Table of a million locks";
    }

    @Override
    public void run(BenchContext context, BenchReport report) throws Exception {
        Map<Table, MasterHandle> masters = new EnumMap<>(Table.class);
        Map<Table, LockClient> clients = new EnumMap<>(Table.class);
        try {
            Map<Table, LockUnlockProbe> probes = new EnumMap<>(Table.class);
            for (Table table : Table.values()) {
                MasterHandle master = MasterHandle.start(table.design,
                        table.full ? context.profile().tableMasterHeap() : BenchProfile.MASTER_HEAP);
                masters.put(table, master);
                LockClient client = LockClient.connect(table.design, master.serviceUri(), context.uniqueName("s5"));
                clients.put(table, client);
                probes.put(table, new LockUnlockProbe(client, UncontendedLatency.LOCK_TYPE, context.uniqueName("k")));
            }
            figures(context, report, masters, probes);
        } finally {
            clients.values().forEach(LockClient::close);
            masters.values().forEach(MasterHandle::close);
        }
    }

    private static void figures(BenchContext context, BenchReport report, Map<Table, MasterHandle> masters,
                                Map<Table, LockUnlockProbe> probes) throws Exception {
        BenchProfile profile = context.profile();
        LockUnlockProbe.alternate(probes, profile.warmUp(), false);
        Map<Table, Double> bytesPerLock = new EnumMap<>(Table.class);
        Map<Table, Long> filled = new EnumMap<>(Table.class);
        for (Table table : Table.FULL) {
            MasterHandle master = masters.get(table);
            long heapBefore = master.heapAfterGc();
            filled.put(table, master.fill(FILL_TYPE, profile.tableLocks(), FILL_LEASE, OWNERS));
            bytesPerLock.put(table, (double) (master.heapAfterGc() - heapBefore) / profile.tableLocks());
        }
        LockUnlockProbe.alternate(probes, profile.warmUp(), false);
        Map<Table, LockUnlockProbe.Window> atRest = LockUnlockProbe.alternate(probes, profile.scaleWindow(), false);
        Map<Table, LatencyHistogram> during = new EnumMap<>(Table.class);
        for (Table table : Table.FULL) {
            during.put(table, watchMassExpiry(masters.get(table), probes.get(table), profile));
            long held = masters.get(table).stats().held();
            String who = table.design == Design.LOCK_FACADE ? "" : table.design.label() + ": ";
            report.check(ID, who + "every filled lock granted, every expiring lock expired",
                    filled.get(table) == profile.tableLocks() && held == profile.tableLocks(),
                    filled.get(table) + " filled, " + held + " held after the expiry");
        }
        LatencyHistogram empty = atRest.get(Table.FACADE_EMPTY).lockUnlock();
        LatencyHistogram full = atRest.get(Table.FACADE_FULL).lockUnlock();
        LatencyHistogram articleFull = atRest.get(Table.ARTICLE_FULL).lockUnlock();
        LatencyHistogram expiry = during.get(Table.FACADE_FULL);
        LatencyHistogram articleExpiry = during.get(Table.ARTICLE_FULL);
        String held = String.format(Locale.ROOT, "%,d locks held", profile.tableLocks());
        String expiring = String.format(Locale.ROOT, "expiry of %,d locks", profile.expiringLocks());
        String article = Design.ARTICLE.label();
        report.add(new ResultRow(ID, "master heap per held lock", "B", bytesPerLock.get(Table.FACADE_FULL), article,
                bytesPerLock.get(Table.ARTICLE_FULL), Target.valueAtMost("< " + (int) MAX_BYTES_PER_LOCK + " B",
                MAX_BYTES_PER_LOCK)).labelled("heap/lock"));
        report.add(new ResultRow(ID, "lock+unlock p50, " + held, "µs", full.p50Micros(), "empty table",
                empty.p50Micros(), Target.ratioAtMost("≤ " + MAX_FULL_TO_EMPTY_RATIO + "× empty",
                MAX_FULL_TO_EMPTY_RATIO)).labelled("p50 full ÷ empty"));
        report.add(new ResultRow(ID, "lock+unlock p50, " + held, "µs", full.p50Micros(), article,
                articleFull.p50Micros(), null).labelled("p50 full"));
        report.add(new ResultRow(ID, "lock+unlock p99, " + held, "µs", full.p99Micros(), article,
                articleFull.p99Micros(), null).labelled("p99 full"));
        report.add(new ResultRow(ID, "lock+unlock p99 during " + expiring, "µs", expiry.p99Micros(),
                "full table at rest", full.p99Micros(), Target.ratioAtMost("≤ " + (int) MAX_EXPIRY_P99_RATIO
                + "× at rest", MAX_EXPIRY_P99_RATIO)).labelled("p99 expiry ÷ rest"));
        report.add(new ResultRow(ID, "lock+unlock p99 during " + expiring, "µs", expiry.p99Micros(), article,
                articleExpiry.p99Micros(), null).labelled("p99 expiry"));
        report.add(new ResultRow(ID, "lock+unlock max during " + expiring, "µs", expiry.maxMicros(), article,
                articleExpiry.maxMicros(), null).labelled("max expiry"));
    }

    private static LatencyHistogram watchMassExpiry(MasterHandle master, LockUnlockProbe probe, BenchProfile profile)
            throws Exception {
        long deadline = master.fillExpiring(EXPIRING_TYPE, profile.expiringLocks(), profile.expiryDelay(), OWNERS);
        long watchStart = deadline - EXPIRY_LEAD.toNanos();
        long watchEnd = deadline + profile.expiryWatch().toNanos();
        LatencyHistogram during = new LatencyHistogram();
        probe.run(watchEnd, false, (start, latency, floor) -> {
            if (start + latency >= watchStart) {
                during.recordNanos(latency);
            }
        });
        return during;
    }

    /** The masters of this scenario: Lock Facade with an empty and a full table, the article's with a full one. */
    private enum Table {
        FACADE_EMPTY(Design.LOCK_FACADE, false),
        FACADE_FULL(Design.LOCK_FACADE, true),
        ARTICLE_FULL(Design.ARTICLE, true);

        static final List<Table> FULL = List.of(FACADE_FULL, ARTICLE_FULL);

        final Design design;
        final boolean full;

        Table(Design design, boolean full) {
            this.design = design;
            this.full = full;
        }
    }
}
