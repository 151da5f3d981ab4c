package io.lockfacade.client.spring;

import io.lockfacade.webapp.MasterOptions;
import io.lockfacade.webapp.MasterServer;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;

/** The real master ({@code lock-facade-webapp}), in-process on a free port of 127.0.0.1; closed after each test. */
final class RealMaster implements AutoCloseable {

    private static final String ADMIN_PASSWORD = "spring-integration-test";

    private final MasterServer server;

    private RealMaster(MasterServer server) {
        this.server = server;
    }

    /** @return a running master with the default options */
    static RealMaster start() throws IOException {
        return new RealMaster(MasterServer.start(MasterOptions.defaults(ADMIN_PASSWORD).withPort(0)));
    }

    /** @return whether no lock of {@code lockType} is held on the master */
    boolean isLockTypeEmpty(String lockType) {
        return server.service().isLockTypeEmpty(lockType);
    }

    /** @return the {@code lockfacade.*} properties of a node called {@code nodeId} using this master */
    Map<String, Object> nodeProperties(String nodeId) {
        Map<String, Object> properties = new HashMap<>();
        properties.put(LockFacadeProperties.MASTER_URL, server.serviceUri().toString());
        properties.put(LockFacadeProperties.NODE_ID, nodeId);
        return properties;
    }

    @Override
    public void close() {
        server.stop();
    }
}
