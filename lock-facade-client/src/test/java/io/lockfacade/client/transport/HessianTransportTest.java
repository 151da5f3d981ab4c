package io.lockfacade.client.transport;

import io.lockfacade.api.LockGrant;
import io.lockfacade.api.LockServiceUnavailableException;
import io.lockfacade.client.distributed.DistributeLock;
import io.lockfacade.client.distributed.DistributeLockSettings;
import io.lockfacade.client.testing.HessianTestServer;
import io.lockfacade.client.testing.FaultInjectingMaster;
import io.lockfacade.testsupport.await.Await;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The Hessian proxy over real HTTP, against an in-process server. */
class HessianTransportTest {

    private static final String TYPE = "orders";
    private static final String KEY = "42";
    private static final String OWNER = "node-a:main#1";
    private static final String ELSEWHERE = "node-z:worker#1";
    private static final Duration SHORT_TIMEOUT = Duration.ofMillis(300);

    private final FaultInjectingMaster master = new FaultInjectingMaster();
    private final ExecutorService others = Executors.newCachedThreadPool();
    private HessianTestServer server;

    @AfterEach
    void stop() {
        others.shutdownNow();
        if (server != null) {
            server.close();
        }
        master.close();
    }

    @Test
    void grantsTravelThroughTheClientAllowList() throws IOException {
        RemoteMemoryLockService remote = proxyTo(HessianTestServer.start(master), ClientTransportSettings.defaults());

        LockGrant grant = remote.tryLock(TYPE, KEY, OWNER, 0, 0);

        assertEquals(OWNER, grant.getOwner());
        assertTrue(grant.getFencingToken() > 0);
        assertTrue(remote.unlock(TYPE, KEY, OWNER));
        assertTrue(remote.isLockTypeEmpty(TYPE));
    }

    @Test
    void theMastersIllegalArgumentArrivesAsIllegalArgumentException() throws IOException {
        RemoteMemoryLockService remote = proxyTo(HessianTestServer.start(master), ClientTransportSettings.defaults());

        IllegalArgumentException refusal = assertThrows(IllegalArgumentException.class,
                () -> remote.tryLock(TYPE, KEY, OWNER, 1, 0));

        assertTrue(refusal.getMessage().contains("leaseMillis"), refusal.getMessage());
    }

    @Test
    void refusedConnectionFailsWithServiceUnavailableNamingTheUrl() throws IOException {
        URI closedPort = URI.create("http://127.0.0.1:" + freePort() + "/remoting/MemoryLockService");
        RemoteMemoryLockService remote = MemoryLockServiceProxies.create(closedPort, ClientTransportSettings.defaults());

        LockServiceUnavailableException failure = assertThrows(LockServiceUnavailableException.class,
                () -> remote.tryLock(TYPE, KEY, OWNER, 0, 0));

        assertTrue(failure.getMessage().contains(closedPort.toString()), failure.getMessage());
        assertTrue(failure.getMessage().contains("tryLock(orders/42)"), failure.getMessage());
    }

    @Test
    void stalledMasterFailsWithinTheReadTimeout() throws IOException {
        server = HessianTestServer.start(master);
        server.stall();
        RemoteMemoryLockService remote = MemoryLockServiceProxies.create(server.serviceUrl(),
                ClientTransportSettings.defaults().withReadTimeout(SHORT_TIMEOUT));

        long started = System.nanoTime();
        assertThrows(LockServiceUnavailableException.class, () -> remote.isLockTypeEmpty(TYPE));

        assertTrue(Duration.ofNanos(System.nanoTime() - started).compareTo(Await.PATIENCE) < 0);
    }

    @Test
    void aMasterRequiringASecretRefusesCallsWithoutIt() throws IOException {
        RemoteMemoryLockService remote = proxyTo(HessianTestServer.startWithSecret(master, "s3cret"),
                ClientTransportSettings.defaults());

        LockServiceUnavailableException failure = assertThrows(LockServiceUnavailableException.class,
                () -> remote.isLockTypeEmpty(TYPE));

        assertTrue(failure.getMessage().contains("401"), failure.getMessage());
    }

    @Test
    void theSecretIsSentAsTheLockSecretHeader() throws IOException {
        RemoteMemoryLockService remote = proxyTo(HessianTestServer.startWithSecret(master, "s3cret"),
                ClientTransportSettings.defaults().withSecret("s3cret"));

        assertTrue(remote.isLockTypeEmpty(TYPE));
    }

    @Test
    void anUrlWithoutPathGetsTheServicePath() {
        assertEquals(URI.create("http://master:8080/remoting/MemoryLockService"),
                MemoryLockServiceProxies.endpoint(URI.create("http://master:8080")));
    }

    @Test
    void distributeLockWorksOverHttp() throws Exception {
        RemoteMemoryLockService remote = proxyTo(HessianTestServer.start(master), ClientTransportSettings.defaults());
        try (DistributeLock node = new DistributeLock(remote, DistributeLockSettings.defaults().withNodeId("node-a"))) {
            node.lock(TYPE, KEY, 1_000);
            assertTrue(node.fencingToken(TYPE, KEY).isPresent());
            assertTrue(master.holder(TYPE, KEY).orElseThrow().startsWith("node-a:"));
            node.unlock(TYPE, KEY);
        }
        assertTrue(master.holder(TYPE, KEY).isEmpty());
    }

    @Test
    void interruptDuringARemoteWaitOverHttpEndsTheWaitAndLeavesNothing() throws Exception {
        RemoteMemoryLockService remote = proxyTo(HessianTestServer.start(master), ClientTransportSettings.defaults());
        master.tryLock(TYPE, KEY, ELSEWHERE, 0, 0);
        DistributeLock node = new DistributeLock(remote,
                DistributeLockSettings.defaults().withNodeId("node-a").withRemoteWaitCap(SHORT_TIMEOUT));
        AtomicReference<Thread> waiterThread = new AtomicReference<>();
        Future<Boolean> waiter = others.submit(() -> {
            waiterThread.set(Thread.currentThread());
            return node.tryLock(TYPE, KEY, 1, TimeUnit.MINUTES);
        });
        Await.until("the waiter waits on the master", () -> master.waiting(TYPE, KEY) == 1);

        waiterThread.get().interrupt();

        ExecutionException failure = assertThrows(ExecutionException.class,
                () -> waiter.get(Await.PATIENCE.toMillis(), TimeUnit.MILLISECONDS));
        assertInstanceOf(InterruptedException.class, failure.getCause());
        assertEquals(0, master.waiting(TYPE, KEY));
        assertEquals(ELSEWHERE, master.holder(TYPE, KEY).orElseThrow());
        node.close();
    }

    private RemoteMemoryLockService proxyTo(HessianTestServer started, ClientTransportSettings settings) {
        server = started;
        return MemoryLockServiceProxies.create(server.serviceUrl(), settings);
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
