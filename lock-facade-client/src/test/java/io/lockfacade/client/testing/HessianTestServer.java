package io.lockfacade.client.testing;

import com.caucho.hessian.server.HessianSkeleton;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.lockfacade.api.LockLimits;
import io.lockfacade.api.MemoryLockService;
import io.lockfacade.api.wire.AllowListSerializerFactory;
import io.lockfacade.testsupport.await.Await;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * Serves a {@link MemoryLockService} over real HTTP and Hessian, on a free port of 127.0.0.1, the way the
 * master does: buffered replies with a Content-Length, the master's allow-list, an optional secret answered
 * with 401 when missing. It can also stall, to test the client's read timeout.
 */
public final class HessianTestServer implements AutoCloseable {

    private static final int STATUS_OK = 200;
    private static final int STATUS_UNAUTHORIZED = 401;
    private static final int STATUS_TOO_LARGE = 413;

    private final HttpServer server;
    private final ExecutorService executor;
    private final HessianSkeleton skeleton;
    private final String secret;
    private final CountDownLatch released = new CountDownLatch(1);
    private volatile boolean stalling;
    private volatile long replyDelayMillis;

    private HessianTestServer(Object service, Class<?> api, String secret) throws IOException {
        this.skeleton = new HessianSkeleton(service, api);
        this.secret = secret;
        this.executor = Executors.newCachedThreadPool(task -> {
            Thread thread = new Thread(task, "test-master-http");
            thread.setDaemon(true);
            return thread;
        });
        this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext(LockLimits.SERVICE_PATH, this::handle);
        server.setExecutor(executor);
        server.start();
    }

    /** Starts a server for {@code service} without a secret. */
    public static HessianTestServer start(MemoryLockService service) throws IOException {
        return new HessianTestServer(service, MemoryLockService.class, null);
    }

    /** Starts a server for {@code service} as {@code api} (e.g. one extending several contracts), without a secret. */
    public static <T> HessianTestServer start(T service, Class<? super T> api) throws IOException {
        return new HessianTestServer(service, api, null);
    }

    /** Starts a server for {@code service} that requires {@code secret}. */
    public static HessianTestServer startWithSecret(MemoryLockService service, String secret) throws IOException {
        return new HessianTestServer(service, MemoryLockService.class, secret);
    }

    /** @return the endpoint URL */
    public URI serviceUrl() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + LockLimits.SERVICE_PATH);
    }

    /** From now on, requests get no reply until the server is closed. */
    public void stall() {
        stalling = true;
    }

    /** From now on, every call is carried out at once but answered only {@code delay} later (a slow network). */
    public void delayReplies(Duration delay) {
        replyDelayMillis = delay.toMillis();
    }

    @Override
    public void close() {
        released.countDown();
        server.stop(0);
        executor.shutdownNow();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            if (stalling) {
                awaitRelease();
                return;
            }
            if (secret != null && !secret.equals(exchange.getRequestHeaders().getFirst(LockLimits.SECRET_HEADER))) {
                exchange.sendResponseHeaders(STATUS_UNAUTHORIZED, -1);
                return;
            }
            byte[] request = readLimited(exchange.getRequestBody());
            if (request == null) {
                exchange.sendResponseHeaders(STATUS_TOO_LARGE, -1);
                return;
            }
            ByteArrayOutputStream reply = new ByteArrayOutputStream();
            try {
                skeleton.invoke(new ByteArrayInputStream(request), reply, AllowListSerializerFactory.forMaster());
            } catch (Exception e) {
                throw new IOException("skeleton failed", e);
            }
            pauseBeforeReply();
            exchange.getResponseHeaders().set("Content-Type", "x-application/hessian");
            exchange.sendResponseHeaders(STATUS_OK, reply.size());
            try (OutputStream out = exchange.getResponseBody()) {
                reply.writeTo(out);
            }
        }
    }

    private void pauseBeforeReply() {
        long delay = replyDelayMillis;
        if (delay > 0) {
            try {
                released.await(delay, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void awaitRelease() {
        try {
            released.await(Await.PATIENCE.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static byte[] readLimited(InputStream in) throws IOException {
        byte[] body = in.readNBytes(LockLimits.MAX_REQUEST_BYTES + 1);
        return body.length > LockLimits.MAX_REQUEST_BYTES ? null : body;
    }
}
