package io.lockfacade.bench.ha;

import com.caucho.hessian.io.SerializerFactory;
import com.hazelcast.core.HazelcastInstance;
import io.lockfacade.group.raft.FsyncPolicy;
import io.lockfacade.bench.report.LoadAverage;
import org.apache.curator.framework.CuratorFramework;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Stream;

/**
 * Runs the failover benchmark of issue 15 in one go: the single master's and the group's S1 and S3, both faults
 * {@code --trials} times against the Lock Facade group and against Hazelcast 5.4 CP, and S1 on Hazelcast CP; then
 * writes {@code ha-results.md} and {@code ha-results.json}. Every process it starts is ended before it returns.
 *
 * <p>{@code java -cp bench/target/lock-facade-bench.jar io.lockfacade.bench.ha.HaBenchMain
 * --master-jar webapp/target/lock-facade-webapp.jar [--group-commit C] [--trials 5] [--hz-trials 5] [--s1-rounds 2000]
 * [--s3-seconds 5] [--out bench/results/ha] [--keep-work false] [--client java|contract]
 * [--only crash|hang|restart-crash|latency]}
 *
 * <p>With {@code --only crash} or {@code --only hang}, it runs just the Lock Facade group's trials of that fault and
 * prints their summary; with {@code --only restart-crash}, leader crashes each 5 s after a follower's restart under
 * load; with {@code --only latency}, just S1, S2 and S3 on the single master and the group (with and without
 * fsync), and S1 and S2 on ZooKeeper and Hazelcast CP beside them, with S4 (a cross-client hand-off) on the
 * single master, the groups and Hazelcast CP. None of these writes a report file.
 */
public final class HaBenchMain {

    /** S4's untimed and timed hand-offs (each about 20 ms of parking plus the hand-off itself). */
    private static final int S4_WARMUP = 50;
    private static final int S4_ROUNDS = 200;


    private HaBenchMain() {
    }

    /**
     * Runs the benchmark.
     *
     * @param args see the class comment
     * @throws Exception if a group cannot be started or a measurement fails outright
     */
    public static void main(String[] args) throws Exception {
        HaOptions options = HaOptions.parse(args);
        // S3's 16 threads each keep a connection to the master; the JDK keeps only 5 idle ones per host by default.
        System.setProperty("http.maxConnections", Integer.toString(2 * HaLimits.S3_THREADS));
        // Until the api on this class path has NotLeaderException, Hessian warns about every "not leader" fault it
        // reads; the fault's message is all the harness needs (NotLeaderAnswer).
        Logger.getLogger(SerializerFactory.class.getName()).setLevel(Level.SEVERE);
        String loadBefore = LoadAverage.now(" / ");
        Path work = Files.createTempDirectory("habench-");
        try {
            if (options.only() != null) {
                faultsOnly(options, loadBefore, work);
                return;
            }
            if (options.restartCrashOnly()) {
                restartCrashOnly(options, loadBefore, work);
                return;
            }
            if (options.latencyOnly()) {
                latencyOnly(options, loadBefore, work);
                return;
            }
            HaResults results = run(options, loadBefore, work);
            String markdown = HaReport.write(results, options.trials(), options.out());
            System.out.println(markdown);
        } finally {
            if (options.keepWork()) {
                log("members' data and logs kept in " + work);
            } else {
                deleteTree(work);
            }
        }
    }

    private static void latencyOnly(HaOptions options, String loadBefore, Path work) throws Exception {
        MasterJar jar = MasterJar.copyOf(options.masterJar(), work, UUID.randomUUID().toString());
        Duration s3 = Duration.ofSeconds(options.s3Seconds());
        try (SingleMaster single = SingleMaster.start(jar, work)) {
            LockFacadeLatency latency = new LockFacadeLatency(List.of(single.endpoint()), 0, options.client());
            latency.awaitServing(HaLimits.GROUP_READY_TIMEOUT);
            log("single master: " + latency.measure("single", options.s1Warmup(), options.s1Rounds(), s3));
            log("single master: S4 hand-off " + latency.s4("single", S4_WARMUP, S4_ROUNDS));
            latency.s2("single-warmup", HaLimits.S2_THREADS, s3);
            log("single master: S2 " + HaLimits.S2_THREADS + " threads, distinct keys, one client JVM: "
                    + Math.round(latency.s2("single", HaLimits.S2_THREADS, s3)) + " pairs/s");
            log("single master: S2 " + HaLimits.S2_THREADS + " threads, distinct keys, " + HaLimits.S2_JVMS
                    + " client JVMs: " + Math.round(S2ClientJvms.run(List.of(single.endpoint()), 0, HaLimits.S2_JVMS,
                    HaLimits.S2_THREADS / HaLimits.S2_JVMS, s3, work, "single")) + " pairs/s");
            log("single master: heap per held lock " + HeapPerLock.measure(List.of(single.pid()),
                    List.of(single.endpoint()), 0, options.client()) + " B");
        }
        try (LockFacadeGroup group = new LockFacadeGroup(jar, Files.createDirectories(work.resolve("group")))) {
            group.start();
            int leader = group.awaitAgreedLeader();
            LockFacadeLatency latency = new LockFacadeLatency(group.endpoints(), leader, options.client());
            log("group: " + latency.measure("group", options.s1Warmup(), options.s1Rounds(), s3));
            log("group: S4 hand-off " + latency.s4("group", S4_WARMUP, S4_ROUNDS));
            logS2("group", group, leader, latency, s3, work);
            log("group: heap per held lock " + HeapPerLock.measure(group.pids(), group.endpoints(),
                    group.awaitAgreedLeader(), options.client()) + " B");
        }
        try (LockFacadeGroup group = new LockFacadeGroup(jar, Files.createDirectories(work.resolve("group-nofsync")),
                List.of("--fsync", FsyncPolicy.OFF.flagValue()))) {
            group.start();
            int leader = group.awaitAgreedLeader();
            LockFacadeLatency latency = new LockFacadeLatency(group.endpoints(), leader, options.client());
            log("group --fsync off: " + latency.measure("group-nofsync", options.s1Warmup(), options.s1Rounds(),
                    s3));
            log("group --fsync off: S4 hand-off " + latency.s4("group-nofsync", S4_WARMUP, S4_ROUNDS));
            logS2("group --fsync off", group, leader, latency, s3, work);
        }
        logZooKeeper(options, work, s3);
        logHazelcast(options, work, s3);
        log("Raft engine alone: one entry " + RaftFloor.measure(work, FsyncPolicy.ALWAYS, options.s1Rounds())
                + "; without fsync " + RaftFloor.measure(work, FsyncPolicy.OFF, options.s1Rounds()));
        log("latency only, group " + options.groupCommit() + "; load " + loadBefore + " at start, " + LoadAverage.now(" / ")
                + " at end");
    }

    /** S1 and S2 (one client JVM) on 3 Hazelcast CP members in 3 JVMs, their log in memory. */
    private static void logHazelcast(HaOptions options, Path work, Duration s2Duration) throws Exception {
        try (HazelcastCpGroup hazelcast = new HazelcastCpGroup(work.resolve("hz-latency"))) {
            HazelcastInstance client = hazelcast.newClient();
            log("Hazelcast CP 3 members: S1 " + HazelcastLatency.s1(client, options.s1Warmup(), options.s1Rounds()));
            log("Hazelcast CP 3 members: S4 hand-off " + HazelcastLatency.s4(client, hazelcast.newClient(),
                    S4_WARMUP, S4_ROUNDS));
            HazelcastLatency.s2(client, HaLimits.S2_THREADS, s2Duration);
            log("Hazelcast CP 3 members: S2 " + HaLimits.S2_THREADS + " threads, distinct keys, one client JVM: "
                    + Math.round(HazelcastLatency.s2(client, HaLimits.S2_THREADS, s2Duration)) + " pairs/s");
        }
    }

    /** S1 and S2 (one client JVM) on a 3-server ZooKeeper ensemble with forceSync, through Curator. */
    private static void logZooKeeper(HaOptions options, Path work, Duration s2Duration) throws Exception {
        try (ZooKeeperEnsemble ensemble = new ZooKeeperEnsemble(work.resolve("zookeeper"), true)) {
            CuratorFramework client = ensemble.newClient();
            log("ZooKeeper 3-member (forceSync): S1 " + ZooKeeperLatency.s1(client, options.s1Warmup(),
                    options.s1Rounds()));
            ZooKeeperLatency.s2(client, "warmup", HaLimits.S2_THREADS, s2Duration);
            log("ZooKeeper 3-member (forceSync): S2 " + HaLimits.S2_THREADS + " threads, distinct keys, one client"
                    + " JVM: " + Math.round(ZooKeeperLatency.s2(client, "s2", HaLimits.S2_THREADS, s2Duration))
                    + " pairs/s");
        }
    }

    /**
     * S2 on a group from one client JVM and from {@link HaLimits#S2_JVMS} client JVMs (the same threads in all),
     * with the entries each fsync carried on every member meanwhile.
     */
    private static void logS2(String label, LockFacadeGroup group, int leader, LockFacadeLatency latency,
                              Duration duration, Path dir) throws InterruptedException, IOException {
        String name = label.replace(' ', '-');
        latency.s2(name + "-warmup", HaLimits.S2_THREADS, duration);
        List<GroupStatusProbe.LogCounts> before = logCounts(group);
        double pairs = latency.s2(name, HaLimits.S2_THREADS, duration);
        log(label + ": S2 " + HaLimits.S2_THREADS + " threads, distinct keys, one client JVM: " + Math.round(pairs)
                + " pairs/s; per append (per fsync with fsync on): " + perAppend(group, leader, before));
        before = logCounts(group);
        double spread = S2ClientJvms.run(group.endpoints(), leader, HaLimits.S2_JVMS,
                HaLimits.S2_THREADS / HaLimits.S2_JVMS, duration, dir, name);
        log(label + ": S2 " + HaLimits.S2_THREADS + " threads, distinct keys, " + HaLimits.S2_JVMS + " client JVMs: "
                + Math.round(spread) + " pairs/s; per append: " + perAppend(group, leader, before));
    }

    private static List<GroupStatusProbe.LogCounts> logCounts(LockFacadeGroup group) {
        List<GroupStatusProbe.LogCounts> counts = new ArrayList<>();
        for (int i = 0; i < HaLimits.MEMBERS; i++) {
            counts.add(group.logCounts(i).orElseThrow());
        }
        return counts;
    }

    /** @return per member, the requests (commands) and the entries one append carried since {@code before} */
    private static String perAppend(LockFacadeGroup group, int leader, List<GroupStatusProbe.LogCounts> before) {
        StringBuilder perMember = new StringBuilder();
        for (int i = 0; i < HaLimits.MEMBERS; i++) {
            GroupStatusProbe.LogCounts now = group.logCounts(i).orElseThrow();
            perMember.append(i == 0 ? "" : ", ").append(LockFacadeGroup.id(i)).append(i == leader ? " (leader) " : " ")
                    .append(String.format(java.util.Locale.ROOT, "%.2f requests in %.2f entries",
                            now.commandsPerAppendSince(before.get(i)), now.entriesPerAppendSince(before.get(i))));
        }
        return perMember.toString();
    }

    private static HaResults run(HaOptions options, String loadBefore, Path work) throws Exception {
        MasterJar jar = MasterJar.copyOf(options.masterJar(), work, UUID.randomUUID().toString());
        Duration s3 = Duration.ofSeconds(options.s3Seconds());
        LockFacadeLatency.Measured single;
        double singleHeap;
        try (SingleMaster master = SingleMaster.start(jar, work)) {
            LockFacadeLatency latency = new LockFacadeLatency(List.of(master.endpoint()), 0, options.client());
            latency.awaitServing(HaLimits.GROUP_READY_TIMEOUT);
            single = latency.measure("single", options.s1Warmup(), options.s1Rounds(), s3);
            singleHeap = HeapPerLock.measure(List.of(master.pid()), List.of(master.endpoint()), 0, options.client())
                    .get(0);
        }
        log("single master: heap per held lock " + singleHeap + " B");
        log("single master: " + single);
        LockFacadeLatency.Measured grouped;
        List<Double> groupHeap;
        Map<FaultKind, FaultSummary> lockFacade = new EnumMap<>(FaultKind.class);
        try (LockFacadeGroup group = new LockFacadeGroup(jar, Files.createDirectories(work.resolve("group")))) {
            group.start();
            LockFacadeLatency latency = new LockFacadeLatency(group.endpoints(), group.awaitAgreedLeader(),
                    options.client());
            grouped = latency.measure("group", options.s1Warmup(), options.s1Rounds(), s3);
            log("group: " + grouped);
            LockFacadeFaultTrial trial = new LockFacadeFaultTrial(group, options.client());
            for (FaultKind fault : FaultKind.values()) {
                lockFacade.put(fault, new FaultSummary(trials(trial, fault, options.trials())));
            }
            // after the faults: 50,000 held locks would have weighed on every failover
            groupHeap = HeapPerLock.measure(group.pids(), group.endpoints(), group.awaitAgreedLeader(),
                    options.client());
        }
        log("group: heap per held lock " + groupHeap + " B");
        Latency raftEntry = RaftFloor.measure(work, FsyncPolicy.ALWAYS, options.s1Rounds());
        Latency raftEntryNoFsync = RaftFloor.measure(work, FsyncPolicy.OFF, options.s1Rounds());
        log("Raft engine alone: one entry " + raftEntry + "; without fsync " + raftEntryNoFsync);
        Latency hazelcastS1;
        try (HazelcastCpGroup hazelcast = new HazelcastCpGroup(work.resolve("hz-s1"))) {
            HazelcastInstance client = hazelcast.newClient();
            hazelcastS1 = HazelcastLatency.s1(client, options.s1Warmup(), options.s1Rounds());
        }
        log("hazelcast: S1 " + hazelcastS1);
        Map<FaultKind, FaultSummary> hazelcast = new EnumMap<>(FaultKind.class);
        HazelcastFaultTrial hzTrial = new HazelcastFaultTrial(work);
        for (FaultKind fault : FaultKind.values()) {
            List<TrialResult> trials = new ArrayList<>();
            int skipped = 0;
            for (int i = 0; i < options.hazelcastTrials(); i++) {
                try {
                    trials.add(logged("hazelcast " + fault, hzTrial.run(fault, i)));
                } catch (IllegalStateException noCluster) {
                    log("hazelcast " + fault + " trial " + i + " skipped: " + noCluster.getMessage());
                    skipped++;
                }
            }
            hazelcast.put(fault, new FaultSummary(trials, skipped));
        }
        return new HaResults(options.groupCommit(), options.client(), loadBefore, LoadAverage.now(" / "), lockFacade, hazelcast,
                grouped.s1(), single.s1(), hazelcastS1, grouped.s3(), single.s3(), raftEntry, raftEntryNoFsync,
                singleHeap, groupHeap);
    }

    private static void faultsOnly(HaOptions options, String loadBefore, Path work) throws Exception {
        MasterJar jar = MasterJar.copyOf(options.masterJar(), work, UUID.randomUUID().toString());
        FaultSummary summary;
        try (LockFacadeGroup group = new LockFacadeGroup(jar, Files.createDirectories(work.resolve("group")))) {
            group.start();
            group.awaitAgreedLeader();
            summary = new FaultSummary(trials(new LockFacadeFaultTrial(group, options.client()), options.only(),
                    options.trials()));
        }
        System.out.println(options.only().label() + ", group " + options.groupCommit() + ", " + options.trials()
                + " trials: min / median / max " + HaReport.seconds(summary.min()) + " / "
                + HaReport.seconds(summary.median()) + " / " + HaReport.seconds(summary.max()) + " s, held lock kept "
                + summary.heldKept() + "/" + options.trials() + "; load " + loadBefore + " at start, "
                + LoadAverage.now(" / ") + " at end");
    }

    private static void restartCrashOnly(HaOptions options, String loadBefore, Path work) throws Exception {
        MasterJar jar = MasterJar.copyOf(options.masterJar(), work, UUID.randomUUID().toString());
        List<TrialResult> trials = new ArrayList<>();
        try (LockFacadeGroup group = new LockFacadeGroup(jar, Files.createDirectories(work.resolve("group")))) {
            group.start();
            group.awaitAgreedLeader();
            LockFacadeFaultTrial trial = new LockFacadeFaultTrial(group, options.client());
            for (int i = 0; i < options.trials(); i++) {
                trials.add(logged("lock facade leader crash 5 s after a follower restart",
                        trial.runAfterFollowerRestart(i)));
            }
        }
        FaultSummary summary = new FaultSummary(trials);
        System.out.println("leader crash " + HaLimits.RESTART_TO_FAULT.toSeconds() + " s after a follower restart, "
                + "group " + options.groupCommit() + ", " + options.trials() + " trials: min / median / max "
                + HaReport.seconds(summary.min()) + " / " + HaReport.seconds(summary.median()) + " / "
                + HaReport.seconds(summary.max()) + " s, held lock kept " + summary.heldKept() + "/"
                + options.trials() + "; load " + loadBefore + " at start, " + LoadAverage.now(" / ") + " at end");
    }

    private static List<TrialResult> trials(LockFacadeFaultTrial trial, FaultKind fault, int count)
            throws InterruptedException, IOException {
        List<TrialResult> trials = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            trials.add(logged("lock facade " + fault, trial.run(fault, i)));
        }
        return trials;
    }

    private static TrialResult logged(String what, TrialResult result) {
        log(what + ": " + result);
        return result;
    }

    private static void log(String line) {
        System.err.println("[ha-bench] " + line);
    }

    /** Deletes {@code root} and everything under it. */
    static void deleteTree(Path root) throws IOException {
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }
}
