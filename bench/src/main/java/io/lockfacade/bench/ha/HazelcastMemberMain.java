package io.lockfacade.bench.ha;

import com.hazelcast.config.Config;
import com.hazelcast.config.JoinConfig;
import com.hazelcast.config.NetworkConfig;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.cp.CPGroup;
import com.hazelcast.cp.CPGroupId;
import com.hazelcast.cp.internal.RaftService;
import com.hazelcast.cp.internal.raft.impl.RaftNode;
import com.hazelcast.instance.impl.HazelcastInstanceProxy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;

/**
 * A Hazelcast 5.4 member with the CP subsystem on (3 CP members, every other setting at its default), run in its
 * own JVM by {@link HazelcastCpGroup}. Hazelcast 5.4 has no public call that names a CP group's leader, so the
 * member reads its own Raft node of the {@code default} CP group (internal {@code RaftService} state) and writes
 * {@code leader} or {@code follower} to a role file whenever that changes.
 *
 * <p>Arguments: {@code CLUSTER_NAME PORT ALL_PORTS(comma-separated) ROLE_FILE}.
 */
public final class HazelcastMemberMain {

    private static final String DEFAULT_GROUP = CPGroup.DEFAULT_GROUP_NAME;

    private HazelcastMemberMain() {
    }

    /**
     * Starts the member and reports its role until the process is ended.
     *
     * @param args cluster name, port, every member's port, role file
     * @throws Exception if the member cannot start or the role file cannot be written
     */
    public static void main(String[] args) throws Exception {
        if (args.length != 4) {
            throw new IllegalArgumentException("usage: CLUSTER_NAME PORT ALL_PORTS ROLE_FILE");
        }
        HazelcastInstance member = Hazelcast.newHazelcastInstance(config(args[0], Integer.parseInt(args[1]),
                args[2].split(",")));
        Path roleFile = Path.of(args[3]);
        RaftService raft = ((HazelcastInstanceProxy) member).getOriginal().node.getNodeEngine()
                .getService(RaftService.SERVICE_NAME);
        CPGroupId groupId = null;
        String written = null;
        while (true) {
            if (groupId == null) {
                groupId = defaultGroup(member);
            }
            RaftNode node = groupId == null ? null : raft.getRaftNode(groupId);
            String role = node != null && node.getLocalMember().equals(node.getLeader()) ? "leader" : "follower";
            if (!role.equals(written)) {
                write(roleFile, role);
                written = role;
            }
            Thread.sleep(HaLimits.POLL.toMillis());
        }
    }

    private static CPGroupId defaultGroup(HazelcastInstance member) {
        try {
            CPGroup group = member.getCPSubsystem().getCPSubsystemManagementService().getCPGroup(DEFAULT_GROUP)
                    .toCompletableFuture().get(HaLimits.CALL_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            return group == null ? null : group.id();
        } catch (Exception notYet) {
            return null;
        }
    }

    private static Config config(String clusterName, int port, String[] allPorts) {
        Config config = new Config();
        config.setClusterName(clusterName);
        config.setProperty("hazelcast.phone.home.enabled", "false");
        config.setProperty("hazelcast.local.localAddress", HaLimits.HOST);
        NetworkConfig network = config.getNetworkConfig();
        network.setPort(port).setPortAutoIncrement(false);
        JoinConfig join = network.getJoin();
        join.getMulticastConfig().setEnabled(false);
        join.getAutoDetectionConfig().setEnabled(false);
        join.getTcpIpConfig().setEnabled(true);
        Arrays.stream(allPorts).forEach(p -> join.getTcpIpConfig().addMember(HaLimits.HOST + ":" + p));
        config.getCPSubsystemConfig().setCPMemberCount(HaLimits.MEMBERS);
        return config;
    }

    private static void write(Path roleFile, String role) throws IOException {
        Path temp = roleFile.resolveSibling(roleFile.getFileName() + ".tmp");
        Files.writeString(temp, role);
        Files.move(temp, roleFile, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
