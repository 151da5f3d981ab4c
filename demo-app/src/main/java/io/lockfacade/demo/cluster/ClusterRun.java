package io.lockfacade.demo.cluster;

import io.lockfacade.client.spring.LockFacadeProperties;
import io.lockfacade.demo.bank.AccountStore;
import io.lockfacade.demo.boot.BootNodeApplication;
import io.lockfacade.demo.locks.LockMode;
import io.lockfacade.demo.node.NodeReport;
import io.lockfacade.demo.node.NodeSettings;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * One demo run: a fresh store, a master or a master group (for the distributed lock), N node JVMs started together,
 * progress while they work (with a group: the leader killed halfway, see {@link LeaderCrash}), and the
 * {@link Verdict}. {@link #close()} stops every process the run started and deletes the store and the group's data;
 * it is safe to call from a shutdown hook and more than once.
 */
public final class ClusterRun implements AutoCloseable {

    /** Milliseconds per second, for printing. */
    static final long MILLIS_PER_SECOND = 1_000;
    /** How long node JVMs may take to start their Spring context. */
    static final Duration NODE_START_TIMEOUT = Duration.ofSeconds(90);
    /** Time between progress lines. */
    static final Duration PROGRESS_INTERVAL = Duration.ofSeconds(1);
    /** Time allowed beyond the workload's own: an operation's last lock wait and the node's exit. */
    static final Duration RUN_MARGIN = Duration.ofSeconds(30);
    /** Longest a run bounded by an operation count may take. */
    static final Duration OPERATIONS_RUN_LIMIT = Duration.ofMinutes(10);
    private static final int SECRET_BYTES = 16;
    private static final String QUIET_LOGS = "warn";
    private static final String LOG_LEVEL_PROPERTY = "org.slf4j.simpleLogger.defaultLogLevel";
    private static final String SECRET_ENV = "LOCKFACADE_SECRET";
    /** The node that runs as the Spring Boot sample application (the others are plain Spring applications). */
    private static final int SPRING_BOOT_NODE = 1;

    private final ClusterOptions options;
    private final PrintStream out;
    private final PrintStream errors;
    private final String secret = randomToken();
    private final String adminPassword = randomToken();
    private final List<NodeProcess> nodes = new CopyOnWriteArrayList<>();
    private final AtomicBoolean closed = new AtomicBoolean();
    private volatile MasterProcess master;
    private volatile MasterGroupProcess group;
    private volatile LeaderCrash crash;
    private volatile Path store;

    /**
     * @param options what to run
     * @param out     where progress and the verdict go
     * @param errors  where the children's error output goes
     */
    public ClusterRun(ClusterOptions options, PrintStream out, PrintStream errors) {
        this.options = options;
        this.out = out;
        this.errors = errors;
    }

    /**
     * Runs the demo and prints the verdict. The master, if any, is still running afterwards.
     *
     * @return the verdict
     * @throws IOException           if the store or a JVM cannot be created, or the master does not start
     * @throws IllegalStateException if a node fails, exits early or does not finish in time
     * @throws InterruptedException  if interrupted while waiting
     */
    public Verdict run() throws IOException, InterruptedException {
        LockMode mode = options.mode();
        long launchNanos = System.nanoTime();
        out.printf("Lock Facade demo: %d nodes x %d threads, lock %s, %s, %d accounts%n", options.nodes(),
                options.threads(), mode.label(), options.workloadDescription(), options.accounts());
        store = StoreLocation.createStore();
        AccountStore.initialize(store, options.accounts(), ClusterOptions.OPENING_BALANCE);
        out.println("  shared store: " + store);
        if (options.runsGroup()) {
            startGroup(launchNanos);
        } else if (mode.needsMaster()) {
            master = MasterProcess.start(options.port(), secret, adminPassword, errors);
            out.println("  master:       " + master.serviceUri());
        }
        for (int i = 1; i <= options.nodes(); i++) {
            String name = "node-" + i;
            boolean springBoot = i == SPRING_BOOT_NODE;
            nodes.add(NodeProcess.start(name, nodeProperties(name, springBoot), Map.of(SECRET_ENV, secret), out,
                    errors));
        }
        out.println("  node-" + SPRING_BOOT_NODE + " is a Spring Boot application using "
                + "lock-facade-spring-boot-starter (io.lockfacade.demo.boot.BootNodeApplication)");
        awaitReady();
        out.printf("  all %d nodes ready after %.1f s; go%n", nodes.size(),
                (System.nanoTime() - launchNanos) / (double) TimeUnit.SECONDS.toNanos(1));
        long startNanos = System.nanoTime();
        nodes.forEach(NodeProcess::begin);
        List<NodeReport> reports = awaitReports(startNanos);
        long elapsedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos);
        Verdict verdict = Verdict.of(mode, reports, options.openingTotal(), new AccountStore(store, "audit").readAll());
        LeaderCrash crashed = crash;
        if (crashed != null) {
            if (!crashed.happened()) {
                throw new IllegalStateException("the nodes finished before the leader could be killed: "
                        + "give them more work (--seconds or --operations)");
            }
            verdict = verdict.withFailover(crashed.outcome(reports));
        }
        VerdictPrinter.print(verdict, elapsedMillis, out);
        return verdict;
    }

    /** Prints where the admin page is and how to log in, if this run has a master or a group. */
    public void printAdminAccess() {
        MasterProcess running = master;
        if (running != null) {
            out.println();
            out.println("Admin page: " + running.adminUri() + "  (user " + MasterProcess.ADMIN_USER + ", password "
                    + adminPassword + ")");
        }
        MasterGroupProcess runningGroup = group;
        if (runningGroup != null) {
            out.println();
            out.println("Master group (user " + MasterProcess.ADMIN_USER + ", password " + adminPassword + "):");
            for (String id : runningGroup.ids()) {
                MasterProcess member = runningGroup.member(id);
                out.println("  " + id + (member.isAlive() ? "  admin page " + member.adminUri() + "  group status "
                        + MasterGroupProcess.statusUri(member) : "  killed"));
            }
        }
    }

    /** @return whether this run started a master or a master group */
    public boolean hasMaster() {
        return master != null || group != null;
    }

    /** @return whether this run started a master group */
    public boolean hasGroup() {
        return group != null;
    }

    /** @return the process ids of every JVM this run started: nodes, master, group members */
    public List<Long> startedPids() {
        List<Long> pids = new ArrayList<>(nodes.stream().map(NodeProcess::pid).toList());
        MasterProcess running = master;
        if (running != null) {
            pids.add(running.pid());
        }
        MasterGroupProcess runningGroup = group;
        if (runningGroup != null) {
            pids.addAll(runningGroup.pids());
        }
        return pids;
    }

    /** @return the directory of the master group's data, if this run started a group (deleted by {@link #close()}) */
    public Optional<Path> groupData() {
        return Optional.ofNullable(group).map(MasterGroupProcess::dataRoot);
    }

    /**
     * Waits until the master exits (Ctrl-C stops it along with the launcher); returns at once without a master.
     *
     * @throws InterruptedException if interrupted while waiting
     */
    public void awaitMasterExit() throws InterruptedException {
        MasterProcess running = master;
        if (running != null) {
            running.awaitExit();
        }
        MasterGroupProcess runningGroup = group;
        if (runningGroup != null) {
            runningGroup.awaitExit();
        }
    }

    /** Stops the nodes, the master and the group members this run started, and deletes the store and their data. */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        nodes.forEach(NodeProcess::close);
        MasterProcess running = master;
        if (running != null) {
            running.close();
        }
        MasterGroupProcess runningGroup = group;
        if (runningGroup != null) {
            runningGroup.close();
        }
        deleteStore();
    }

    private void startGroup(long launchNanos) throws IOException, InterruptedException {
        group = MasterGroupProcess.start(options.masters(), secret, adminPassword, errors);
        String leader = group.awaitLeader(MasterGroupProcess.LEADER_TIMEOUT);
        out.printf("  master group: %d members (%s), data in %s; leader %s after %.1f s%n", options.masters(),
                String.join(", ", group.ids()), group.dataRoot(), leader,
                (System.nanoTime() - launchNanos) / (double) TimeUnit.SECONDS.toNanos(1));
        crash = new LeaderCrash(group, out);
    }

    private Map<String, String> nodeProperties(String name, boolean springBoot) {
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put(NodeSettings.NAME, name);
        properties.put(BootNodeApplication.PROPERTY, Boolean.toString(springBoot));
        properties.put(LockMode.PROPERTY, options.mode().label());
        properties.put(NodeSettings.STORE, store.toString());
        properties.put(NodeSettings.ACCOUNTS, Integer.toString(options.accounts()));
        properties.put(NodeSettings.THREADS, Integer.toString(options.threads()));
        properties.put(NodeSettings.OPERATIONS, Long.toString(options.operations()));
        properties.put(NodeSettings.SECONDS, Long.toString(options.duration().toSeconds()));
        properties.put(LOG_LEVEL_PROPERTY, QUIET_LOGS);
        if (master != null || group != null) {
            properties.put(LockFacadeProperties.MASTER_URL, group != null ? group.serviceUrls()
                    : master.serviceUri().toString());
            properties.put(LockFacadeProperties.NODE_ID, name);
        }
        return properties;
    }

    private void awaitReady() throws InterruptedException {
        long deadline = System.nanoTime() + NODE_START_TIMEOUT.toNanos();
        while (!nodes.stream().allMatch(NodeProcess::isReady)) {
            for (NodeProcess node : nodes) {
                if (!node.isReady() && !node.isAlive()) {
                    throw new IllegalStateException(node.name() + " exited with code " + node.exitCode()
                            + " before it was ready (its errors are shown above)");
                }
            }
            if (System.nanoTime() - deadline > 0) {
                throw new IllegalStateException("nodes not ready within " + NODE_START_TIMEOUT + ": " + nodes.stream()
                        .filter(node -> !node.isReady()).map(NodeProcess::name).collect(Collectors.joining(", ")));
            }
            TimeUnit.MILLISECONDS.sleep(ChildWait.POLL.toMillis());
        }
    }

    private List<NodeReport> awaitReports(long startNanos) throws InterruptedException {
        Duration limit = options.countsOperations() ? OPERATIONS_RUN_LIMIT : options.duration().plus(RUN_MARGIN);
        long deadline = startNanos + limit.toNanos();
        long nextProgress = startNanos + PROGRESS_INTERVAL.toNanos();
        while (!nodes.stream().allMatch(NodeProcess::isFinished)) {
            if (System.nanoTime() - deadline > 0) {
                throw new IllegalStateException("nodes did not finish within " + limit);
            }
            LeaderCrash crashing = crash;
            if (crashing != null && !crashing.happened() && halfDone(startNanos)) {
                crashing.crash(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos), nodes);
            }
            if (System.nanoTime() - nextProgress >= 0) {
                out.println(ProgressLine.format(nodes, System.nanoTime() - startNanos));
                nextProgress += PROGRESS_INTERVAL.toNanos();
            }
            TimeUnit.MILLISECONDS.sleep(ChildWait.POLL.toMillis());
        }
        List<NodeReport> reports = new ArrayList<>();
        for (NodeProcess node : nodes) {
            Optional<String> problem = node.protocolError();
            reports.add(node.report().orElseThrow(() -> new IllegalStateException(node.name()
                    + " exited with code " + node.exitCode() + " without a report"
                    + problem.map(p -> " (" + p + ")").orElse(" (its errors are shown above)"))));
        }
        return reports;
    }

    /**
     * @return whether half of the run's time or operations is done, and every node has finished an operation (so
     *         that all work against the leader, even on a machine too busy to start them promptly): when a master
     *         group's leader is killed
     */
    private boolean halfDone(long startNanos) {
        if (!nodes.stream().allMatch(node -> node.operations() > 0)) {
            return false;
        }
        if (options.countsOperations()) {
            long done = nodes.stream().mapToLong(NodeProcess::operations).sum();
            return 2 * done >= options.nodes() * options.operations();
        }
        return 2 * (System.nanoTime() - startNanos) >= options.duration().toNanos();
    }

    private void deleteStore() {
        Path directory = store;
        if (directory == null) {
            return;
        }
        try (Stream<Path> files = Files.list(directory)) {
            for (Path file : files.toList()) {
                Files.deleteIfExists(file);
            }
            Files.deleteIfExists(directory);
        } catch (IOException | UncheckedIOException e) {
            errors.println("could not delete the demo store " + directory + ": " + e.getMessage());
        }
    }

    private static String randomToken() {
        byte[] bytes = new byte[SECRET_BYTES];
        new SecureRandom().nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }
}
