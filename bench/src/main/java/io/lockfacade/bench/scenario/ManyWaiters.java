package io.lockfacade.bench.scenario;

import io.lockfacade.bench.client.Design;
import io.lockfacade.bench.client.LockClient;
import io.lockfacade.bench.node.JvmCommand;
import io.lockfacade.bench.node.MasterHandle;
import io.lockfacade.bench.node.MasterStats;
import io.lockfacade.bench.node.NodeChannel;
import io.lockfacade.bench.node.NodeLine;
import io.lockfacade.bench.node.RequestThreads;
import io.lockfacade.bench.node.SwarmHolds;
import io.lockfacade.bench.node.WaiterSwarmMain;
import io.lockfacade.bench.report.BenchReport;
import io.lockfacade.bench.report.ResultRow;
import io.lockfacade.bench.report.Target;
import io.lockfacade.bench.stats.LatencyHistogram;
import io.lockfacade.webapp.HttpServerSizing;

import java.time.Duration;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Scenario 6: a swarm JVM keeps thousands of clients, each on its own connection, waiting for {@value #HOT_KEYS} hot
 * keys (each granted client holds the key {@link #SWARM_HOLD}, releases it and queues again). Meanwhile an unrelated
 * client locks and unlocks keys of its own every {@link #PROBE_PAUSE}; its {@code tryLock} latency shows whether the
 * waiters starve the master (target: p99 under {@value #MAX_P99_MILLIS} ms; the same client on the same master
 * before the swarm started is the reference). The master's request threads show
 * whether waiters hold threads: none of them may be waiting inside the lock service, where the article's design
 * keeps one per waiting call until the pool is exhausted. What deadlock detection costs the unrelated client, with
 * waiters that hold a lock each, is {@link SwarmDetectionCost}'s part.
 */
public final class ManyWaiters implements Scenario {

    /** The target for the unrelated client's p99. */
    public static final double MAX_P99_MILLIS = 10;

    /** The relative target: the p99 with the swarm at most this many times the p99 without it. */
    public static final double MAX_P99_RATIO_TO_IDLE = 2;

    /** Keys the swarm waits for. */
    public static final int HOT_KEYS = 4;

    /** How long a swarm client that got a hot key holds it. */
    public static final Duration SWARM_HOLD = Duration.ofMillis(100);

    /** Pause of the unrelated client between two operations. */
    public static final Duration PROBE_PAUSE = Duration.ofMillis(5);

    /** The probe without waiters, the reference, runs for this fraction of the window with them. */
    public static final int QUIET_SHARE = 3;

    /** Read timeout of the unrelated client: a call stuck behind the swarm counts as this long. */
    public static final Duration PROBE_READ_TIMEOUT = Duration.ofSeconds(3);

    static final String ID = "S6";
    private static final String HOT_TYPE = "bench-hot";
    private static final String PROBE_TYPE = "bench-unrelated";
    private static final Duration SWARM_START_TIMEOUT = Duration.ofMinutes(2);
    private static final Duration PARKING_TIMEOUT = Duration.ofSeconds(20);
    private static final Duration PARKING_POLL = Duration.ofMillis(250);
    /**
     * Share of the swarm's calls allowed to fail: with thousands of pooled connections a request may race the close
     * of an idle one. The first failure is reported.
     */
    private static final double TOLERATED_ERROR_SHARE = 0.001;
    /** The swarm counts as parked once this share of its clients waits on the master. */
    private static final double PARKED_SHARE = 0.9;
    /** The article's master cannot count waiters: the swarm is given this long to reach it. */
    private static final Duration ARTICLE_SETTLE = Duration.ofSeconds(2);
    private static final double MICROS_PER_MILLI = 1_000.0;
    private static final double PERCENT = 100;
    private static final String SWARM_HEAP = "512m";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String title() {
        return "Many parked waiters";
    }

    @Override
    public void run(BenchContext context, BenchReport report) throws Exception {
        Map<Design, SwarmFigures> figures = new EnumMap<>(Design.class);
        for (Design design : Design.values()) {
            figures.put(design, measure(context, design));
        }
        SwarmFigures facade = figures.get(Design.LOCK_FACADE);
        SwarmFigures article = figures.get(Design.ARTICLE);
        int waiters = context.profile().swarmWaiters();
        String with = String.format(Locale.ROOT, "with %,d waiters", waiters);
        report.add(new ResultRow(ID, "unrelated tryLock p99 " + with, "ms", millis(facade.probe().p99Micros()),
                Design.ARTICLE.label(), millis(article.probe().p99Micros()),
                Target.valueAtMost("< " + (int) MAX_P99_MILLIS + " ms", MAX_P99_MILLIS)).labelled("tryLock p99"));
        report.add(new ResultRow(ID, "unrelated tryLock p99 " + with, "ms", millis(facade.probe().p99Micros()),
                "no waiters", millis(facade.withoutSwarm().p99Micros()),
                Target.ratioAtMost("≤ " + MAX_P99_RATIO_TO_IDLE + "× no waiters", MAX_P99_RATIO_TO_IDLE))
                .labelled("p99 ÷ no waiters"));
        report.add(new ResultRow(ID, "unrelated tryLock p50 " + with, "ms", millis(facade.probe().p50Micros()),
                Design.ARTICLE.label(), millis(article.probe().p50Micros()), null).labelled("tryLock p50"));
        report.add(new ResultRow(ID, "unrelated calls timed out (" + PROBE_READ_TIMEOUT.toSeconds() + " s)", "%",
                facade.timedOutPercent(), Design.ARTICLE.label(), article.timedOutPercent(), null));
        report.add(new ResultRow(ID, "request threads held by waiting calls " + with, "threads",
                facade.requestThreads().heldByWaiters(), Design.ARTICLE.label(),
                article.requestThreads().heldByWaiters(), Target.valueAtMost("none of "
                + HttpServerSizing.MAX_THREADS, 0)).labelled("threads held"));
        report.add(new ResultRow(ID, "master peak threads " + with + " (idle: " + facade.idleThreads() + ")",
                "threads", facade.peakThreads(), Design.ARTICLE.label(), article.peakThreads(), null)
                .labelled("peak threads"));
        report.add(ResultRow.alone(ID, "calls parked on the master after the window " + with, "calls",
                facade.parked(), null));
        long swarmCalls = facade.swarmAnswers() + facade.swarmErrors();
        report.check(ID, "the swarm's calls were parked, almost none failed",
                parkedAndAnswered(waiters, facade.parked(), swarmCalls, facade.swarmErrors()),
                facade.parked() + " parked of " + waiters + ", " + facade.swarmGrants() + " hot-key grants, "
                        + facade.swarmErrors() + " swarm errors, first: " + facade.swarmFirstError());
        SwarmDetectionCost.run(context, report);
    }

    private static SwarmFigures measure(BenchContext context, Design design) throws Exception {
        BenchProfile profile = context.profile();
        try (MasterHandle master = MasterHandle.start(design, BenchProfile.MASTER_HEAP)) {
            int idleThreads = master.stats().threads();
            ProbeFigures quiet = probe(context, design, master, profile.swarmWindow().dividedBy(QUIET_SHARE));
            master.resetPeakThreads();
            SwarmTurn turn = swarmTurn(context, design, master, SwarmHolds.NOTHING, Duration.ZERO,
                    profile.swarmWindow());
            NodeLine result = turn.result();
            return new SwarmFigures(quiet.latency(), turn.probe().latency(), turn.probe().timedOutPercent(),
                    idleThreads, turn.during().peakThreads(), turn.threads(), turn.parked(), result.number("errors"),
                    result.number("grants") + result.number("emptyWaits"), result.number("grants"),
                    result.text("firstError"));
        }
    }

    /**
     * Starts a swarm of {@link BenchProfile#swarmWaiters()} clients holding {@code holds} on {@code master}, waits
     * until its calls are parked, probes with the unrelated client for {@code warmUp} (not measured) and then for
     * {@code window}, then stops the swarm.
     *
     * @return the probe's figures, the master's while the swarm waited, and the swarm's own counters
     */
    static SwarmTurn swarmTurn(BenchContext context, Design design, MasterHandle master, SwarmHolds holds,
                               Duration warmUp, Duration window) throws Exception {
        int waiters = context.profile().swarmWaiters();
        try (NodeChannel swarm = NodeChannel.start(context.uniqueName("swarm"), JvmCommand.of(SWARM_HEAP,
                WaiterSwarmMain.class, WaiterSwarmMain.args(master.serviceUri(), HOT_TYPE, waiters, HOT_KEYS,
                        SWARM_HOLD, holds)))) {
            swarm.await(WaiterSwarmMain.READY, SWARM_START_TIMEOUT);
            awaitParked(master, waiters);
            if (!warmUp.isZero()) {
                probe(context, design, master, warmUp);
            }
            ProbeFigures probe = probe(context, design, master, window);
            MasterStats during = master.stats();
            RequestThreads threads = master.requestThreads();
            int parked = master.parkedWaiters(HOT_TYPE);
            NodeLine result = swarm.request(WaiterSwarmMain.STOP, WaiterSwarmMain.RESULT, SWARM_START_TIMEOUT);
            return new SwarmTurn(probe, during, threads, parked, result);
        }
    }

    /** @return whether most of the swarm's calls were parked and almost none failed */
    static boolean parkedAndAnswered(int waiters, int parked, long swarmCalls, long swarmErrors) {
        return parked >= PARKED_SHARE * (waiters - HOT_KEYS) && swarmErrors <= TOLERATED_ERROR_SHARE * swarmCalls;
    }

    /** Waits until the swarm's calls are parked (Lock Facade), or a while (the article cannot count them). */
    private static void awaitParked(MasterHandle master, int waiters) throws InterruptedException {
        long deadline = System.nanoTime() + PARKING_TIMEOUT.toNanos();
        int parked = master.parkedWaiters(HOT_TYPE);
        while (parked >= 0 && parked < PARKED_SHARE * (waiters - HOT_KEYS) && System.nanoTime() < deadline) {
            Thread.sleep(PARKING_POLL.toMillis());
            parked = master.parkedWaiters(HOT_TYPE);
        }
        if (parked < 0) {
            Thread.sleep(ARTICLE_SETTLE.toMillis());
        }
    }

    private static ProbeFigures probe(BenchContext context, Design design, MasterHandle master, Duration window)
            throws InterruptedException {
        LatencyHistogram latency = new LatencyHistogram();
        long timedOut = 0;
        try (LockClient client = LockClient.connect(design, master.serviceUri(), context.uniqueName("s6"),
                PROBE_READ_TIMEOUT)) {
            long end = System.nanoTime() + window.toNanos();
            long sequence = 0;
            while (System.nanoTime() < end) {
                String key = "u-" + sequence++;
                long start = System.nanoTime();
                boolean locked;
                try {
                    locked = client.facade().tryLock(PROBE_TYPE, key);
                } catch (RuntimeException stuck) {
                    locked = false;
                    timedOut++;
                }
                latency.recordNanos(System.nanoTime() - start);
                if (locked) {
                    unlockQuietly(client, key);
                }
                TimeUnit.NANOSECONDS.sleep(PROBE_PAUSE.toNanos());
            }
        }
        return new ProbeFigures(latency, latency.count() == 0 ? 0 : PERCENT * timedOut / latency.count());
    }

    /** Releases a probe key; a master too busy to answer frees it when its lease ends. */
    private static void unlockQuietly(LockClient client, String key) {
        try {
            client.facade().unlock(PROBE_TYPE, key);
        } catch (RuntimeException stuck) {
            // the lease ends it; the probe's figure is its tryLock
        }
    }

    static double millis(double micros) {
        return micros / MICROS_PER_MILLI;
    }

    /** The unrelated client's latency, and the share of its calls that timed out. */
    record ProbeFigures(LatencyHistogram latency, double timedOutPercent) {
    }

    /** One swarm's time on the master: the probe's figures, the master's, and the swarm's {@code RESULT}. */
    record SwarmTurn(ProbeFigures probe, MasterStats during, RequestThreads threads, int parked, NodeLine result) {
    }

    private record SwarmFigures(LatencyHistogram withoutSwarm, LatencyHistogram probe, double timedOutPercent,
                                int idleThreads, int peakThreads, RequestThreads requestThreads, int parked,
                                long swarmErrors, long swarmAnswers, long swarmGrants, String swarmFirstError) {
    }
}
