package io.lockfacade.webapp;

import io.lockfacade.webapp.testing.Masters;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.net.ConnectException;
import java.net.Socket;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class MasterServerTest {

    @Test
    void portZeroBindsAFreePortAndTheUrlsNameIt() {
        try (MasterServer master = Masters.start()) {
            assertTrue(master.port() > 0);
            assertEquals("http://127.0.0.1:" + master.port() + "/remoting/MemoryLockService",
                    master.serviceUri().toString());
            assertEquals("http://127.0.0.1:" + master.port() + "/admin/locks", master.adminUri().toString());
        }
    }

    @Test
    void stopFreesThePortAndMayBeCalledTwice() {
        MasterServer master = Masters.start();
        int port = master.port();
        master.stop();
        master.stop();
        assertThrows(ConnectException.class, () -> new Socket("127.0.0.1", port).close());
    }

    @Test
    void aPortInUseFailsTheStartWithAnIOException() {
        try (MasterServer first = Masters.start()) {
            IOException failure = assertThrows(IOException.class,
                    () -> MasterServer.start(MasterOptions.defaults(Masters.ADMIN_PASSWORD).withPort(first.port())));
            assertTrue(failure.getMessage().contains(String.valueOf(first.port())), failure.getMessage());
        }
    }

    @Test
    void theConnectionIdleTimeoutStaysAboveAParkedCallsTimeout() {
        assertEquals(HttpServerSizing.MIN_IDLE_TIMEOUT, HttpServerSizing.idleTimeout(java.time.Duration.ofSeconds(10)));
        assertTrue(HttpServerSizing.idleTimeout(java.time.Duration.ofMinutes(5))
                .compareTo(java.time.Duration.ofMinutes(5).plus(
                        io.lockfacade.server.transport.HessianEndpointServlet.ASYNC_TIMEOUT_MARGIN)) > 0);
    }
}
