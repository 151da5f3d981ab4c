package io.lockfacade.reliability.group;

import io.lockfacade.api.tls.TlsStores;
import io.lockfacade.group.raft.FsyncPolicy;
import io.lockfacade.group.raft.GroupMember;
import io.lockfacade.group.raft.GroupMemberAddress;
import io.lockfacade.group.raft.GroupTopology;
import io.lockfacade.group.raft.LoopbackPorts;
import io.lockfacade.group.tls.PeerTls;
import io.lockfacade.testkit.group.MasterGroup;
import io.lockfacade.testkit.master.MasterProcess;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * An outsider trying to join a {@link MasterGroup}'s member processes: a group member started in the test's JVM,
 * raft id {@value #ID}, that knows the members' Raft ports and the group's cluster name (its own list names the
 * members and itself) and connects to them as a member would, with the stores it is given.
 */
public final class GroupOutsider implements AutoCloseable {

    /** The outsider's raft id and JGroups name, in no member's {@code --group}. */
    public static final String ID = "intruder";

    private final GroupMember member;

    private GroupOutsider(GroupMember member) {
        this.member = member;
    }

    /**
     * @param group   the member processes, on loopback
     * @param dataDir the outsider's own log folder
     * @param tls     the outsider's keystore and truststore, or {@code null} for a plain channel
     * @throws IOException if the outsider cannot start (its own ports, its folder)
     */
    public static GroupOutsider start(MasterGroup group, Path dataDir, TlsStores tls) throws IOException {
        List<GroupMemberAddress> addresses = new ArrayList<>();
        for (String id : group.ids()) {
            addresses.add(new GroupMemberAddress(id, group.endpoint(id).getHost(), group.httpPort(id),
                    group.raftPort(id)));
        }
        List<Integer> ports = LoopbackPorts.reserve(MasterProcess.LOOPBACK, 2);
        addresses.add(new GroupMemberAddress(ID, MasterProcess.LOOPBACK, ports.get(0), ports.get(1)));
        return new GroupOutsider(GroupMember.start(new GroupTopology(addresses), ID, dataDir, FsyncPolicy.DEFAULT,
                tls == null ? null : new PeerTls(tls)));
    }

    /** @return the names in the outsider's own JGroups view: only {@value #ID} while nobody lets it in */
    public List<String> viewNames() {
        return member.viewNames();
    }

    /** Leaves: closes the outsider's channel and log. */
    @Override
    public void close() {
        member.close();
    }
}
