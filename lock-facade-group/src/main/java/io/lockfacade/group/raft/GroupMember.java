package io.lockfacade.group.raft;

import io.lockfacade.group.state.ReplicatedLockTable;
import io.lockfacade.group.tls.PeerTls;
import org.jgroups.Address;
import org.jgroups.JChannel;
import org.jgroups.Receiver;
import org.jgroups.View;
import org.jgroups.conf.ConfiguratorFactory;
import org.jgroups.conf.ProtocolStackConfigurator;
import org.jgroups.protocols.raft.RAFT;
import org.jgroups.raft.util.Utils;
import org.jgroups.util.ExtendedUUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * This process's member of the master group: its JGroups channel and jgroups-raft log, its state machine, its view
 * of the leader and the term. {@link #start} returns once the member has joined the others it can reach (or
 * formed a group of its own, merged later), before any election; members may start in any order.
 */
public final class GroupMember implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(GroupMember.class);

    /** Every member joins the JGroups cluster of this name. */
    static final String CLUSTER_NAME = "lock-facade-master-group";

    private final GroupTopology topology;
    private final GroupMemberAddress self;
    private final JChannel channel;
    private final RAFT raft;
    private final LastContact lastContact;
    private final LockStateMachine stateMachine;
    private final RoleClock roleClock;
    private final boolean https;

    private GroupMember(GroupTopology topology, GroupMemberAddress self, JChannel channel,
                        LockStateMachine stateMachine, RoleClock roleClock, boolean https) {
        this.topology = topology;
        this.self = self;
        this.channel = channel;
        this.raft = channel.getProtocolStack().findProtocol(RAFT.class);
        this.lastContact = channel.getProtocolStack().findProtocol(LastContact.class);
        this.stateMachine = stateMachine;
        this.roleClock = roleClock;
        this.https = https;
    }

    /**
     * Starts this member on its Raft port, recovering its log and snapshot from {@code dataDir}.
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
     * @param fsync whether this member forces its log to disk before an entry counts for commit
     * @throws IOException if the directory or the port cannot be used
     */
    public static GroupMember start(GroupTopology topology, String selfId, Path dataDir, FsyncPolicy fsync)
            throws IOException {
        return start(topology, selfId, dataDir, fsync, null);
    }

    /**
     * {@link #start(GroupTopology, String, Path, FsyncPolicy)} with mutual TLS between members: every connection
     * of the stack (Raft port and failure-detection port, both directions) is TLS and accepts only a peer whose
     * certificate chains to the truststore's CA and names a member.
     *
     * @param tls the member's stores, or {@code null} for plain TCP
     * @throws IOException if the directory or the port cannot be used
     * @throws IllegalArgumentException if a store cannot be read
     */
    public static GroupMember start(GroupTopology topology, String selfId, Path dataDir, FsyncPolicy fsync,
                                    PeerTls tls) throws IOException {
        GroupMemberAddress self = topology.require(selfId);
        Files.createDirectories(dataDir);
        LevelCheckedJGroupsLog.installForSlf4j();
        String config = RaftTuning.stackConfig(topology, self, dataDir, fsync);
        JChannel channel;
        try {
            ProtocolStackConfigurator stack = ConfiguratorFactory.getStackConfigurator(
                    new ByteArrayInputStream(config.getBytes(StandardCharsets.UTF_8)));
            if (tls != null) {
                RaftTuning.useTlsFailureDetection(stack.getProtocolStack(), self);
            }
            channel = new JChannel(stack);
        } catch (Exception e) {
            throw new IOException("cannot build the group stack of " + selfId + ": " + e.getMessage(), e);
        }
        if (tls != null) {
            try {
                channel.getProtocolStack().getTransport().setSocketFactory(tls.socketFactory(topology));
            } catch (RuntimeException e) {
                channel.close();
                throw e;
            }
        }
        LockStateMachine stateMachine = new LockStateMachine(new ReplicatedLockTable());
        RoleClock roleClock = new RoleClock(selfId);
        RAFT raft = channel.getProtocolStack().findProtocol(RAFT.class);
        raft.stateMachine(stateMachine);
        roleClock.watch(raft);
        raft.addRoleListener(stateMachine);
        channel.setReceiver(new Receiver() {
            @Override
            public void viewAccepted(View view) {
                // the reliability suite reads views of member processes from this line (LoggedViews): keep its form
                LOG.info("member {} sees members {} (view {})", selfId, view.getMembers(), view.getViewId());
            }
        });
        try {
            channel.name(selfId).connect(CLUSTER_NAME);
            stateMachine.countGrantsFromNow(); // the log replayed at start is not news
        } catch (Exception e) {
            channel.close();
            throw new IOException("member " + selfId + " cannot join its group on " + self.raftAddress() + ": "
                    + e.getMessage(), e);
        }
        return new GroupMember(topology, self, channel, stateMachine, roleClock, tls != null);
    }

    /**
     * Appends an entry to the log, if this member leads. jgroups-raft appends entries in the order they are
     * submitted, on its one processing thread.
     *
     * @return the bytes the state machine answered once the entry is committed and applied; fails with
     *         {@link IllegalStateException} if this member does not lead, now or before the entry commits
     */
    public CompletableFuture<byte[]> append(byte[] entry) {
        try {
            return raft.setAsync(entry, 0, entry.length);
        } catch (Exception notLeader) {
            return CompletableFuture.failedFuture(notLeader);
        }
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
        return raft.isLeader();
    }

    /**
     * @return whether this member leads and takes writes; with jgroups-raft, a leader takes writes from the moment
     *         it is elected
     */
    public boolean isLeaderReady() {
        return isLeader();
    }

    /** @return the current term as this member knows it, 0 before it knows any */
    public long term() {
        return raft.currentTerm();
    }

    /** @return the leader's id as this member knows it */
    public Optional<String> leaderId() {
        return raftId(raft.leader());
    }

    /** @return the Hessian endpoint of the leader, if one is known */
    public Optional<URI> leaderEndpoint() {
        return leaderId().flatMap(topology::member).map(member -> member.serviceUri(https));
    }

    /** @return this member's view of the group */
    public GroupStatus status() {
        String leader = leaderId().orElse(null);
        List<String> inView = new ArrayList<>();
        if (channel.getView() != null) {
            channel.getView().forEach(address -> raftId(address).ifPresent(inView::add));
        }
        List<GroupStatus.Member> members = new ArrayList<>();
        for (GroupMemberAddress member : topology.members()) {
            MemberRole role;
            if (member.id().equals(leader)) {
                role = MemberRole.LEADER;
            } else if (member.id().equals(self.id()) || (leader != null && inView.contains(member.id()))) {
                role = leader == null ? MemberRole.UNKNOWN : MemberRole.FOLLOWER;
            } else {
                role = MemberRole.UNKNOWN;
            }
            members.add(new GroupStatus.Member(member.id(), member.httpUri(https).toString(), role));
        }
        return new GroupStatus(self.id(), leader, term(), members);
    }

    /**
     * @return the appends and entries this member's log has taken since it started (entries per fsync), and the
     *         commands its applied entries carried (commands per entry)
     */
    public LogWrites logWrites() {
        return (raft instanceof GroupRaft groupRaft ? groupRaft.logWrites() : LogWrites.NONE)
                .withCommands(stateMachine.appliedCommands());
    }

    /** @return the logical names of the processes in this member's JGroups view, e.g. {@code [n1, n2, n3]} */
    public List<String> viewNames() {
        View view = channel.getView();
        return view == null ? List.of() : view.getMembers().stream().map(Address::toString).toList();
    }

    /** The Raft protocol of this member's stack, for {@link GroupProgress}. */
    RAFT raft() {
        return raft;
    }

    /** @return how long ago this member last heard from the member with this id */
    Optional<Long> millisSinceHeardFrom(String id) {
        return lastContact.millisSinceHeardFrom(id);
    }

    /** @return when this member took its current role, wall clock */
    long roleSinceEpochMillis() {
        return roleClock.sinceEpochMillis();
    }

    /** @return the raft id carried by a JGroups address of the group */
    static Optional<String> raftId(Address address) {
        return address instanceof ExtendedUUID ? Optional.ofNullable(Utils.extractRaftId(address)) : Optional.empty();
    }

    /** Leaves the group and closes the log; the log and snapshots stay on disk. */
    @Override
    public void close() {
        channel.close();
    }
}
