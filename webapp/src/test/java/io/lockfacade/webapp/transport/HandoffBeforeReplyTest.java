package io.lockfacade.webapp.transport;

import io.lockfacade.api.LockGrant;
import io.lockfacade.api.MemoryLockService;
import io.lockfacade.server.service.MasterSettings;
import io.lockfacade.server.service.MemoryLockServiceImpl;
import io.lockfacade.server.table.LockKey;
import io.lockfacade.server.transport.CallObserver;
import io.lockfacade.server.transport.ClientPresence;
import io.lockfacade.server.transport.HessianEndpointServlet;
import io.lockfacade.server.transport.RemoteMethod;
import io.lockfacade.server.transport.SecretCheck;
import io.lockfacade.webapp.HttpServerSizing;
import io.lockfacade.webapp.JettyClientPresence;
import io.lockfacade.webapp.testing.HessianClients;
import org.eclipse.jetty.ee11.servlet.ServletContextHandler;
import org.eclipse.jetty.ee11.servlet.ServletHolder;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.net.URI;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An {@code unlock} that hands its lock to a parked waiter, over real HTTP on the endpoint as the master serves it:
 * the waiter's grant is written first, on the thread that served the {@code unlock} (no thread wake-up between
 * release and grant), and the holder's reply only after it.
 *
 * <p>The presence check that runs just before a grant is written gives the holder's reply
 * {@link #REPLY_PATIENCE} to arrive first: had the reply been sent before the grant, the holder's {@code unlock}
 * would return to the test meanwhile.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class HandoffBeforeReplyTest {

    private static final long LEASE = 60_000;
    private static final long WAIT = Duration.ofSeconds(20).toMillis();
    private static final Duration PATIENCE = Duration.ofSeconds(10);
    private static final Duration REPLY_PATIENCE = Duration.ofMillis(300);
    private static final String TYPE = "handoff";
    private static final String KEY = "k";

    private final CountDownLatch holderGotReply = new CountDownLatch(1);
    private final AtomicBoolean holderRepliedBeforeGrant = new AtomicBoolean(true);
    private final AtomicReference<Thread> grantWriter = new AtomicReference<>();
    private final AtomicReference<Thread> unlockServer = new AtomicReference<>();
    private final AtomicReference<Thread> tryLockServer = new AtomicReference<>();
    private final ExecutorService waiterThread = Executors.newSingleThreadExecutor();
    private MemoryLockServiceImpl service;
    private Server server;
    private URI serviceUri;

    @BeforeEach
    void startEndpoint() throws Exception {
        service = new MemoryLockServiceImpl(MasterSettings.defaults());
        ClientPresence jetty = new JettyClientPresence();
        ClientPresence afterHolderReplied = (request, response) -> {
            grantWriter.set(Thread.currentThread());
            holderRepliedBeforeGrant.set(awaitHolderReply());
            return jetty.hasLeft(request, response);
        };
        CallObserver observer = call -> {
            if (call.method() == RemoteMethod.UNLOCK) {
                unlockServer.set(Thread.currentThread());
            } else if (call.method() == RemoteMethod.TRY_LOCK) {
                tryLockServer.set(Thread.currentThread());
            }
            return CallObserver.Trace.NONE;
        };
        server = new Server(HttpServerSizing.threadPool());
        ServerConnector connector = HttpServerSizing.addConnector(server, "127.0.0.1", 0,
                service.settings().waitCap());
        ServletContextHandler context = new ServletContextHandler(ServletContextHandler.NO_SESSIONS);
        context.setContextPath("/");
        ServletHolder endpoint = new ServletHolder(new HessianEndpointServlet(service, SecretCheck.open(),
                afterHolderReplied, observer));
        endpoint.setAsyncSupported(true);
        context.addServlet(endpoint, HessianEndpointServlet.MAPPING);
        server.setHandler(HttpServerSizing.loadBodiesFirst(context));
        server.start();
        serviceUri = URI.create("http://127.0.0.1:" + connector.getLocalPort() + "/remoting/MemoryLockService");
    }

    @AfterEach
    void stopEndpoint() throws Exception {
        holderGotReply.countDown();
        waiterThread.shutdownNow();
        assertTrue(waiterThread.awaitTermination(PATIENCE.toMillis(), TimeUnit.MILLISECONDS));
        server.stop();
        service.close();
    }

    @Test
    void theWaiterGetsItsGrantBeforeTheHolderItsReplyOnTheSameThread() throws Exception {
        MemoryLockService holder = HessianClients.proxy(serviceUri);
        MemoryLockService waiter = HessianClients.proxy(serviceUri);
        LockGrant first = holder.tryLock(TYPE, KEY, "holder", LEASE, 0);
        assertNotNull(first);
        CompletableFuture<LockGrant> second = CompletableFuture.supplyAsync(
                () -> waiter.tryLock(TYPE, KEY, "waiter", LEASE, WAIT), waiterThread);
        awaitParkedWaiter();

        assertTrue(holder.unlock(TYPE, KEY, "holder"), "the holder's unlock was answered");
        holderGotReply.countDown();

        LockGrant granted = second.get(PATIENCE.toMillis(), TimeUnit.MILLISECONDS);
        assertNotNull(granted, "the waiter got the lock");
        assertEquals("waiter", granted.getOwner());
        assertTrue(granted.getFencingToken() > first.getFencingToken(), "the fencing token increased");
        assertFalse(holderRepliedBeforeGrant.get(), "the waiter's grant was written before the holder's reply");
        assertNotNull(unlockServer.get());
        assertSame(unlockServer.get(), grantWriter.get(),
                "the grant was written by the thread that served the unlock, without a thread hand-off");
        assertEquals("waiter", service.table().describe(new LockKey(TYPE, KEY)).orElseThrow().owner());
    }

    private boolean awaitHolderReply() {
        try {
            return holderGotReply.await(REPLY_PATIENCE.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Waits until the waiter is queued and the thread that parked its call has left the endpoint. */
    private void awaitParkedWaiter() throws InterruptedException {
        LockKey key = new LockKey(TYPE, KEY);
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        while (service.table().describe(key).orElseThrow().waiters() == 0 && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertEquals(1, service.table().describe(key).orElseThrow().waiters(), "the waiter is parked");
        while (insideEndpoint(tryLockServer.get()) && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertFalse(insideEndpoint(tryLockServer.get()), "the parked call's request thread left the endpoint");
    }

    private static boolean insideEndpoint(Thread thread) {
        return Arrays.stream(thread.getStackTrace())
                .anyMatch(frame -> frame.getClassName().equals(HessianEndpointServlet.class.getName()));
    }
}
