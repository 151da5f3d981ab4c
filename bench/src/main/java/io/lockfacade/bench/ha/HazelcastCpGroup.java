package io.lockfacade.bench.ha;

import com.hazelcast.client.HazelcastClient;
import com.hazelcast.client.config.ClientConfig;
import com.hazelcast.core.HazelcastInstance;
import io.lockfacade.group.raft.LoopbackPorts;
import io.lockfacade.process.JavaCommand;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;

/**
 * Three Hazelcast 5.4 CP members in three JVMs ({@link HazelcastMemberMain}) on loopback, a fresh cluster each time
 * (a CP member that died stays a CP member until removed, so a restarted one would not restore the majority), and
 * {@link HazelcastClient} instances with default settings as the clients.
 */
final class HazelcastCpGroup implements AutoCloseable {

    private final Path dir;
    private final String clusterName;
    private final int[] ports = LoopbackPorts.reserve(HaLimits.HOST, HaLimits.MEMBERS).stream()
            .mapToInt(Integer::intValue).toArray();
    private final List<MemberJvm> members = new ArrayList<>();
    private final List<HazelcastInstance> clients = new ArrayList<>();

    /** Starts the members; clients connect once {@link #newClient()} is called. */
    HazelcastCpGroup(Path dir) throws IOException {
        this.dir = Files.createDirectories(dir);
        this.clusterName = "habench-" + dir.getFileName();
        StringJoiner all = new StringJoiner(",");
        for (int port : ports) {
            all.add(Integer.toString(port));
        }
        for (int i = 0; i < HaLimits.MEMBERS; i++) {
            JavaCommand command = JavaCommand.mainClass(HazelcastMemberMain.class.getName(), List.of(clusterName,
                    Integer.toString(ports[i]), all.toString(), roleFile(i).toString()));
            members.add(MemberJvm.start("hz" + (i + 1), command, dir.resolve("hz" + (i + 1) + ".log")));
        }
    }

    /** @return a new client of the cluster, with Hazelcast's default client settings; closed with the group */
    HazelcastInstance newClient() {
        HazelcastInstance client = HazelcastClient.newHazelcastClient(clientConfig(clusterName, addresses()));
        synchronized (clients) {
            clients.add(client);
        }
        return client;
    }

    /** @return the cluster's name, for a client in another JVM ({@link #clientConfig}) */
    String clusterName() {
        return clusterName;
    }

    /** @return every member's {@code host:port}, comma-separated, for a client in another JVM */
    String addresses() {
        StringJoiner all = new StringJoiner(",");
        for (int port : ports) {
            all.add(HaLimits.HOST + ":" + port);
        }
        return all.toString();
    }

    /**
     * @param clusterName {@link #clusterName()}
     * @param addresses   {@link #addresses()}
     * @return Hazelcast's default client settings for that cluster, its logging off
     */
    static ClientConfig clientConfig(String clusterName, String addresses) {
        ClientConfig config = new ClientConfig();
        config.setClusterName(clusterName);
        config.setProperty("hazelcast.logging.type", "none");
        for (String address : addresses.split(",")) {
            config.getNetworkConfig().addAddress(address);
        }
        return config;
    }

    /** @return member {@code i}'s process */
    MemberJvm member(int i) {
        return members.get(i);
    }

    /**
     * Waits until exactly one member reports itself leader of the {@code default} CP group (it exists once a lock
     * proxy was created).
     *
     * @return its index
     */
    int awaitLeader() throws InterruptedException, IOException {
        long deadline = System.nanoTime() + HaLimits.GROUP_READY_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            int leader = -1;
            int leaders = 0;
            for (int i = 0; i < HaLimits.MEMBERS; i++) {
                Path role = roleFile(i);
                if (Files.exists(role) && Files.readString(role).equals("leader")) {
                    leader = i;
                    leaders++;
                }
            }
            if (leaders == 1) {
                return leader;
            }
            Thread.sleep(HaLimits.POLL.toMillis());
        }
        throw new IllegalStateException("no single CP leader within " + HaLimits.GROUP_READY_TIMEOUT + "; logs in "
                + dir);
    }

    private Path roleFile(int i) {
        return dir.resolve("hz" + (i + 1) + ".role");
    }

    /** Terminates every client, then ends every member. */
    @Override
    public void close() {
        synchronized (clients) {
            clients.forEach(client -> client.getLifecycleService().terminate());
        }
        members.forEach(MemberJvm::close);
    }
}
