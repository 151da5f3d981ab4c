package io.lockfacade.testkit.group;

import io.lockfacade.client.transport.ClientTransportSettings;
import io.lockfacade.group.raft.LoopbackPorts;
import io.lockfacade.process.ChildJvm;
import io.lockfacade.testkit.master.MasterAdmin;
import io.lockfacade.testkit.master.MasterProcess;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * A master group of real member JVMs, on loopback or wherever a {@link MemberNetwork} places them, started the way
 * operators start one ({@code --node-id n1 --group n1=HOST:HTTP:RAFT,... --data-dir DIR}), that a test can crash,
 * freeze, thaw and restart member by member, each on the address, ports and data folder it was given. Ports are chosen up front (every member
 * needs the whole list) and each member keeps its own data folder across restarts. Closing it kills the members it
 * started, and only those.
 */
public final class MasterGroup implements AutoCloseable {

    private static final String SERVICE_PATH = "/remoting/MemoryLockService";
    private static final long POLL_MILLIS = 50;
    private static final Duration DUMP_TIMEOUT = Duration.ofSeconds(20);

    private final Map<String, Member> members;
    private final String adminPassword;
    private final MemberNetwork network;
    private final GroupTls tls;

    /** One member: its ports, its data folder and its current process. */
    private static final class Member {
        private final int httpPort;
        private final int raftPort;
        private final MasterProcess.Settings settings;
        private MasterProcess process;

        Member(int httpPort, int raftPort, MasterProcess.Settings settings) {
            this.httpPort = httpPort;
            this.raftPort = raftPort;
            this.settings = settings;
        }
    }

    private MasterGroup(Map<String, Member> members, String adminPassword, MemberNetwork network, GroupTls tls) {
        this.members = members;
        this.adminPassword = adminPassword;
        this.network = network;
        this.tls = tls;
    }

    /**
     * Starts {@code size} members at once, each with its own data folder under {@code dataRoot} and its logs under
     * {@code logDir}, and waits until each serves HTTP (not for a leader: see {@link #awaitLeader}).
     *
     * @param jvmOptions options of every member JVM
     * @throws IllegalStateException if a member does not come up; what started is killed
     */
    public static MasterGroup start(int size, Path dataRoot, Path logDir, String adminPassword,
                                    List<String> jvmOptions) {
        return start(size, dataRoot, logDir, adminPassword, jvmOptions, MemberNetwork.LOOPBACK);
    }

    /**
     * As {@link #start(int, Path, Path, String, List)}, each member placed on the network by {@code network}
     * (member ids are {@code n1, n2, ...}). Ports are different for every member wherever it lives, so that a
     * {@code not leader} answer's URL names one member by its port alone.
     */
    public static MasterGroup start(int size, Path dataRoot, Path logDir, String adminPassword,
                                    List<String> jvmOptions, MemberNetwork network) {
        return start(size, dataRoot, logDir, adminPassword, jvmOptions, network, null);
    }

    /**
     * As {@link #start(int, Path, Path, String, List, MemberNetwork)}, with {@code --tls-keystore} and
     * {@code --tls-truststore} on every member when {@code tls} is given: HTTPS for clients and the admin, mutual
     * TLS between members.
     *
     * @param tls the group's certificates, or {@code null} for plain HTTP and TCP
     */
    public static MasterGroup start(int size, Path dataRoot, Path logDir, String adminPassword,
                                    List<String> jvmOptions, MemberNetwork network, GroupTls tls) {
        List<Integer> ports = LoopbackPorts.reserve(MasterProcess.LOOPBACK, 2 * size);
        List<String> entries = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            String id = memberIds(size).get(i);
            entries.add(id + "=" + network.host(id) + ":" + ports.get(2 * i) + ":" + ports.get(2 * i + 1));
        }
        String topology = String.join(",", entries);
        Map<String, Member> members = new LinkedHashMap<>();
        for (int i = 0; i < size; i++) {
            String id = memberIds(size).get(i);
            Path dataDir = dataRoot.resolve(id);
            List<String> args = List.of("--node-id", id, "--group", topology, "--data-dir", dataDir.toString());
            members.put(id, new Member(ports.get(2 * i), ports.get(2 * i + 1), new MasterProcess.Settings(id,
                    logDir.resolve(id), null, adminPassword, jvmOptions, args, network.host(id),
                    network.wrapper(id), tls == null ? null : tls.member(id))));
        }
        MasterGroup group = new MasterGroup(members, adminPassword, network, tls);
        try {
            group.startAll(List.copyOf(members.keySet()));
        } catch (RuntimeException e) {
            group.close();
            throw e;
        }
        return group;
    }

    /** @return the ids of a group of {@code size} members: {@code n1, n2, ...} */
    public static List<String> memberIds(int size) {
        return java.util.stream.IntStream.rangeClosed(1, size).mapToObj(i -> "n" + i).toList();
    }

    /** @return the member ids, {@code n1, n2, ...} */
    public List<String> ids() {
        return List.copyOf(members.keySet());
    }

    /** @return the member's Hessian endpoint ({@code https} with TLS) */
    public URI endpoint(String id) {
        return URI.create((tls == null ? "http" : "https") + "://" + network.host(id) + ":" + member(id).httpPort
                + SERVICE_PATH);
    }

    /** @return the group's certificates, if it runs with TLS */
    public Optional<GroupTls> tls() {
        return Optional.ofNullable(tls);
    }

    /** @return {@code settings}, with the group's truststore when it runs with TLS */
    public ClientTransportSettings clientSettings(ClientTransportSettings settings) {
        return tls == null ? settings : tls.clientSettings(settings);
    }

    /** @return the member's HTTP port (the same across restarts) */
    public int httpPort(String id) {
        return member(id).httpPort;
    }

    /** @return the member's Raft port (the same across restarts) */
    public int raftPort(String id) {
        return member(id).raftPort;
    }

    /** @return the member's current JVM */
    public ChildJvm jvm(String id) {
        return member(id).process.jvm();
    }

    /** @return the member's view of the group, or empty if it did not answer (down, frozen, starting) */
    public Optional<GroupView> view(String id) {
        try {
            return Optional.of(GroupView.parse(new MasterAdmin(network.host(id), () -> httpPort(id), adminPassword,
                    tls == null ? null : tls.client()).groupStatus()));
        } catch (IOException | IllegalArgumentException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    /**
     * Waits until a member of {@code among} says it is the leader and every other member of {@code among} that
     * answers names it in the same term.
     *
     * @return the leader's id
     * @throws IllegalStateException if none is agreed on within {@code timeout}
     */
    public String awaitLeader(List<String> among, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        Map<String, Optional<GroupView>> last = Map.of();
        while (System.nanoTime() < deadline) {
            Map<String, Optional<GroupView>> views = new LinkedHashMap<>();
            among.forEach(id -> views.put(id, view(id)));
            last = views;
            Optional<GroupView> leader = views.values().stream().flatMap(Optional::stream)
                    .filter(GroupView::selfIsLeader).findFirst();
            if (leader.isPresent() && views.values().stream().flatMap(Optional::stream)
                    .allMatch(view -> view.leader().equals(leader.get().leader())
                            && view.term() == leader.get().term())) {
                return leader.get().self();
            }
            pause();
        }
        throw new IllegalStateException("no leader agreed on among " + among + " within " + timeout + ": " + last
                + "; thread dumps: " + dumpThreads(among));
    }

    /** @return {@link #awaitLeader(List, Duration)} among every member */
    public String awaitLeader(Duration timeout) {
        return awaitLeader(ids(), timeout);
    }

    /** Crashes the member ({@code SIGKILL}). */
    public void kill(String id) {
        member(id).process.kill();
    }

    /** Freezes the member ({@code SIGSTOP}): it stops answering anyone, peers included. */
    public void freeze(String id) {
        jvm(id).freeze();
    }

    /** Thaws a frozen member ({@code SIGCONT}). */
    public void thaw(String id) {
        jvm(id).thaw();
    }

    /** Thaws every frozen member and restarts every dead one, so that the whole group runs again. */
    public void ensureAllUp() {
        for (String id : ids()) {
            MasterProcess process = member(id).process;
            if (process.isUp()) {
                process.jvm().thaw();
            } else {
                process.restart();
            }
        }
    }

    /**
     * Brings the group back to all members up with one agreed leader: thaws and restarts as
     * {@link #ensureAllUp()}, then, if no leader is agreed on within {@code settle}, dumps the threads of every member
     * (for the diagnosis) and restarts those that name no leader or another one than the leader.
     *
     * @return the ids of the members restarted because they did not follow the leader
     * @throws IllegalStateException if no leader is agreed on within {@code timeout} after that
     */
    public List<String> recover(Duration settle, Duration timeout) {
        ensureAllUp();
        try {
            awaitLeader(settle);
            return List.of();
        } catch (IllegalStateException stuck) {
            Optional<String> leader = ids().stream().map(this::view).flatMap(Optional::stream)
                    .filter(GroupView::selfIsLeader).map(GroupView::self).findFirst();
            List<String> laggards = ids().stream().filter(id -> leader.isEmpty()
                    || !view(id).flatMap(GroupView::leader).equals(leader)).toList();
            laggards.forEach(this::restart);
            awaitLeader(timeout);
            return laggards;
        }
    }

    /**
     * Writes a thread dump of each running member of {@code ids} next to its log ({@code jcmd PID Thread.print}),
     * for a failure's diagnosis.
     *
     * @return the files written
     */
    public List<Path> dumpThreads(List<String> ids) {
        List<Path> dumps = new ArrayList<>();
        for (String id : ids) {
            Member member = member(id);
            if (member.process == null || !member.process.isUp()) {
                continue;
            }
            ChildJvm jvm = member.process.jvm();
            Path dump = jvm.log().resolveSibling(jvm.name() + "-threads-" + System.currentTimeMillis() + ".txt");
            try {
                Process jcmd = new ProcessBuilder("jcmd", Long.toString(jvm.pid()), "Thread.print")
                        .redirectErrorStream(true).redirectOutput(dump.toFile()).start();
                if (jcmd.waitFor(DUMP_TIMEOUT.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS)) {
                    dumps.add(dump);
                } else {
                    jcmd.destroyForcibly();
                }
            } catch (IOException e) {
                // a dump is a diagnosis aid: its absence must not hide the failure being reported
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return dumps;
            }
        }
        return dumps;
    }

    /** Kills the member if it runs, then starts it again on its ports with its data folder; waits until it serves. */
    public void restart(String id) {
        member(id).process.restart();
    }

    /** Crashes every member at once, then starts them all again with their data folders. */
    public void restartAll() {
        members.values().forEach(member -> member.process.kill());
        startAll(ids());
    }

    /** Kills every member this group started; their data folders stay. */
    @Override
    public void close() {
        members.values().stream().filter(member -> member.process != null)
                .forEach(member -> member.process.close());
    }

    private void startAll(List<String> ids) {
        List<CompletableFuture<Void>> starts = new ArrayList<>();
        for (String id : ids) {
            Member member = member(id);
            starts.add(CompletableFuture.runAsync(() -> {
                if (member.process == null) {
                    createDataDir(member.settings.masterArgs());
                    member.process = MasterProcess.startOnPort(member.settings, member.httpPort);
                } else {
                    member.process.restart();
                }
            }));
        }
        try {
            CompletableFuture.allOf(starts.toArray(CompletableFuture[]::new)).join();
        } catch (java.util.concurrent.CompletionException e) {
            throw e.getCause() instanceof RuntimeException runtime ? runtime : e;
        }
    }

    private Member member(String id) {
        Member member = members.get(id);
        if (member == null) {
            throw new IllegalArgumentException("no member " + id + " in " + members.keySet());
        }
        return member;
    }

    private static void createDataDir(List<String> args) {
        try {
            Files.createDirectories(Path.of(args.get(args.indexOf("--data-dir") + 1)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void pause() {
        try {
            Thread.sleep(POLL_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the group", e);
        }
    }
}
