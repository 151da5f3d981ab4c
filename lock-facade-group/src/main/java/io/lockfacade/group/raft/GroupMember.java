package io.lockfacade.group.raft;

import io.lockfacade.group.state.ReplicatedLockTable;
import org.apache.ratis.proto.RaftProtos.RaftPeerRole;
import org.apache.ratis.protocol.RaftClientAsynchronousProtocol;
import org.apache.ratis.protocol.RaftClientReply;
import org.apache.ratis.protocol.RaftClientRequest;
import org.apache.ratis.protocol.RaftGroup;
import org.apache.ratis.protocol.RaftGroupId;
import org.apache.ratis.protocol.RaftPeer;
import org.apache.ratis.protocol.RaftPeerId;
import org.apache.ratis.server.DivisionInfo;
import org.apache.ratis.server.RaftServer;
import org.apache.ratis.server.storage.RaftStorage;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;

/**
 * This process's Ratis server in the master group: its state machine, its view of the leader and the term.
 * {@link #start} returns before any election; members may start in any order.
 */
public final class GroupMember implements AutoCloseable {

    /** Every member derives the same group id from this name. */
    static final String GROUP_NAME = "lock-facade-master-group";

    private final GroupTopology topology;
    private final GroupMemberAddress self;
    private final RaftGroupId groupId;
    private final RaftServer server;
    private final LockStateMachine stateMachine;

    private GroupMember(GroupTopology topology, GroupMemberAddress self, RaftGroupId groupId, RaftServer server,
                        LockStateMachine stateMachine) {
        this.topology = topology;
        this.self = self;
        this.groupId = groupId;
        this.server = server;
        this.stateMachine = stateMachine;
    }

    /**
     * Starts this member's Raft server on its Raft port, recovering its log and snapshot from {@code dataDir}.
     *
     * @param topology the whole group
     * @param selfId   this member's id in it
     * @param dataDir  where its log and snapshots live; created if missing
     * @throws IOException if the directory or the port cannot be used
     */
    public static GroupMember start(GroupTopology topology, String selfId, Path dataDir) throws IOException {
        return start(topology, selfId, dataDir, FsyncPolicy.DEFAULT);
    }

    /**
     * {@link #start(GroupTopology, String, Path)} with a chosen fsync policy.
     *
     * @param fsync when this member forces its log to disk relative to an entry counting for commit
     * @throws IOException if the directory or the port cannot be used
     */
    public static GroupMember start(GroupTopology topology, String selfId, Path dataDir, FsyncPolicy fsync)
            throws IOException {
        GroupMemberAddress self = topology.require(selfId);
        Files.createDirectories(dataDir);
        RaftGroupId groupId = RaftGroupId.valueOf(UUID.nameUUIDFromBytes(GROUP_NAME.getBytes(StandardCharsets.UTF_8)));
        List<RaftPeer> peers = new ArrayList<>();
        for (GroupMemberAddress member : topology.members()) {
            peers.add(RaftPeer.newBuilder().setId(member.id()).setAddress(member.raftAddress()).build());
        }
        LockStateMachine stateMachine = new LockStateMachine(new ReplicatedLockTable());
        RaftServer server = RaftServer.newBuilder()
                .setServerId(RaftPeerId.valueOf(selfId))
                .setGroup(RaftGroup.valueOf(groupId, peers))
                .setProperties(RaftTuning.properties(self, dataDir, fsync))
                .setStateMachine(stateMachine)
                .setOption(RaftStorage.StartupOption.RECOVER)
                .build();
        try {
            server.start();
        } catch (IOException | RuntimeException e) {
            server.close();
            throw e;
        }
        return new GroupMember(topology, self, groupId, server, stateMachine);
    }

    /** @return the Ratis server, to submit requests to */
    public RaftServer server() {
        return server;
    }

    /**
     * Submits a request to this member's division on the calling thread. {@code RaftServer}'s own
     * {@code submitClientRequestAsync} hands every request to a pool thread and joins it (made for transport
     * threads, which must not block): two thread switches per command that an in-process caller does not need.
     * The append itself is the same; only the reply future completes later, on Ratis' threads.
     *
     * @throws IOException if the division is not running
     */
    public CompletableFuture<RaftClientReply> submitDirect(RaftClientRequest request) throws IOException {
        RaftServer.Division division = server.getDivision(groupId);
        if (division instanceof RaftClientAsynchronousProtocol direct) {
            return direct.submitClientRequestAsync(request);
        }
        return server.submitClientRequestAsync(request);
    }

    /** @return the group's id */
    public RaftGroupId groupId() {
        return groupId;
    }

    /** @return the group's members */
    public GroupTopology topology() {
        return topology;
    }

    /** @return this member's address */
    public GroupMemberAddress self() {
        return self;
    }

    /** @return the state machine (and through it the replicated table) */
    public LockStateMachine stateMachine() {
        return stateMachine;
    }

    /** @return whether this member is the leader of the current term, as Raft knows it */
    public boolean isLeader() {
        return info().map(DivisionInfo::isLeader).orElse(false);
    }

    /**
     * @return whether this member leads and Raft lets it take writes (its own first entry of the term is applied);
     *         before that, writes are refused as "leader not ready"
     */
    public boolean isLeaderReady() {
        return info().map(DivisionInfo::isLeaderReady).orElse(false);
    }

    /** @return the current term as this member knows it, 0 before it knows any */
    public long term() {
        return info().map(DivisionInfo::getCurrentTerm).orElse(0L);
    }

    /** @return the leader's id as this member knows it */
    public Optional<String> leaderId() {
        return info().map(DivisionInfo::getLeaderId).map(RaftPeerId::toString);
    }

    /** @return the Hessian endpoint of the leader, if one is known */
    public Optional<URI> leaderEndpoint() {
        return leaderId().flatMap(topology::member).map(GroupMemberAddress::serviceUri);
    }

    /** @return the Hessian endpoint of the member with this Ratis id, if it is a member */
    public Optional<URI> endpointOf(RaftPeerId id) {
        return id == null ? Optional.empty() : topology.member(id.toString()).map(GroupMemberAddress::serviceUri);
    }

    /** @return this member's view of the group */
    public GroupStatus status() {
        Optional<DivisionInfo> info = info();
        String leader = info.map(DivisionInfo::getLeaderId).map(RaftPeerId::toString).orElse(null);
        MemberRole selfRole = info.map(i -> role(i.getCurrentRole())).orElse(MemberRole.UNKNOWN);
        List<GroupStatus.Member> members = new ArrayList<>();
        for (GroupMemberAddress member : topology.members()) {
            MemberRole role;
            if (member.id().equals(self.id())) {
                role = selfRole;
            } else if (member.id().equals(leader)) {
                role = MemberRole.LEADER;
            } else {
                role = leader == null ? MemberRole.UNKNOWN : MemberRole.FOLLOWER;
            }
            members.add(new GroupStatus.Member(member.id(), member.httpUri().toString(), role));
        }
        return new GroupStatus(self.id(), leader, info.map(DivisionInfo::getCurrentTerm).orElse(0L), members);
    }

    private static MemberRole role(RaftPeerRole role) {
        return switch (role) {
            case LEADER -> MemberRole.LEADER;
            case FOLLOWER -> MemberRole.FOLLOWER;
            case CANDIDATE -> MemberRole.CANDIDATE;
            default -> MemberRole.UNKNOWN;
        };
    }

    private Optional<DivisionInfo> info() {
        try {
            return Optional.of(server.getDivision(groupId).getInfo());
        } catch (IOException | RuntimeException notRunning) {
            return Optional.empty();
        }
    }

    /** Stops the Raft server; the log and snapshots stay on disk. */
    @Override
    public void close() throws IOException {
        server.close();
    }
}
