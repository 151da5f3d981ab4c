package io.lockfacade.webapp;

import io.lockfacade.api.LockLimits;
import io.lockfacade.server.transport.HessianEndpointServlet;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.NetworkConnectionLimit;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.ssl.SslContextFactory;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.time.Duration;

/**
 * The master's Jetty sizing: threads, connections and timeouts, in one place with the reasons.
 *
 * <p>A parked {@code tryLock} holds a connection and an async context, never a thread; every other call runs for
 * microseconds on a pool thread. Threads are therefore sized for CPU work and for reading request bodies (at most
 * 64 KiB each), not for the number of waiters: {@value #MAX_THREADS} is plenty for a few cores. What bounds
 * concurrent waiters is open connections: {@value #MAX_CONNECTIONS}, or fewer when the process may open fewer
 * files (a reserve of {@value #FILE_DESCRIPTOR_RESERVE} is kept for jars, logs and the JDK). Past the limit Jetty
 * stops accepting until a connection closes, instead of failing with "too many open files".
 *
 * <p>Slow clients: a connection that sends nothing is closed after the idle timeout; a request whose body trickles
 * in (which resets the idle timeout with every byte) is read without a thread and its connection dropped once
 * {@link #REQUEST_BODY_DEADLINE} has passed ({@link BodyLoadingHandler}), so neither can tie up request threads.
 */
public final class HttpServerSizing {

    /** Name prefix of the request threads, as seen in thread dumps. */
    public static final String THREAD_NAME = "lock-facade-http";

    /** Request threads kept even when idle. */
    public static final int MIN_THREADS = 4;

    /** Most request threads; waiters do not use any. */
    public static final int MAX_THREADS = 32;

    /** Most connections open at once, each parked waiter included. */
    public static final int MAX_CONNECTIONS = 10_000;

    /** File descriptors left for everything but connections. */
    public static final int FILE_DESCRIPTOR_RESERVE = 256;

    /** Shortest idle timeout of a connection; it is raised above the wait cap when that is longer. */
    public static final Duration MIN_IDLE_TIMEOUT = LockLimits.MIN_CONNECTION_IDLE_TIMEOUT;

    /**
     * Longest a request body may take to arrive after its headers, however steadily it trickles in; the connection
     * is dropped then. Calls are a few hundred bytes, at most {@link LockLimits#MAX_REQUEST_BYTES}.
     */
    public static final Duration REQUEST_BODY_DEADLINE = Duration.ofSeconds(10);

    /** How long an idle pool thread lives. */
    private static final Duration THREAD_IDLE_TIMEOUT = Duration.ofMinutes(1);

    private HttpServerSizing() {
    }

    /** @return the request thread pool */
    public static QueuedThreadPool threadPool() {
        QueuedThreadPool pool = new QueuedThreadPool(MAX_THREADS, MIN_THREADS, (int) THREAD_IDLE_TIMEOUT.toMillis());
        pool.setName(THREAD_NAME);
        return pool;
    }

    /**
     * @param waitCap the master's cap on one call's wait
     * @return the connection idle timeout: at least {@link #MIN_IDLE_TIMEOUT} and longer than a parked call's
     *         async timeout, so that a waiting client's connection is never cut for being quiet
     */
    public static Duration idleTimeout(Duration waitCap) {
        Duration aboveAsyncTimeout = HessianEndpointServlet.asyncTimeout(waitCap)
                .plus(HessianEndpointServlet.ASYNC_TIMEOUT_MARGIN);
        return aboveAsyncTimeout.compareTo(MIN_IDLE_TIMEOUT) > 0 ? aboveAsyncTimeout : MIN_IDLE_TIMEOUT;
    }

    /**
     * @param next the master's handlers
     * @return {@code next} behind a {@link BodyLoadingHandler}: bodies up to {@link LockLimits#MAX_REQUEST_BYTES}
     *         are read without a thread and must arrive within {@link #REQUEST_BODY_DEADLINE}
     */
    public static Handler loadBodiesFirst(Handler next) {
        return new BodyLoadingHandler(next, LockLimits.MAX_REQUEST_BYTES, REQUEST_BODY_DEADLINE);
    }

    /** @return the connection limit for this process: {@link #MAX_CONNECTIONS} or what file descriptors allow */
    public static int connectionLimit() {
        OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
        if (os instanceof com.sun.management.UnixOperatingSystemMXBean unix) {
            long usable = unix.getMaxFileDescriptorCount() - FILE_DESCRIPTOR_RESERVE;
            return (int) Math.max(1, Math.min(MAX_CONNECTIONS, usable));
        }
        return MAX_CONNECTIONS;
    }

    /**
     * Adds the HTTP connector and its connection limit to the server.
     *
     * @return the connector, not started
     */
    public static ServerConnector addConnector(Server server, String host, int port, Duration waitCap) {
        return addConnector(server, host, port, waitCap, null);
    }

    /**
     * Adds the connector and its connection limit to the server: HTTPS only when {@code tls} is given (a plain HTTP
     * request on the port fails the handshake), plain HTTP otherwise.
     *
     * @param tls Jetty's TLS settings, or {@code null} for plain HTTP
     * @return the connector, not started
     */
    public static ServerConnector addConnector(Server server, String host, int port, Duration waitCap,
                                               SslContextFactory.Server tls) {
        HttpConfiguration http = new HttpConfiguration();
        http.setSendServerVersion(false);
        http.setSendXPoweredBy(false);
        ServerConnector connector;
        if (tls == null) {
            connector = new ServerConnector(server, new HttpConnectionFactory(http));
        } else {
            HttpsSetup.secureRequests(http);
            connector = new ServerConnector(server, tls, new HttpConnectionFactory(http));
        }
        connector.setHost(host);
        connector.setPort(port);
        connector.setIdleTimeout(idleTimeout(waitCap).toMillis());
        connector.setName("lock-facade");
        server.addConnector(connector);
        server.addBean(new NetworkConnectionLimit(connectionLimit(), connector));
        return connector;
    }
}
