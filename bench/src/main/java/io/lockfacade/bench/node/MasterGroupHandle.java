package io.lockfacade.bench.node;

import io.lockfacade.client.transport.ClientTransportSettings;
import io.lockfacade.client.transport.MemoryLockServiceProxies;
import io.lockfacade.client.transport.RemoteMemoryLockService;
import io.lockfacade.group.raft.GroupMemberAddress;
import io.lockfacade.group.raft.GroupTopology;
import io.lockfacade.process.ChildJvm;
import io.lockfacade.webapp.MasterMain;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.stream.Collectors;

/**
 * A master group of three member JVMs on loopback for the benchmark, each started as an operator starts one
 * ({@code MasterMain --node-id nX --group ... --data-dir ...}, its own data directory and log), and a client of
 * the group (a {@code FailoverMemoryLockService} over the members' endpoints) once one member leads and serves.
 * Closing it ends every member, by its own process.
 */
public final class MasterGroupHandle implements AutoCloseable {

    /** Members of the group. */
    public static final int MEMBERS = 3;

    /** Longest the group may take to start and elect a leader that serves. */
    public static final Duration READY_TIMEOUT = Duration.ofSeconds(90);

    private static final String HOST = "127.0.0.1";
    private static final Duration POLL = Duration.ofMillis(200);

    private final List<ChildJvm> members;
    private final String endpoints;

    private MasterGroupHandle(List<ChildJvm> members, String endpoints) {
        this.members = members;
        this.endpoints = endpoints;
    }

    /**
     * Starts the members and waits until the group serves calls.
     *
     * @param dir     an empty directory for the members' data and logs
     * @param maxHeap each member's {@code -Xmx}
     * @throws IOException           if a member cannot be started
     * @throws IllegalStateException if the group does not serve within {@link #READY_TIMEOUT}; its members are ended
     */
    public static MasterGroupHandle start(Path dir, String maxHeap) throws IOException, InterruptedException {
        GroupTopology topology = GroupTopology.onOneHost(HOST, MEMBERS);
        String password = UUID.randomUUID().toString();
        List<ChildJvm> members = new ArrayList<>(MEMBERS);
        MasterGroupHandle group = new MasterGroupHandle(members, topology.members().stream()
                .map(member -> member.serviceUri().toString()).collect(Collectors.joining(",")));
        try {
            for (GroupMemberAddress member : topology.members()) {
                Path data = Files.createDirectories(dir.resolve(member.id()));
                members.add(ChildJvm.launcher("group-" + member.id(), JvmCommand.of(maxHeap, MasterMain.class,
                                List.of("--admin-password", password, "--node-id", member.id(),
                                        "--group", topology.toString(), "--data-dir", data.toString())))
                        .appendLog(dir.resolve(member.id() + ".log")).killedAtExit().start());
            }
            group.awaitServing();
            return group;
        } catch (IOException | InterruptedException | RuntimeException e) {
            group.close();
            throw e;
        }
    }

    /** @return a client of the group, following its leader; the caller closes nothing (it holds no threads) */
    public RemoteMemoryLockService client() {
        return MemoryLockServiceProxies.create(endpoints, ClientTransportSettings.defaults());
    }

    private void awaitServing() throws InterruptedException {
        RemoteMemoryLockService client = client();
        long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
        RuntimeException last = null;
        while (System.nanoTime() < deadline) {
            try {
                client.isLockTypeEmpty("bench-group-ready");
                return;
            } catch (RuntimeException notYet) {
                last = notYet;
                Thread.sleep(POLL.toMillis());
            }
        }
        throw new IllegalStateException("the group did not serve within " + READY_TIMEOUT + " (" + endpoints + ")",
                last);
    }

    /** Ends every member (each by its own process). */
    @Override
    public void close() {
        members.forEach(ChildJvm::close);
    }
}
