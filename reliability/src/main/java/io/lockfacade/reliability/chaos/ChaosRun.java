package io.lockfacade.reliability.chaos;

import io.lockfacade.api.LockGrant;
import io.lockfacade.api.LockServiceUnavailableException;
import io.lockfacade.client.transport.ClientTransportSettings;
import io.lockfacade.client.transport.MemoryLockServiceProxies;
import io.lockfacade.client.transport.RemoteMemoryLockService;
import io.lockfacade.reliability.network.FaultyProxy;
import io.lockfacade.testkit.master.MasterAdmin;
import io.lockfacade.testkit.master.MasterProcess;
import io.lockfacade.reliability.resource.FencedStore;
import io.lockfacade.reliability.resource.ResourceServer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

/**
 * Runs the randomized mutual-exclusion checker: a real master in its own JVM, client JVMs reaching it through a
 * {@link FaultyProxy} each, the {@link FencedStore} they write to, and a schedule of faults drawn from a seed. Every
 * kind of fault is injected once, in shuffled order, before any is repeated, and the run lasts until each kind was
 * injected at least once. See {@link ChaosReport} for what is checked.
 */
public final class ChaosRun {

    private static final String PROBE_TYPE = "probe";
    private static final String PROBE_OWNER = "chaos-harness";
    private static final long PROBE_LEASE_MILLIS = 1_000;
    private static final Duration QUIET_PERIOD = Duration.ofSeconds(3);
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(45);
    private static final List<String> MASTER_JVM = List.of("-Xmx256m", "-XX:+UseSerialGC",
            "-XX:TieredStopAtLevel=1");
    private static final int MAX_ERROR_LINES = 10;

    private final ChaosSettings settings;
    private final Random random;
    private final String secret = "chaos-" + UUID.randomUUID();
    private final EnumMap<FaultKind, Integer> faults = new EnumMap<>(FaultKind.class);
    private final List<String> pausedSections = new ArrayList<>();
    private final List<String> partitionedSections = new ArrayList<>();
    private final List<FaultKind> cycle = new ArrayList<>();
    private final StringBuilder journal = new StringBuilder();
    private final long startNanos = System.nanoTime();
    private long tokenChecks;
    private long tokenRegressions;

    private FencedStore store;
    private ResourceServer resource;
    private MasterProcess master;
    private NodeFleet fleet;
    private HolderChecks holderChecks;
    private RemoteMemoryLockService directMaster;
    private final String adminPassword = "chaos-admin-" + UUID.randomUUID();
    private MasterAdmin operator;

    private ChaosRun(ChaosSettings settings) {
        this.settings = settings;
        this.random = new Random(settings.seed());
        for (FaultKind kind : FaultKind.values()) {
            faults.put(kind, 0);
        }
    }

    /**
     * Runs the checker and cleans up every process and port it used.
     *
     * @return what it found; the caller asserts {@link ChaosReport#problems()} is empty
     */
    public static ChaosReport run(ChaosSettings settings) throws InterruptedException {
        return new ChaosRun(settings).execute();
    }

    private ChaosReport execute() throws InterruptedException {
        store = new FencedStore();
        try (ResourceServer server = new ResourceServer(store);
             MasterProcess masterProcess = MasterProcess.start(new MasterProcess.Settings("master",
                     settings.logDir(), secret, adminPassword, MASTER_JVM, List.of()));
             NodeFleet nodes = new NodeFleet(settings, masterProcess.port(), server.port(), secret)) {
            resource = server;
            master = masterProcess;
            fleet = nodes;
            directMaster = MemoryLockServiceProxies.create(master.serviceUri(), new ClientTransportSettings(
                    Duration.ofSeconds(1), Duration.ofSeconds(3), secret));
            holderChecks = new HolderChecks(directMaster, settings);
            operator = new MasterAdmin(master::port, adminPassword);
            fleet.start(settings.nodes());
            note("started master on port " + master.port() + " and " + settings.nodes() + " nodes");
            injectFaultsUntil(System.nanoTime() + settings.duration().toNanos());
            return finish();
        } finally {
            writeJournal();
        }
    }

    /** Injects faults until {@code endNanos}, and at least until every kind was injected once. */
    private void injectFaultsUntil(long endNanos) throws InterruptedException {
        while (System.nanoTime() < endNanos || faults.containsValue(0)) {
            calm(1_000 + random.nextInt(2_000));
            FaultKind kind = nextFault();
            note("fault " + kind.label());
            switch (kind) {
                case CLIENT_KILL -> killClient();
                case CLIENT_PAUSE -> pauseClient();
                case SESSION_EXPIRE -> expireSession();
                case MASTER_KILL -> killMaster();
                case PROXY_DELAY -> delayNetwork();
                case PROXY_DROP -> dropConnections();
                case PROXY_BLACKHOLE -> blackHole();
                case PARTITION -> partition();
            }
            faults.merge(kind, 1, Integer::sum);
        }
    }

    private FaultKind nextFault() {
        if (cycle.isEmpty()) {
            cycle.addAll(List.of(FaultKind.values()));
            Collections.shuffle(cycle, random);
        }
        return cycle.remove(0);
    }

    private void killClient() throws InterruptedException {
        NodeFleet.Node victim = pickNode();
        List<String> owners = resource.owners().getOrDefault(victim.id(), List.of());
        note("kill -9 " + victim.id() + " with " + store.openSectionsPerNode().getOrDefault(victim.id(), 0)
                + " open sections");
        long killedAt = System.nanoTime();
        fleet.kill(victim);
        store.nodeDied(victim.id());
        holderChecks.schedule(victim.id(), owners, killedAt, "killed");
        calm(300);
        fleet.start(1);
    }

    private void pauseClient() throws InterruptedException {
        NodeFleet.Node victim = pickNodeInLongSection();
        List<String> owners = resource.owners().getOrDefault(victim.id(), List.of());
        long pauseMillis = settings.holderExpiryBoundMillis() + 300 + random.nextInt(700);
        long frozenAt = System.nanoTime();
        victim.jvm().freeze();
        try {
            List<String> watched = store.watchOpenSectionsOf(victim.id()); // frozen: nothing it holds can change
            pausedSections.addAll(watched);
            note("SIGSTOP " + victim.id() + " for " + pauseMillis + " ms with " + watched.size() + " open sections");
            holderChecks.schedule(victim.id(), owners, frozenAt, "frozen");
            sleepUntil(frozenAt + TimeUnit.MILLISECONDS.toNanos(settings.holderExpiryBoundMillis()));
            holderChecks.runDue(false);
            sleepUntil(frozenAt + TimeUnit.MILLISECONDS.toNanos(pauseMillis));
        } finally {
            victim.jvm().thaw();
        }
        note("SIGCONT " + victim.id());
    }

    /**
     * The node keeps running and takes its locks again under a new session, with the same owner names, so the
     * dead-holder check does not apply: what must hold is the run's invariants (no overlap, stale writes fenced off).
     */
    private void expireSession() throws InterruptedException {
        NodeFleet.Node victim = pickNodeInLongSection();
        try {
            List<String> expired = operator.expireSessionsOf(victim.id());
            note("admin force-expired " + expired + " of " + victim.id() + " with "
                    + store.openSectionsPerNode().getOrDefault(victim.id(), 0) + " open sections");
        } catch (IOException e) {
            note("admin could not expire the session of " + victim.id() + ": " + e.getMessage());
        }
    }

    private void killMaster() throws InterruptedException {
        Optional<Long> before = probeToken();
        long downMillis = 500 + random.nextInt(2_000);
        note("kill -9 master (last token " + before.orElse(-1L) + "), down for " + downMillis + " ms");
        master.kill();
        calm(downMillis);
        master.restart();
        fleet.retarget(master.port());
        Optional<Long> after = probeToken();
        note("master back on port " + master.port() + " (first token " + after.orElse(-1L) + ")");
        if (before.isPresent() && after.isPresent()) {
            tokenChecks++;
            if (after.get() <= before.get()) {
                tokenRegressions++;
                note("TOKEN REGRESSION: " + after.get() + " <= " + before.get());
            }
        }
    }

    private void delayNetwork() throws InterruptedException {
        long millis = 3_000 + random.nextInt(2_000);
        fleet.proxies().forEach(proxy -> proxy.delay(settings.maxProxyDelayMillis()));
        calm(millis);
        fleet.proxies().forEach(proxy -> proxy.delay(0));
    }

    private void dropConnections() throws InterruptedException {
        double chance = 0.05 + random.nextDouble() * 0.15;
        fleet.proxies().forEach(proxy -> {
            proxy.dropAll();
            proxy.drop(chance);
        });
        calm(2_000 + random.nextInt(2_000));
        fleet.proxies().forEach(proxy -> proxy.drop(0));
    }

    private void blackHole() throws InterruptedException {
        long millis = 1_000 + random.nextInt(3_000);
        note("black hole for " + millis + " ms");
        fleet.proxies().forEach(proxy -> proxy.blackHole(millis));
        calm(millis + 100);
    }

    private void partition() throws InterruptedException {
        NodeFleet.Node victim = pickNodeInLongSection();
        List<String> owners = resource.owners().getOrDefault(victim.id(), List.of());
        long millis = settings.holderExpiryBoundMillis() + 300 + random.nextInt(700);
        long cutAt = System.nanoTime();
        victim.proxy().blackHole(millis);
        List<String> watched = store.watchOpenSectionsOf(victim.id());
        partitionedSections.addAll(watched);
        note("partition " + victim.id() + " from the master for " + millis + " ms with " + watched.size()
                + " open sections");
        holderChecks.schedule(victim.id(), owners, cutAt, "cut off from the master");
        sleepUntil(cutAt + TimeUnit.MILLISECONDS.toNanos(millis + 100));
    }

    /**
     * Waits a little for a node to be in the middle of a long critical section, so that a pause or a partition
     * catches a holder that will go on writing after it lost its lock.
     */
    private NodeFleet.Node pickNodeInLongSection() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(3);
        while (System.nanoTime() < deadline) {
            boolean someoneInALongSection = store.remainingHoldPerNode().values().stream()
                    .anyMatch(left -> left > TimeUnit.MILLISECONDS.toNanos(500));
            if (someoneInALongSection) {
                break;
            }
            Thread.sleep(20);
        }
        return pickNode();
    }

    /** @return a live node, preferably the one that will stay longest inside a critical section */
    private NodeFleet.Node pickNode() {
        Map<String, Long> remaining = store.remainingHoldPerNode();
        List<NodeFleet.Node> live = new ArrayList<>(fleet.live());
        Collections.shuffle(live, random);
        return live.stream().max(Comparator.comparingLong(node -> remaining.getOrDefault(node.id(), Long.MIN_VALUE)))
                .orElseThrow();
    }

    /** @return a fresh token from the master, asked directly (not through the proxy) */
    private Optional<Long> probeToken() throws InterruptedException {
        for (int attempt = 0; attempt < 5; attempt++) {
            try {
                LockGrant grant = directMaster.tryLock(PROBE_TYPE, "restart", PROBE_OWNER, PROBE_LEASE_MILLIS, 0);
                if (grant != null) {
                    directMaster.unlock(PROBE_TYPE, "restart", PROBE_OWNER);
                    return Optional.of(grant.getFencingToken());
                }
            } catch (LockServiceUnavailableException e) {
                // a pooled connection to the previous master, or the master is starting: try again
                note("token probe failed: " + e.getMessage());
            }
            Thread.sleep(200);
        }
        return Optional.empty();
    }

    private ChaosReport finish() throws InterruptedException {
        fleet.proxies().forEach(FaultyProxy::heal);
        if (!master.isUp()) {
            master.restart();
            fleet.retarget(master.port());
        }
        note("quiet period");
        calm(QUIET_PERIOD.toMillis());
        holderChecks.runDue(true);
        Map<String, Optional<Integer>> exits = fleet.stopAll(STOP_TIMEOUT);
        note("nodes stopped: " + exits);
        long stuck = exits.values().stream().filter(exit -> exit.isEmpty() || exit.get() != 0).count();
        Map<String, String> watched = store.watchedResults();
        long superseded = pausedSections.stream().filter(id -> watched.getOrDefault(id, "").startsWith("superseded"))
                .count();
        long toldLost = pausedSections.stream().filter(id -> watched.getOrDefault(id, "").equals("superseded LOST"))
                .count();
        long partitionedSuperseded = partitionedSections.stream()
                .filter(id -> watched.getOrDefault(id, "").startsWith("superseded")).count();
        long partitionedToldLost = partitionedSections.stream()
                .filter(id -> watched.getOrDefault(id, "").equals("superseded LOST")).count();
        ChaosReport report = new ChaosReport(settings, Duration.ofNanos(System.nanoTime() - startNanos), faults,
                nodeTotals(), store.verdict(), superseded, toldLost, partitionedSuperseded, partitionedToldLost,
                holderChecks.checks(),
                holderChecks.violations(), holderChecks.examples(), tokenChecks, tokenRegressions, stuck,
                nodeErrorLines());
        note(report.summaryLine());
        note("resource verdict: " + report.verdict());
        note("paused sections: " + pausedSections.stream().map(id -> id + "=" + watched.get(id)).toList());
        note("partitioned sections: " + partitionedSections.stream().map(id -> id + "=" + watched.get(id)).toList());
        return report;
    }

    private Map<String, Long> nodeTotals() {
        Map<String, Long> totals = new HashMap<>();
        for (Map<String, Long> node : resource.stats().values()) {
            node.forEach((name, value) -> totals.merge(name, value,
                    name.startsWith("max") ? Math::max : Long::sum));
        }
        return totals;
    }

    private List<String> nodeErrorLines() {
        List<String> lines = new ArrayList<>();
        for (NodeFleet.Node node : fleet.all()) {
            for (String line : node.jvm().lines()) {
                if ((line.startsWith("ERROR") || line.startsWith("HANG") || line.startsWith("STUCK"))
                        && lines.size() < MAX_ERROR_LINES) {
                    lines.add(line);
                }
            }
        }
        return lines;
    }

    private void calm(long millis) throws InterruptedException {
        sleepUntil(System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis));
    }

    /** Sleeps, running due holder checks meanwhile. */
    private void sleepUntil(long wakeNanos) throws InterruptedException {
        while (true) {
            long left = wakeNanos - System.nanoTime();
            if (left <= 0) {
                return;
            }
            TimeUnit.NANOSECONDS.sleep(Math.min(left, TimeUnit.MILLISECONDS.toNanos(100)));
            if (master.isUp()) {
                holderChecks.runDue(false);
            }
        }
    }

    private void note(String line) {
        journal.append(Instant.now()).append(' ').append(line).append('\n');
    }

    private void writeJournal() {
        try {
            Files.createDirectories(settings.logDir());
            Files.writeString(settings.logDir().resolve("chaos-journal.log"), journal);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** @return the run's journal so far: faults with their times, the summary and the verdict */
    public static Path journalOf(ChaosSettings settings) {
        return settings.logDir().resolve("chaos-journal.log");
    }
}
