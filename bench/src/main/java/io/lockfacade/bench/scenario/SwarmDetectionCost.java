package io.lockfacade.bench.scenario;

import io.lockfacade.bench.client.Design;
import io.lockfacade.bench.node.MasterHandle;
import io.lockfacade.bench.node.NodeLine;
import io.lockfacade.bench.node.SwarmHolds;
import io.lockfacade.bench.report.BenchReport;
import io.lockfacade.bench.report.ResultRow;
import io.lockfacade.bench.report.Target;
import io.lockfacade.bench.stats.LatencyHistogram;

import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Scenario 6's cost of deadlock detection when no deadlock exists. A swarm whose waiters hold nothing makes the
 * same plain calls with detection on or off (a thread that holds nothing cannot be in a cycle), so here each of the
 * swarm's clients holds a lock of its own under the swarm's session while it waits for the hot keys: with detection
 * on each waiting call names that lock ({@link SwarmHolds#NAMED}) and the master watches every parked call, checks
 * it once it has waited the default check delay (1 s) and again every second while it waits; with detection off
 * the same waits are plain ({@link SwarmHolds#UNNAMED}). The unrelated client's {@code tryLock} latency is measured
 * beside each, on one master, in alternating turns (a fresh swarm per turn, the probe warmed up with the swarm parked
 * before each measured window), so both see the same machine. The master is fresh, and the first turn on it is the
 * slowest whichever swarm runs it (its request path is still being compiled), so one turn of each swarm warms it up
 * first, not measured.
 */
final class SwarmDetectionCost {

    /** The target: the unrelated client's latency with detection on within this factor of off. */
    static final double MAX_RATIO_TO_OFF = 1.05;

    private static final double MEDIAN = 50;
    private static final double P99 = 99;

    private SwarmDetectionCost() {
    }

    /**
     * Runs both swarms for half of {@link BenchProfile#swarmWindow()} each, in {@link BenchProfile#rounds()} turns
     * apiece (which goes first alternates), and reports the on ÷ off ratios.
     */
    static void run(BenchContext context, BenchReport report) throws Exception {
        BenchProfile profile = context.profile();
        Duration turnWindow = profile.swarmWindow().dividedBy(2L * profile.rounds());
        Map<SwarmHolds, LatencyHistogram> probes = new EnumMap<>(SwarmHolds.class);
        Map<SwarmHolds, String> swarmProblems = new EnumMap<>(SwarmHolds.class);
        long deadlocks = 0;
        try (MasterHandle master = MasterHandle.start(Design.LOCK_FACADE, BenchProfile.MASTER_HEAP)) {
            for (SwarmHolds holds : List.of(SwarmHolds.UNNAMED, SwarmHolds.NAMED)) { // a fresh master: not measured
                ManyWaiters.swarmTurn(context, Design.LOCK_FACADE, master, holds, Duration.ZERO, profile.warmUp());
            }
            for (int round = 0; round < profile.rounds(); round++) {
                List<SwarmHolds> order = round % 2 == 0 ? List.of(SwarmHolds.NAMED, SwarmHolds.UNNAMED)
                        : List.of(SwarmHolds.UNNAMED, SwarmHolds.NAMED);
                for (SwarmHolds holds : order) {
                    ManyWaiters.SwarmTurn turn = ManyWaiters.swarmTurn(context, Design.LOCK_FACADE, master, holds,
                            Rounds.LATER_WARM_UP, turnWindow);
                    probes.computeIfAbsent(holds, any -> new LatencyHistogram()).add(turn.probe().latency());
                    deadlocks += turn.result().number("deadlocks");
                    problem(profile.swarmWaiters(), turn).ifPresent(text -> swarmProblems.merge(holds, text,
                            (first, later) -> first));
                }
            }
        }
        report(report, profile.swarmWaiters(), probes.get(SwarmHolds.NAMED), probes.get(SwarmHolds.UNNAMED));
        report.check(ManyWaiters.ID, "holding swarm: no deadlock reported without one", deadlocks == 0,
                deadlocks + " reports");
        report.check(ManyWaiters.ID, "holding swarm, detection on and off: the calls were parked, almost none failed",
                swarmProblems.isEmpty(), swarmProblems.isEmpty() ? "every turn" : swarmProblems.toString());
    }

    private static void report(BenchReport report, int waiters, LatencyHistogram on, LatencyHistogram off) {
        String with = String.format(Locale.ROOT, "with %,d waiters each holding a lock of its own, detection on",
                waiters);
        Target target = Target.ratioAtMost("≤ " + MAX_RATIO_TO_OFF + "× off", MAX_RATIO_TO_OFF);
        report.add(new ResultRow(ManyWaiters.ID, "unrelated tryLock p50 " + with, "ms",
                ManyWaiters.millis(on.percentileMicros(MEDIAN)), "detection off",
                ManyWaiters.millis(off.percentileMicros(MEDIAN)), target).labelled("p50 detection on ÷ off"));
        report.add(new ResultRow(ManyWaiters.ID, "unrelated tryLock p99 " + with, "ms",
                ManyWaiters.millis(on.percentileMicros(P99)), "detection off",
                ManyWaiters.millis(off.percentileMicros(P99)), target).labelled("p99 detection on ÷ off"));
    }

    /** @return what went wrong with a turn's swarm, empty if its calls were parked and answered */
    private static Optional<String> problem(int waiters, ManyWaiters.SwarmTurn turn) {
        NodeLine result = turn.result();
        long errors = result.number("errors");
        long calls = result.number("grants") + result.number("emptyWaits") + errors;
        if (ManyWaiters.parkedAndAnswered(waiters, turn.parked(), calls, errors)) {
            return Optional.empty();
        }
        return Optional.of(turn.parked() + " parked of " + waiters + ", " + errors + " errors, first: "
                + result.text("firstError"));
    }
}
