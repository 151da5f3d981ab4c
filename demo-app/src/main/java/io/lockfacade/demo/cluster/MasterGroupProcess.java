package io.lockfacade.demo.cluster;

import io.lockfacade.group.raft.GroupMemberAddress;
import io.lockfacade.group.raft.GroupTopology;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A master group of member JVMs on loopback, started as DESIGN.md ("The master group") fixes:
 * {@code --node-id n1 --group n1=127.0.0.1:HTTP:RAFT,... --data-dir DIR}, on ports free at the start, each
 * member's data in a folder of a fresh temporary directory. {@link #close()} stops the members it started, and only
 * those, and deletes that directory.
 */
final class MasterGroupProcess implements AutoCloseable {

    /** How long the group may take to agree on a leader once its members serve HTTP. */
    static final Duration LEADER_TIMEOUT = Duration.ofSeconds(60);
    /** Time between two rounds of questions while waiting for a leader. */
    static final Duration POLL = Duration.ofMillis(50);
    private static final String HOST = "127.0.0.1";
    private static final String DATA_PREFIX = "lock-facade-demo-group-";

    private final Map<String, MasterProcess> members;
    private final Path dataRoot;
    private final MemberStatusProbe probe;

    private MasterGroupProcess(Map<String, MasterProcess> members, Path dataRoot, MemberStatusProbe probe) {
        this.members = members;
        this.dataRoot = dataRoot;
        this.probe = probe;
    }

    /**
     * Starts {@code size} members at once and waits until each serves HTTP (not for a leader: see
     * {@link #awaitLeader}).
     *
     * @param size          members: 3 or 5
     * @param secret        the shared secret nodes must send
     * @param adminPassword the admin password of every member
     * @param errors        where the members' error output goes
     * @return the running group
     * @throws IOException          if a member cannot be started or does not come up; every member is stopped and
     *                              the data deleted
     * @throws InterruptedException if interrupted while waiting; every member is stopped and the data deleted
     */
    static MasterGroupProcess start(int size, String secret, String adminPassword, PrintStream errors)
            throws IOException, InterruptedException {
        Path dataRoot = Files.createTempDirectory(DATA_PREFIX);
        GroupTopology topology = GroupTopology.onOneHost(HOST, size);
        ExecutorService starters = Executors.newFixedThreadPool(size);
        Map<String, Future<MasterProcess>> starting = new LinkedHashMap<>();
        for (GroupMemberAddress member : topology.members()) {
            String id = member.id();
            int httpPort = member.httpPort();
            List<String> arguments = List.of("--node-id", id, "--group", topology.toString(),
                    "--data-dir", dataRoot.resolve(id).toString());
            starting.put(id, starters.submit(() -> MasterProcess.start(id, httpPort, arguments, secret,
                    adminPassword, errors)));
        }
        starters.shutdown();
        Map<String, MasterProcess> members = new LinkedHashMap<>();
        MasterGroupProcess group = new MasterGroupProcess(members, dataRoot,
                new MemberStatusProbe(MasterProcess.ADMIN_USER, adminPassword));
        IOException failure = null;
        for (Map.Entry<String, Future<MasterProcess>> member : starting.entrySet()) {
            try {
                members.put(member.getKey(), member.getValue().get(MasterProcess.START_TIMEOUT.toMillis()
                        + MasterProcess.STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS));
            } catch (ExecutionException | TimeoutException e) {
                member.getValue().cancel(true);
                failure = failure != null ? failure : new IOException("group member " + member.getKey()
                        + " did not start: " + (e.getCause() != null ? e.getCause().getMessage() : e), e);
            } catch (InterruptedException e) {
                starting.values().forEach(MasterGroupProcess::abandon);
                group.close();
                throw e;
            }
        }
        if (failure != null) {
            group.close();
            throw failure;
        }
        return group;
    }

    /** Stops a member still starting (its start stops the JVM when interrupted), or one that has just started. */
    private static void abandon(Future<MasterProcess> start) {
        if (start.cancel(true)) {
            return;
        }
        try {
            start.get(0, TimeUnit.MILLISECONDS).close();
        } catch (ExecutionException | TimeoutException | InterruptedException e) {
            // it failed to start (and stopped its JVM), or this thread is being interrupted: nothing to stop
        }
    }

    /** @return the members' ids in order, {@code n1, n2, ...} */
    List<String> ids() {
        return List.copyOf(members.keySet());
    }

    /** @return the member with this id */
    MasterProcess member(String id) {
        MasterProcess member = members.get(id);
        if (member == null) {
            throw new IllegalArgumentException("no member " + id + " in " + members.keySet());
        }
        return member;
    }

    /** @return every member's Hessian endpoint, comma-separated: the value of {@code lockfacade.master-url} */
    String serviceUrls() {
        return members.values().stream().map(member -> member.serviceUri().toString())
                .collect(Collectors.joining(","));
    }

    /** @return the process ids of every member this group started */
    List<Long> pids() {
        return members.values().stream().map(MasterProcess::pid).toList();
    }

    /** @return the directory holding every member's data folder; deleted by {@link #close()} */
    Path dataRoot() {
        return dataRoot;
    }

    /** @return the probe that asks members for their view, with this group's admin credentials */
    MemberStatusProbe probe() {
        return probe;
    }

    /**
     * Waits until a running member says it leads and every other running member that answers names it in the same
     * term.
     *
     * @param timeout the longest wait
     * @return the leader's id
     * @throws IllegalStateException if none is agreed on within {@code timeout}
     * @throws InterruptedException  if interrupted while waiting
     */
    String awaitLeader(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        List<MemberStatusProbe.View> views = List.of();
        while (System.nanoTime() - deadline < 0) {
            views = new ArrayList<>();
            for (MasterProcess member : members.values()) {
                if (member.isAlive()) {
                    probe.ask(member.baseUri()).ifPresent(views::add);
                }
            }
            Optional<MemberStatusProbe.View> leader = views.stream().filter(MemberStatusProbe.View::leads).findFirst();
            if (leader.isPresent() && views.stream().allMatch(view -> view.leader().equals(leader.get().leader())
                    && view.term() == leader.get().term())) {
                return leader.get().self();
            }
            TimeUnit.MILLISECONDS.sleep(POLL.toMillis());
        }
        throw new IllegalStateException("the master group agreed on no leader within " + timeout + "; last answers: "
                + views);
    }

    /**
     * Waits until every running member has exited (Ctrl-C stops them along with the launcher).
     *
     * @throws InterruptedException if interrupted while waiting
     */
    void awaitExit() throws InterruptedException {
        for (MasterProcess member : members.values()) {
            member.awaitExit();
        }
    }

    /** Stops every member this group started (SIGTERM, then kill after a grace period) and deletes their data. */
    @Override
    public void close() {
        members.values().forEach(MasterProcess::close);
        deleteData();
    }

    private void deleteData() {
        if (!Files.exists(dataRoot)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dataRoot)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        } catch (IOException | UncheckedIOException e) {
            System.err.println("could not delete the master group's data " + dataRoot + ": " + e.getMessage());
        }
    }

    /** @return {@code http://HOST:PORT/admin/api/group} of this member */
    static URI statusUri(MasterProcess member) {
        return member.baseUri().resolve(MemberStatusProbe.PATH);
    }
}
