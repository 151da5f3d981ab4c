package io.lockfacade.spring.boot.autoconfigure;

import io.lockfacade.server.service.MemoryLockServiceImpl;
import io.lockfacade.webapp.MasterOptions;
import io.lockfacade.webapp.MasterServer;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.io.IOException;
import java.net.URI;

/**
 * The real master (the webapp's {@link MasterServer}) in-process on an ephemeral port of 127.0.0.1, started before a
 * test class's Spring context and stopped after its tests. Register it in a static field with
 * {@code @RegisterExtension} and hand {@link #serviceUri()} to {@code lockfacade.master-url}.
 */
public final class RealMasterExtension implements BeforeAllCallback, AfterAllCallback {

    /** The admin password of the master. */
    public static final String ADMIN_PASSWORD = "boot-integration-test";

    private MasterServer master;

    @Override
    public void beforeAll(ExtensionContext context) throws IOException {
        master = MasterServer.start(MasterOptions.defaults(ADMIN_PASSWORD).withPort(0));
    }

    @Override
    public void afterAll(ExtensionContext context) {
        master.stop();
    }

    /** Stops the master, as a crash would for its clients: its table is gone. */
    public void stop() {
        master.stop();
    }

    /** Starts a new master, with an empty table, on the port of the one {@link #stop()} stopped. */
    public void startAgain() throws IOException {
        master = MasterServer.start(MasterOptions.defaults(ADMIN_PASSWORD).withPort(master.port()));
    }

    /** @return the master's Hessian endpoint */
    public URI serviceUri() {
        return master.serviceUri();
    }

    /** @return the master's admin page */
    public URI adminUri() {
        return master.adminUri();
    }

    /** @return the master's lock service, to look at its table */
    public MemoryLockServiceImpl service() {
        return master.service();
    }
}
