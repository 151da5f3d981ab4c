package io.lockfacade.client.transport;

import com.caucho.hessian.client.HessianConnection;
import com.caucho.hessian.client.HessianConnectionFactory;
import com.caucho.hessian.client.HessianProxyFactory;
import io.lockfacade.api.LockLimits;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManager;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.core5.io.CloseMode;
import org.apache.hc.core5.util.TimeValue;
import org.apache.hc.core5.util.Timeout;

import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Opens Hessian connections on a pool of blocking HTTP/1.1 connections (Apache HttpClient 5, classic API), so
 * each call runs on the caller's own thread with no hand-off to a selector or executor thread.
 *
 * <p><b>Pool.</b> Up to {@link #MAX_CONNECTIONS} keep-alive connections to the master, one per concurrently calling
 * thread (a node's lock traffic is bounded by its threads: one thread per lock goes remote, and a parked
 * {@code tryLock} holds its connection while it waits). A call finding every connection busy waits for one, within
 * the read timeout. A connection idle for
 * {@link #IDLE_LIFETIME} is dropped before the master's own idle timeout
 * ({@link LockLimits#MIN_CONNECTION_IDLE_TIMEOUT}) could close it under a call; a connection idle for more than
 * {@link #VALIDATE_AFTER_IDLE} is checked before reuse; what still slips through costs one retry (see
 * {@link PooledHttpConnection}). Idle connections are swept on the calling threads, at most once per
 * {@link #SWEEP_INTERVAL}: the transport starts no thread of its own.
 *
 * <p><b>TLS.</b> {@code https://} masters are checked against the settings' truststore (the JVM's CAs without
 * one), host name included. A pooled connection keeps its TLS session for as long as it is pooled, and a new
 * connection resumes the session of an earlier one, so TLS costs a full handshake only on the first connection.
 *
 * <p><b>Bounds.</b> Connecting is bounded by the connect timeout; waiting for a pooled connection, and for the
 * reply once sent, by the read timeout. Each request carries the shared secret when one is configured.
 */
public final class PooledHttpConnectionFactory implements HessianConnectionFactory, AutoCloseable {

    /** Most keep-alive connections one client keeps to one master. */
    public static final int MAX_CONNECTIONS = 256;

    /** Idle connections older than this are closed by the client, before the master's idle timeout. */
    public static final Duration IDLE_LIFETIME = LockLimits.MIN_CONNECTION_IDLE_TIMEOUT.multipliedBy(2).dividedBy(3);

    /** A pooled connection idle for longer than this is checked for a close by the master before reuse. */
    public static final Duration VALIDATE_AFTER_IDLE = Duration.ofSeconds(2);

    /** Least time between two sweeps of idle connections. */
    public static final Duration SWEEP_INTERVAL = Duration.ofSeconds(1);

    private final ClientTransportSettings settings;
    private final PoolingHttpClientConnectionManager pool;
    private final CloseableHttpClient client;
    private final AtomicLong nextSweepNanos = new AtomicLong(System.nanoTime());

    /**
     * @param settings timeouts and secret for every connection
     */
    public PooledHttpConnectionFactory(ClientTransportSettings settings) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.pool = PoolingHttpClientConnectionManagerBuilder.create()
                .setTlsSocketStrategy(ClientTls.strategy(settings.tls()))
                .setMaxConnTotal(MAX_CONNECTIONS)
                .setMaxConnPerRoute(MAX_CONNECTIONS)
                .setDefaultConnectionConfig(ConnectionConfig.custom()
                        .setConnectTimeout(timeout(settings.connectTimeout()))
                        .setSocketTimeout(timeout(settings.readTimeout()))
                        .setValidateAfterInactivity(TimeValue.ofMilliseconds(VALIDATE_AFTER_IDLE.toMillis()))
                        .build())
                .build();
        this.client = HttpClients.custom()
                .setConnectionManager(pool)
                .setDefaultRequestConfig(RequestConfig.custom()
                        .setConnectionRequestTimeout(timeout(settings.readTimeout()))
                        .setResponseTimeout(timeout(settings.readTimeout()))
                        .build())
                .setRequestExecutor(new AttemptBoundRequestExecutor())
                .disableAutomaticRetries() // the one safe retry is PooledHttpConnection's own
                .disableRedirectHandling()
                .disableCookieManagement()
                .disableAuthCaching()
                .disableContentCompression()
                .disableDefaultUserAgent()
                .build();
    }

    /** Ignored: the timeouts come from the {@link ClientTransportSettings}, not from the proxy factory. */
    @Override
    public void setHessianProxyFactory(HessianProxyFactory factory) {
        // nothing to take from the proxy factory
    }

    /**
     * Prepares a call to {@code url}; nothing is sent before {@link HessianConnection#sendRequest()}.
     *
     * @throws IOException if the URL is not a valid URI
     */
    @Override
    public HessianConnection open(URL url) throws IOException {
        sweepIdleConnections();
        PooledHttpConnection connection;
        try {
            connection = new PooledHttpConnection(client, url.toURI(), AttemptTimeout.remainingMillis()
                    .filter(millis -> millis < settings.readTimeout().toMillis()).map(Timeout::ofMilliseconds)
                    .orElse(null));
        } catch (URISyntaxException e) {
            throw new IOException("master URL is not a valid URI: " + url, e);
        }
        if (settings.secret() != null) {
            connection.addHeader(LockLimits.SECRET_HEADER, settings.secret());
        }
        return connection;
    }

    /** Closes every pooled connection; calls made afterwards fail. */
    @Override
    public void close() {
        client.close(CloseMode.GRACEFUL);
    }

    private void sweepIdleConnections() {
        long now = System.nanoTime();
        long due = nextSweepNanos.get();
        if (now - due >= 0 && nextSweepNanos.compareAndSet(due, now + SWEEP_INTERVAL.toNanos())) {
            pool.closeIdle(TimeValue.ofMilliseconds(IDLE_LIFETIME.toMillis()));
        }
    }

    private static Timeout timeout(Duration duration) {
        return Timeout.ofMilliseconds(duration.toMillis());
    }
}
