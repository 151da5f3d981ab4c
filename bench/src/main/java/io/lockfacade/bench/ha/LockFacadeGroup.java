package io.lockfacade.bench.ha;

import io.lockfacade.api.MemoryLockService;
import io.lockfacade.group.raft.GroupTopology;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A Lock Facade master group of {@link HaLimits#MEMBERS} member JVMs on loopback, started with the contract's
 * flags ({@code --node-id n1 --group n1=HOST:HTTP_PORT:RAFT_PORT,... --data-dir DIR}), each with its own data
 * directory and with ports chosen once, so a killed member restarts with its ports and its data.
 */
final class LockFacadeGroup implements AutoCloseable {

    private static final String REMOTING = "/remoting/MemoryLockService";

    private final MasterJar jar;
    private final Path dir;
    private final int[] httpPorts;
    private final int[] raftPorts;
    private final String groupFlag;
    private final MemberJvm[] members = new MemberJvm[HaLimits.MEMBERS];
    private final GroupStatusProbe probe;

    private final List<String> extraFlags;

    /** @param dir an empty directory for the members' data and logs */
    LockFacadeGroup(MasterJar jar, Path dir) {
        this(jar, dir, List.of());
    }

    /**
     * @param dir        an empty directory for the members' data and logs
     * @param extraFlags flags every member gets besides its group flags (for example {@code --fsync off})
     */
    LockFacadeGroup(MasterJar jar, Path dir, List<String> extraFlags) {
        this.jar = jar;
        this.extraFlags = List.copyOf(extraFlags);
        this.dir = dir;
        GroupTopology topology = GroupTopology.onOneHost(HaLimits.HOST, HaLimits.MEMBERS);
        this.httpPorts = new int[HaLimits.MEMBERS];
        this.raftPorts = new int[HaLimits.MEMBERS];
        for (int i = 0; i < HaLimits.MEMBERS; i++) {
            httpPorts[i] = topology.members().get(i).httpPort();
            raftPorts[i] = topology.members().get(i).raftPort();
        }
        this.groupFlag = topology.toString();
        this.probe = new GroupStatusProbe(MasterJar.ADMIN_USER, jar.adminPassword());
    }

    /** @return the member id of index {@code i}: n1, n2, n3 */
    static String id(int i) {
        return "n" + (i + 1);
    }

    /** Starts every member. */
    void start() throws IOException {
        for (int i = 0; i < HaLimits.MEMBERS; i++) {
            startMember(i);
        }
    }

    /** Starts (or restarts, with the same ports and data directory) member {@code i}. */
    void startMember(int i) throws IOException {
        Path data = Files.createDirectories(dir.resolve(id(i)));
        List<String> flags = new ArrayList<>(List.of("--node-id", id(i), "--group", groupFlag,
                "--data-dir", data.toString()));
        flags.addAll(extraFlags);
        members[i] = MemberJvm.start(id(i), jar.command(flags), dir.resolve(id(i) + ".log"));
    }

    /** @return member {@code i}'s process */
    MemberJvm member(int i) {
        return members[i];
    }

    /** @return every member's process id, by index */
    List<Long> pids() {
        List<Long> pids = new ArrayList<>();
        for (MemberJvm member : members) {
            pids.add(member.pid());
        }
        return pids;
    }

    /** @return every member's Hessian endpoint, by index */
    List<String> endpoints() {
        List<String> endpoints = new ArrayList<>();
        for (int i = 0; i < HaLimits.MEMBERS; i++) {
            endpoints.add(baseUrl(i) + REMOTING);
        }
        return endpoints;
    }

    /**
     * Waits until every member answers the group status and all name the same leader.
     *
     * @return the leader's index
     * @throws IllegalStateException if that does not happen within {@link HaLimits#GROUP_READY_TIMEOUT}
     */
    int awaitAgreedLeader() throws InterruptedException {
        long deadline = System.nanoTime() + HaLimits.GROUP_READY_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            Optional<String> leader = agreedLeader();
            if (leader.isPresent()) {
                return Integer.parseInt(leader.get().substring(1)) - 1;
            }
            Thread.sleep(HaLimits.POLL.toMillis());
        }
        throw new IllegalStateException("the group agreed on no leader within " + HaLimits.GROUP_READY_TIMEOUT
                + "; member logs in " + dir);
    }

    private Optional<String> agreedLeader() {
        String leader = null;
        for (int i = 0; i < HaLimits.MEMBERS; i++) {
            Optional<GroupView> view = probe.ask(baseUrl(i));
            if (view.isEmpty() || view.get().leader() == null
                    || (leader != null && !leader.equals(view.get().leader()))) {
                return Optional.empty();
            }
            leader = view.get().leader();
        }
        return Optional.ofNullable(leader);
    }

    /**
     * Waits until every member answers {@link HaLimits#WARM_ANSWERS} Hessian calls in a row within
     * {@link HaLimits#WARM_ANSWER} each (the leader's answer or a follower's "not leader" fault): the steady state a
     * fault is injected into.
     *
     * @throws IllegalStateException if a member is not warm within {@link HaLimits#GROUP_READY_TIMEOUT}
     */
    void awaitEveryMemberWarm() throws InterruptedException {
        long deadline = System.nanoTime() + HaLimits.GROUP_READY_TIMEOUT.toNanos();
        List<String> endpoints = endpoints();
        for (String endpoint : endpoints) {
            MemoryLockService member = LeaderFollowingLocks.proxy(endpoint, HaLimits.CALL_TIMEOUT);
            int fastInARow = 0;
            while (fastInARow < HaLimits.WARM_ANSWERS) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException(endpoint + " is not warm within " + HaLimits.GROUP_READY_TIMEOUT);
                }
                long start = System.nanoTime();
                try {
                    member.hasWaiters("habench", "warm");
                } catch (RuntimeException notLeaderOrSlow) {
                    // a follower's answer, or no answer: only the time counts
                }
                boolean fast = System.nanoTime() - start < HaLimits.WARM_ANSWER.toNanos();
                fastInARow = fast ? fastInARow + 1 : 0;
                if (!fast) {
                    Thread.sleep(HaLimits.POLL.toMillis());
                }
            }
        }
    }

    /** @return member {@code i}'s Raft log appends and entries so far, from its metrics; empty if it does not answer */
    Optional<GroupStatusProbe.LogCounts> logCounts(int i) {
        return probe.logCounts(baseUrl(i));
    }

    private String baseUrl(int i) {
        return "http://" + HaLimits.HOST + ":" + httpPorts[i];
    }

    /** Ends every member (SIGCONT then SIGKILL); their data stays in the directory for inspection. */
    @Override
    public void close() {
        for (MemberJvm member : members) {
            if (member != null) {
                member.close();
            }
        }
    }
}
