package io.lockfacade.testkit.master;

import io.lockfacade.client.distributed.DistributeLock;
import io.lockfacade.client.distributed.DistributeLockSettings;
import io.lockfacade.client.transport.ClientTransportSettings;
import io.lockfacade.client.transport.MemoryLockServiceProxies;
import io.lockfacade.server.table.LockKey;
import io.lockfacade.webapp.MasterOptions;
import io.lockfacade.webapp.MasterServer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The real master ({@code MasterServer}) in this JVM on a free port of 127.0.0.1, with client nodes
 * ({@link DistributeLock}) that talk to it over HTTP, as separate nodes would. Closing it closes the nodes, then the
 * master.
 */
public final class InProcessMaster implements AutoCloseable {

    private static final String ADMIN_PASSWORD = "in-process-master";

    private final MasterServer server;
    private final List<DistributeLock> nodes = new CopyOnWriteArrayList<>();

    private InProcessMaster(MasterServer server) {
        this.server = server;
    }

    /** @return a running master with the default options */
    public static InProcessMaster start() {
        try {
            return new InProcessMaster(MasterServer.start(MasterOptions.defaults(ADMIN_PASSWORD).withPort(0)));
        } catch (IOException e) {
            throw new UncheckedIOException("could not start the master", e);
        }
    }

    /** @return the master's Hessian endpoint */
    public URI serviceUri() {
        return server.serviceUri();
    }

    /** @return a new client node of this master, with the session TTL {@code lease}; closed with the master */
    public DistributeLock node(String nodeId, Duration lease) {
        return node(DistributeLockSettings.defaults().withNodeId(nodeId).withLease(lease));
    }

    /** @return a new client node of this master with these settings; closed with the master */
    public DistributeLock node(DistributeLockSettings settings) {
        DistributeLock node = new DistributeLock(
                MemoryLockServiceProxies.create(serviceUri(), ClientTransportSettings.defaults()), settings);
        nodes.add(node);
        return node;
    }

    /** Removes a lock as an operator would on the admin page; its holder loses it. */
    public void forceRemove(String lockType, String key) {
        server.service().table().forceRemove(new LockKey(lockType, key));
    }

    /** @return whether no lock of {@code lockType} is held */
    public boolean isLockTypeEmpty(String lockType) {
        return server.service().isLockTypeEmpty(lockType);
    }

    @Override
    public void close() {
        nodes.forEach(DistributeLock::close);
        server.stop();
    }
}
