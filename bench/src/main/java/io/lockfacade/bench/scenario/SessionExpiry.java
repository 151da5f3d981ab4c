package io.lockfacade.bench.scenario;

import io.lockfacade.bench.client.Design;
import io.lockfacade.bench.client.LockClient;
import io.lockfacade.bench.node.MasterHandle;
import io.lockfacade.bench.report.BenchReport;
import io.lockfacade.bench.report.ResultRow;
import io.lockfacade.bench.report.Target;
import io.lockfacade.bench.stats.LatencyHistogram;

import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * Scenario 8: a session holding many locks expires. The locks are taken under one session through the service in
 * the master's JVM (as S5 fills its table), which then stops keeping the session alive. Meanwhile an unrelated
 * client locks and unlocks fresh keys, as in S1: at rest while the session lives, and again around the moment its
 * TTL runs out. The master reports when the last of the session's locks was released.
 *
 * <p>Targets: every lock free within {@value #MAX_FREE_AFTER_TTL_MILLIS} ms after the TTL's end, and the unrelated
 * client's p99 during the expiry within {@value #MAX_EXPIRY_P99_RATIO}× its p99 at rest.
 */
public final class SessionExpiry implements Scenario {

    /** The sessions issue's target: all free within TTL + 1 s. */
    public static final long MAX_FREE_AFTER_TTL_MILLIS = 1_000;

    /** The sessions issue's target: unrelated p99 during the expiry within 2× at rest. */
    public static final double MAX_EXPIRY_P99_RATIO = 2;

    /** The at-rest window ends this long before the TTL does; the expiry window starts there. */
    static final Duration EXPIRY_LEAD = Duration.ofMillis(100);

    private static final String ID = "S8";
    private static final String LOCK_TYPE = "bench-s8";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String title() {
        return "A session holding many locks expires";
    }

    @Override
    public void run(BenchContext context, BenchReport report) throws Exception {
        SessionProfile profile = context.profile().sessions();
        try (MasterHandle master = MasterHandle.start(Design.LOCK_FACADE, BenchProfile.MASTER_HEAP);
             LockClient client = LockClient.connect(Design.LOCK_FACADE, master.serviceUri(),
                     context.uniqueName("s8"))) {
            LockUnlockProbe probe = new LockUnlockProbe(client, UncontendedLatency.LOCK_TYPE,
                    context.uniqueName("k"));
            probe.measure(context.profile().warmUp(), false);
            MasterHandle.SessionFill fill = master.fillSession(LOCK_TYPE, profile.expiringLocks(),
                    profile.expiringTtl(), TableScale.OWNERS);
            long ttlEnd = fill.keptAliveNanos() + profile.expiringTtl().toNanos();
            long watchStart = ttlEnd - EXPIRY_LEAD.toNanos();
            LatencyHistogram atRest = new LatencyHistogram();
            probe.run(watchStart, false, (start, latency, floor) -> atRest.recordNanos(latency));
            master.watchForEmpty(LOCK_TYPE, profile.expiringTtl().plus(profile.expiryWatch()).multipliedBy(2));
            LatencyHistogram during = new LatencyHistogram();
            probe.run(ttlEnd + profile.expiryWatch().toNanos(), false,
                    (start, latency, floor) -> during.recordNanos(latency));
            long emptyAt = master.emptyAtNanos();
            report(report, profile, fill, emptyAt < 0 ? Double.NaN
                    : (double) TimeUnit.NANOSECONDS.toMicros(emptyAt - ttlEnd) / 1_000, atRest, during);
        }
    }

    private static void report(BenchReport report, SessionProfile profile, MasterHandle.SessionFill fill,
                               double freeAfterTtlMillis, LatencyHistogram atRest, LatencyHistogram during) {
        String locks = String.format(Locale.ROOT, "%,d locks", profile.expiringLocks());
        report.add(ResultRow.alone(ID, "all " + locks + " of the session free, after its TTL ("
                + profile.expiringTtl().toSeconds() + " s) ran out", "ms", Math.max(0, freeAfterTtlMillis),
                Target.valueAtMost("≤ " + MAX_FREE_AFTER_TTL_MILLIS + " ms", MAX_FREE_AFTER_TTL_MILLIS))
                .labelled("free after TTL"));
        report.add(new ResultRow(ID, "unrelated lock+unlock p99 during the expiry of " + locks, "µs",
                during.p99Micros(), "same client at rest", atRest.p99Micros(),
                Target.ratioAtMost("≤ " + (int) MAX_EXPIRY_P99_RATIO + "× at rest", MAX_EXPIRY_P99_RATIO))
                .labelled("p99 expiry ÷ rest"));
        report.add(new ResultRow(ID, "unrelated lock+unlock p50 during the expiry of " + locks, "µs",
                during.p50Micros(), "same client at rest", atRest.p50Micros(), null).labelled("p50 expiry"));
        report.add(ResultRow.alone(ID, "unrelated lock+unlock max during the expiry of " + locks, "µs",
                during.maxMicros(), null).labelled("max expiry"));
        report.check(ID, "every lock granted under the session, and all of them freed",
                fill.granted() == profile.expiringLocks() && !Double.isNaN(freeAfterTtlMillis),
                fill.granted() + " granted; " + (Double.isNaN(freeAfterTtlMillis) ? "not all freed"
                        : "all freed " + String.format(Locale.ROOT, "%.0f", freeAfterTtlMillis)
                        + " ms after the TTL's end")
                        + "; " + atRest.count() + " + " + during.count() + " unrelated operations");
    }
}
