package io.lockfacade.client.transport;

import io.lockfacade.api.LockServiceUnavailableException;
import io.lockfacade.client.testing.RawHttpPeer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The pooled transport at the socket level: connection reuse, the one safe retry, and no retry after a timeout. */
class PooledHttpTransportTest {

    private RawHttpPeer peer;

    @BeforeEach
    void start() throws Exception {
        peer = new RawHttpPeer();
    }

    @AfterEach
    void stop() throws Exception {
        peer.close();
    }

    @Test
    void sequentialCallsShareOneKeptAliveConnection() {
        RemoteMemoryLockService master = MemoryLockServiceProxies.create(peer.uri(), ClientTransportSettings.defaults());

        for (int i = 0; i < 20; i++) {
            assertTrue(master.isLockTypeEmpty("orders"));
        }

        assertEquals(20, peer.calls());
        assertEquals(1, peer.connections());
    }

    @Test
    void concurrentCallsOpenNoMoreConnectionsThanCallingThreads() throws Exception {
        RemoteMemoryLockService master = MemoryLockServiceProxies.create(peer.uri(), ClientTransportSettings.defaults());
        int threads = 8;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> calls = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                calls.add(pool.submit(() -> {
                    for (int i = 0; i < 50; i++) {
                        assertTrue(master.isLockTypeEmpty("orders"));
                    }
                }));
            }
            for (Future<?> call : calls) {
                call.get(30, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }

        assertEquals(threads * 50, peer.calls());
        assertTrue(peer.connections() <= threads, "opened " + peer.connections() + " connections for " + threads
                + " threads");
    }

    @Test
    void aKeptAliveConnectionClosedByTheMasterBeforeAnyReplyIsRetriedOnceOnAFreshOne() {
        RemoteMemoryLockService master = MemoryLockServiceProxies.create(peer.uri(), ClientTransportSettings.defaults());
        assertTrue(master.isLockTypeEmpty("orders"));

        peer.behave(RawHttpPeer.Behaviour.CLOSE_ONCE);

        assertTrue(master.isLockTypeEmpty("orders"));
        assertEquals(3, peer.calls(), "the closed call and its one retry");
        assertEquals(2, peer.connections());
    }

    @Test
    void aCallWithoutReplyWithinTheReadTimeoutIsNotRetried() {
        RemoteMemoryLockService master = MemoryLockServiceProxies.create(peer.uri(),
                ClientTransportSettings.defaults().withReadTimeout(Duration.ofMillis(300)));
        peer.behave(RawHttpPeer.Behaviour.SILENT);

        assertThrows(LockServiceUnavailableException.class, () -> master.isLockTypeEmpty("orders"));
        assertEquals(1, peer.calls());
    }
}
