package io.lockfacade.webapp.testing;

import io.lockfacade.api.MemoryLockService;
import io.lockfacade.api.NotLeaderException;
import io.lockfacade.group.raft.GroupMemberAddress;
import io.lockfacade.group.raft.GroupTopology;
import io.lockfacade.testsupport.await.Await;
import io.lockfacade.webapp.MasterGroupOptions;
import io.lockfacade.webapp.MasterOptions;
import io.lockfacade.webapp.MasterServer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Three master-group members as in-process masters on free loopback ports, each with the test admin password
 * ({@link Masters#ADMIN_PASSWORD}); {@link #close()} stops them all.
 */
public final class LocalMasterGroup implements AutoCloseable {

    /** Longest the members may take to elect a leader that serves. */
    public static final Duration LEADER_WAIT = Duration.ofSeconds(30);

    private static final int SIZE = 3;
    private static final Duration POLL = Duration.ofMillis(50);

    private final List<MasterServer> members = new ArrayList<>();

    private LocalMasterGroup() {
    }

    /**
     * @param dataRoot a folder for the members' data directories
     * @return the running group (a leader may not be elected yet)
     */
    public static LocalMasterGroup start(Path dataRoot) {
        LocalMasterGroup group = new LocalMasterGroup();
        try {
            GroupTopology topology = GroupTopology.onOneHost("127.0.0.1", SIZE);
            for (GroupMemberAddress member : topology.members()) {
                MasterOptions options = MasterOptions.defaults(Masters.ADMIN_PASSWORD).withPort(member.httpPort());
                group.members.add(MasterServer.start(new MasterOptions(options.host(), options.port(),
                        options.defaultLease(), options.waitCap(), null, options.adminUser(), Masters.ADMIN_PASSWORD,
                        false, new MasterGroupOptions(member.id(), topology, dataRoot.resolve(member.id())))));
            }
            return group;
        } catch (IOException | RuntimeException e) {
            group.close();
            throw e instanceof IOException io ? new UncheckedIOException(io) : (RuntimeException) e;
        }
    }

    /** @return the leader once it serves Hessian calls (its term-start entry applied), waiting for one */
    public MasterServer awaitServingLeader() throws InterruptedException {
        return Await.value(LEADER_WAIT, POLL, this::servingLeader,
                () -> "no serving leader agreed on within " + LEADER_WAIT);
    }

    private Optional<MasterServer> servingLeader() {
        return members.stream().filter(m -> m.groupService().orElseThrow().member().isLeader()).findFirst()
                .filter(leader -> agreeOn(leader) && serves(leader));
    }

    /** @return every member but {@code leader} */
    public List<MasterServer> followersOf(MasterServer leader) {
        return members.stream().filter(m -> m != leader).toList();
    }

    /** @return every member, in the group's order */
    public List<MasterServer> members() {
        return List.copyOf(members);
    }

    private boolean agreeOn(MasterServer leader) {
        String id = leader.groupService().orElseThrow().member().self().id();
        return members.stream().allMatch(m -> m.groupService().orElseThrow().member().leaderId()
                .filter(id::equals).isPresent());
    }

    private static boolean serves(MasterServer leader) {
        MemoryLockService service = HessianClients.proxy(leader.serviceUri());
        try {
            service.isLockTypeEmpty("probe");
            return true;
        } catch (NotLeaderException notYet) {
            return false;
        }
    }

    /** Stops every member. */
    @Override
    public void close() {
        members.forEach(MasterServer::stop);
    }

}
