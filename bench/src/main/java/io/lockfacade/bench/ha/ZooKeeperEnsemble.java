package io.lockfacade.bench.ha;

import io.lockfacade.group.raft.LoopbackPorts;
import io.lockfacade.process.JavaCommand;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.ExponentialBackoffRetry;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;
import java.util.concurrent.TimeUnit;

/**
 * A 3-server ZooKeeper ensemble on loopback, one JVM per server ({@code QuorumPeerMain} from this class path,
 * ZooKeeper's default settings but the ports and the data directories), and Curator clients with default settings:
 * the peer users compare the master group with. With {@code forceSync} each server forces its transaction log to
 * disk before it acknowledges, as the group does with {@code --fsync always}; ZooKeeper's default.
 */
final class ZooKeeperEnsemble implements AutoCloseable {

    private static final String MAIN = "org.apache.zookeeper.server.quorum.QuorumPeerMain";
    private static final int PORTS_PER_SERVER = 3;

    private final Path dir;
    private final List<Integer> ports = LoopbackPorts.reserve(HaLimits.HOST, HaLimits.MEMBERS * PORTS_PER_SERVER);
    private final List<MemberJvm> servers = new ArrayList<>();
    private final List<CuratorFramework> clients = new ArrayList<>();

    /**
     * Starts the servers; they elect a leader on their own.
     *
     * @param forceSync whether each server forces its log to disk before acknowledging (ZooKeeper's default)
     */
    ZooKeeperEnsemble(Path dir, boolean forceSync) throws IOException {
        this.dir = Files.createDirectories(dir);
        for (int i = 0; i < HaLimits.MEMBERS; i++) {
            Path data = Files.createDirectories(dir.resolve("zk" + (i + 1)));
            Files.writeString(data.resolve("myid"), Integer.toString(i + 1));
            Path config = dir.resolve("zk" + (i + 1) + ".cfg");
            Files.writeString(config, config(i, data, forceSync));
            servers.add(MemberJvm.start("zk" + (i + 1), JavaCommand.mainClass(MAIN, List.of(config.toString())),
                    dir.resolve("zk" + (i + 1) + ".log")));
        }
    }

    /** @return the client connect string of all servers */
    String connectString() {
        StringJoiner all = new StringJoiner(",");
        for (int i = 0; i < HaLimits.MEMBERS; i++) {
            all.add(HaLimits.HOST + ":" + clientPort(i));
        }
        return all.toString();
    }

    /**
     * @return a started Curator client with default timeouts, connected; closed with the ensemble
     * @throws IllegalStateException if it cannot connect within {@link HaLimits#GROUP_READY_TIMEOUT}
     */
    CuratorFramework newClient() throws InterruptedException {
        CuratorFramework client = CuratorFrameworkFactory.newClient(connectString(),
                new ExponentialBackoffRetry(100, 3));
        synchronized (clients) {
            clients.add(client);
        }
        client.start();
        if (!client.blockUntilConnected((int) HaLimits.GROUP_READY_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
            throw new IllegalStateException("no ZooKeeper server answered within " + HaLimits.GROUP_READY_TIMEOUT
                    + "; logs in " + dir);
        }
        return client;
    }

    /** Closes the clients and ends every server process. */
    @Override
    public void close() {
        synchronized (clients) {
            clients.forEach(CuratorFramework::close);
            clients.clear();
        }
        servers.forEach(MemberJvm::close);
    }

    private String config(int server, Path data, boolean forceSync) {
        StringBuilder config = new StringBuilder()
                .append("tickTime=2000\ninitLimit=10\nsyncLimit=5\n")
                .append("dataDir=").append(data).append('\n')
                .append("clientPortAddress=").append(HaLimits.HOST).append('\n')
                .append("clientPort=").append(clientPort(server)).append('\n')
                .append("forceSync=").append(forceSync ? "yes" : "no").append('\n')
                .append("admin.enableServer=false\nmaxClientCnxns=0\n");
        for (int i = 0; i < HaLimits.MEMBERS; i++) {
            config.append("server.").append(i + 1).append('=').append(HaLimits.HOST).append(':')
                    .append(ports.get(i * PORTS_PER_SERVER + 1)).append(':')
                    .append(ports.get(i * PORTS_PER_SERVER + 2)).append('\n');
        }
        return config.toString();
    }

    private int clientPort(int server) {
        return ports.get(server * PORTS_PER_SERVER);
    }
}
