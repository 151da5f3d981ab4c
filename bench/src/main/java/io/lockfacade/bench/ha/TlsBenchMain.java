package io.lockfacade.bench.ha;

import io.lockfacade.api.LockGrant;
import io.lockfacade.api.LockServiceUnavailableException;
import io.lockfacade.api.MemoryLockService;
import io.lockfacade.client.transport.ClientTransportSettings;
import io.lockfacade.client.transport.MemoryLockServiceProxies;
import io.lockfacade.bench.stats.LatencyHistogram;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/**
 * What TLS costs, measured in one run against masters from the same jar, plain and with {@code --tls-*} side by
 * side: S1 (one thread, lock+unlock of a free key, pooled connections, so TLS sessions are set up once) on two single
 * masters and on two groups of {@link HaLimits#MEMBERS}, in interleaved blocks so that both variants share the
 * machine's ups and downs; then leader crashes (SIGKILL) in both groups, alternately, timed to the first grant of
 * the new leader through the Java client.
 *
 * <p>{@code java -cp bench.jar io.lockfacade.bench.ha.TlsBenchMain [JAR] [ROUNDS] [BLOCKS] [CRASHES] [OUT]};
 * defaults {@code webapp/target/lock-facade-webapp.jar}, 3000 rounds a block, 6 blocks, 3 crashes,
 * {@code bench/results/tls/tls-results.txt}. Prints one {@code TLSBENCH} line per figure and writes them to OUT.
 */
public final class TlsBenchMain {

    private static final String TYPE = "tlsbench";
    private static final Duration LEASE = Duration.ofSeconds(30);
    private static final Duration READY = Duration.ofSeconds(90);
    /**
     * Untimed rounds on each variant before the measured blocks: enough for C2 to compile the TLS record path on
     * both sides (at 3,000 the TLS variant was still being compiled while measured, which counted the JIT as TLS).
     */
    private static final int WARMUP_ROUNDS = 20_000;
    private static final List<String> LINES = new ArrayList<>();

    private TlsBenchMain() {
    }

    /** @param args see the class comment */
    public static void main(String[] args) throws Exception {
        Path built = Path.of(args.length > 0 ? args[0] : "webapp/target/lock-facade-webapp.jar");
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3_000;
        int blocks = args.length > 2 ? Integer.parseInt(args[2]) : 6;
        int crashes = args.length > 3 ? Integer.parseInt(args[3]) : 3;
        Path out = Path.of(args.length > 4 ? args[4] : "bench/results/tls/tls-results.txt");
        Path work = Files.createTempDirectory("tlsbench-");
        MasterJar jar = MasterJar.copyOf(built, work, "tls-bench-admin");
        report("start " + Instant.now() + ", load average " + Files.readString(Path.of("/proc/loadavg")).strip());
        try (TlsMasters plain = TlsMasters.single(jar, work.resolve("single-plain"), false);
             TlsMasters tls = TlsMasters.single(jar, work.resolve("single-tls"), true)) {
            compareS1("single", client(plain), client(tls), rounds, blocks);
        }
        try (TlsMasters plain = TlsMasters.group(jar, work.resolve("group-plain"), false);
             TlsMasters tls = TlsMasters.group(jar, work.resolve("group-tls"), true)) {
            awaitLeader(plain);
            awaitLeader(tls);
            compareS1("group", client(plain), client(tls), rounds, blocks);
            List<Long> plainFailovers = new ArrayList<>();
            List<Long> tlsFailovers = new ArrayList<>();
            for (int trial = 0; trial < crashes; trial++) {
                plainFailovers.add(failover(plain, "plain-" + trial));
                tlsFailovers.add(failover(tls, "tls-" + trial));
            }
            report("group crash failover (SIGKILL of the leader -> first grant) plain " + plainFailovers
                    + " ms, median " + median(plainFailovers) + "; TLS " + tlsFailovers + " ms, median "
                    + median(tlsFailovers));
        }
        report("end " + Instant.now() + ", load average " + Files.readString(Path.of("/proc/loadavg")).strip()
                + "; members' logs in " + work);
        Files.createDirectories(out.toAbsolutePath().getParent());
        Files.write(out, LINES);
    }

    private static void compareS1(String what, MemoryLockService plain, MemoryLockService tls, int rounds, int blocks) {
        s1(plain, what + "-warm-plain", WARMUP_ROUNDS, null);
        s1(tls, what + "-warm-tls", WARMUP_ROUNDS, null);
        LatencyHistogram plainTimes = new LatencyHistogram();
        LatencyHistogram tlsTimes = new LatencyHistogram();
        for (int block = 0; block < blocks; block++) {
            s1(plain, what + "-plain-" + block, rounds, plainTimes);
            s1(tls, what + "-tls-" + block, rounds, tlsTimes);
        }
        Latency p = Latency.of(plainTimes);
        Latency t = Latency.of(tlsTimes);
        report(String.format("%s S1 plain p50 %.3f ms p99 %.3f mean %.3f; TLS p50 %.3f ms p99 %.3f mean %.3f; "
                        + "TLS/plain p50 %.3f, mean %.3f (target <= 1.15); %d samples each", what, p.p50Millis(),
                p.p99Millis(), p.meanMillis(), t.p50Millis(), t.p99Millis(), t.meanMillis(),
                t.p50Millis() / p.p50Millis(), t.meanMillis() / p.meanMillis(), p.count()));
    }

    private static void s1(MemoryLockService master, String label, int rounds, LatencyHistogram times) {
        for (int i = 0; i < rounds; i++) {
            String key = label + "-" + i;
            long start = System.nanoTime();
            LockGrant grant = master.tryLock(TYPE, key, "s1", LEASE.toMillis(), 0);
            if (grant == null || !master.unlock(TYPE, key, "s1")) {
                throw new IllegalStateException("S1 lock+unlock of a free key failed: " + label);
            }
            if (times != null) {
                times.recordNanos(System.nanoTime() - start);
            }
        }
    }

    /** Crashes the leader, times the first grant through the Java client, restarts the member. */
    private static long failover(TlsMasters group, String label) throws Exception {
        int leader = awaitLeader(group);
        MemoryLockService client = client(group);
        s1(client, label + "-warm", 200, null);
        long crashed = System.nanoTime();
        group.crash(leader);
        long deadline = crashed + HaLimits.RECOVERY_CAP.toNanos();
        while (System.nanoTime() < deadline) {
            try {
                if (client.tryLock(TYPE, label, "failover", LEASE.toMillis(), 0) != null) {
                    long millis = Duration.ofNanos(System.nanoTime() - crashed).toMillis();
                    client.unlock(TYPE, label, "failover");
                    group.startMember(leader);
                    return millis;
                }
            } catch (LockServiceUnavailableException noLeaderYet) {
                // the client's own failover gave up on this call: ask again, as an application would
            }
        }
        throw new IllegalStateException("no grant within " + HaLimits.RECOVERY_CAP + " after the crash: " + label);
    }

    private static int awaitLeader(TlsMasters group) throws InterruptedException, IOException {
        long deadline = System.nanoTime() + READY.toNanos();
        while (System.nanoTime() < deadline) {
            int restarted = group.restartEnded();
            if (restarted > 0) {
                report("restarted " + restarted + " member(s) that had exited while starting (see their logs)");
            }
            Optional<Integer> leader = group.agreedLeader();
            if (leader.isPresent()) {
                return leader.get();
            }
            Thread.sleep(HaLimits.POLL.toMillis());
        }
        throw new IllegalStateException("no leader agreed on within " + READY);
    }

    private static MemoryLockService client(TlsMasters masters) throws InterruptedException {
        ClientTransportSettings settings = masters.clientStores().map(ClientTransportSettings.defaults()::withTls)
                .orElse(ClientTransportSettings.defaults());
        MemoryLockService client = MemoryLockServiceProxies.create(String.join(",", masters.endpoints()), settings);
        long deadline = System.nanoTime() + READY.toNanos();
        while (true) {
            try {
                client.isLockTypeEmpty(TYPE);
                return client;
            } catch (RuntimeException starting) {
                if (System.nanoTime() > deadline) {
                    throw starting;
                }
                Thread.sleep(HaLimits.POLL.toMillis());
            }
        }
    }

    private static long median(List<Long> values) {
        List<Long> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        return sorted.get(sorted.size() / 2);
    }

    private static void report(String line) {
        LINES.add("TLSBENCH " + line);
        System.out.println("TLSBENCH " + line);
        System.out.flush();
    }
}
