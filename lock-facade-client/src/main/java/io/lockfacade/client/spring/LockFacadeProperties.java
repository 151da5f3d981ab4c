package io.lockfacade.client.spring;

import io.lockfacade.api.tls.TlsStores;
import io.lockfacade.client.deadlock.DeadlockDetection;
import io.lockfacade.client.distributed.DistributeLockSettings;
import io.lockfacade.client.transport.ClientTransportSettings;
import org.springframework.core.env.PropertyResolver;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * The {@code lockfacade.*} properties, read from a Spring {@link PropertyResolver} (usually the
 * {@code Environment}).
 *
 * <table>
 *   <caption>Properties</caption>
 *   <tr><th>Property</th><th>Default</th></tr>
 *   <tr><td>{@value #MASTER_URL}</td><td>required</td></tr>
 *   <tr><td>{@value #CONNECT_TIMEOUT}</td><td>3s</td></tr>
 *   <tr><td>{@value #READ_TIMEOUT}</td><td>15s; must exceed the remote wait cap</td></tr>
 *   <tr><td>{@value #SECRET}</td><td>none</td></tr>
 *   <tr><td>{@value #TLS_TRUSTSTORE}</td><td>none: the JVM's default CAs check an {@code https://} master</td></tr>
 *   <tr><td>{@value #TLS_TRUSTSTORE_PASSWORD}</td><td>none</td></tr>
 *   <tr><td>{@value #TLS_KEYSTORE}</td><td>none: no client certificate</td></tr>
 *   <tr><td>{@value #TLS_KEYSTORE_PASSWORD}</td><td>none</td></tr>
 *   <tr><td>{@value #NODE_ID}</td><td>{@code node-} and 16 random hex digits</td></tr>
 *   <tr><td>{@value #LEASE}</td><td>30s, renewed every third of it</td></tr>
 *   <tr><td>{@value #MAX_LOCAL_HANDOFFS}</td><td>8</td></tr>
 *   <tr><td>{@value #REMOTE_WAIT_CAP}</td><td>10s</td></tr>
 *   <tr><td>{@value #DEADLOCK_DETECTION}</td><td>true</td></tr>
 *   <tr><td>{@value #DEADLOCK_CHECK_DELAY}</td><td>1s</td></tr>
 * </table>
 *
 * @param masterUrl the master's endpoint
 * @param transport connect and read timeouts, secret, TLS stores
 * @param lock      the {@code DistributeLock} settings
 */
public record LockFacadeProperties(URI masterUrl, ClientTransportSettings transport, DistributeLockSettings lock) {

    private static final Pattern MEMBER_SEPARATOR = Pattern.compile("\\s*,\\s*");

    /** The master's endpoint, e.g. {@code http://master:8080/remoting/MemoryLockService}. */
    public static final String MASTER_URL = "lockfacade.master-url";
    /** Longest wait for a TCP connection to the master. */
    public static final String CONNECT_TIMEOUT = "lockfacade.connect-timeout";
    /** Longest wait for one reply from the master. */
    public static final String READ_TIMEOUT = "lockfacade.read-timeout";
    /** Shared secret sent as {@code X-Lock-Secret}. */
    public static final String SECRET = "lockfacade.secret";
    /** PKCS12 truststore holding the CA that signed the master's certificate ({@code https://} masters). */
    public static final String TLS_TRUSTSTORE = "lockfacade.tls.truststore";
    /** Password of {@value #TLS_TRUSTSTORE}. */
    public static final String TLS_TRUSTSTORE_PASSWORD = "lockfacade.tls.truststore-password";
    /** PKCS12 keystore with this node's certificate, for a master started with {@code --tls-client-auth need}. */
    public static final String TLS_KEYSTORE = "lockfacade.tls.keystore";
    /** Password of {@value #TLS_KEYSTORE}. */
    public static final String TLS_KEYSTORE_PASSWORD = "lockfacade.tls.keystore-password";
    /** This node's id in lock owners; must be unique among the master's clients. */
    public static final String NODE_ID = "lockfacade.node-id";
    /** Lease asked for with each grant and renewal. */
    public static final String LEASE = "lockfacade.lease";
    /** Consecutive hand-offs of one grant between threads of this node. */
    public static final String MAX_LOCAL_HANDOFFS = "lockfacade.max-local-handoffs";
    /** Whether this node's threads take a lock first come, first served ({@code true}, the default). */
    public static final String FAIR_LOCAL_LOCK = "lockfacade.fair-local-lock";
    /** Longest wait asked for in one remote call. */
    public static final String REMOTE_WAIT_CAP = "lockfacade.remote-wait-cap";
    /** Whether waits are checked for deadlocks ({@code true}, the default). */
    public static final String DEADLOCK_DETECTION = "lockfacade.deadlock-detection";
    /** How long a wait lasts before it is checked for a deadlock. */
    public static final String DEADLOCK_CHECK_DELAY = "lockfacade.deadlock-check-delay";

    /** Checks that a waiting remote call ends before the transport gives up on it. */
    public LockFacadeProperties {
        Objects.requireNonNull(masterUrl, "masterUrl");
        Objects.requireNonNull(transport, "transport");
        Objects.requireNonNull(lock, "lock");
        if (transport.readTimeout().compareTo(lock.remoteWaitCap()) <= 0) {
            throw new IllegalArgumentException(READ_TIMEOUT + " (" + transport.readTimeout() + ") must exceed "
                    + REMOTE_WAIT_CAP + " (" + lock.remoteWaitCap() + "), or waiting calls would time out");
        }
    }

    /**
     * @return the properties found in {@code resolver}, defaults for the missing optional ones
     * @throws IllegalStateException    if {@value #MASTER_URL} is missing
     * @throws IllegalArgumentException if a value cannot be read or breaks a limit (the message names it)
     */
    public static LockFacadeProperties from(PropertyResolver resolver) {
        ClientTransportSettings transport = new ClientTransportSettings(
                duration(resolver, CONNECT_TIMEOUT, ClientTransportSettings.DEFAULT_CONNECT_TIMEOUT),
                duration(resolver, READ_TIMEOUT, ClientTransportSettings.DEFAULT_READ_TIMEOUT),
                resolver.getProperty(SECRET), tls(resolver));
        DistributeLockSettings defaults = DistributeLockSettings.defaults();
        DistributeLockSettings lock = defaults
                .withNodeId(resolver.getProperty(NODE_ID, defaults.nodeId()).strip())
                .withLease(duration(resolver, LEASE, defaults.lease()))
                .withMaxLocalHandoffs(integer(resolver, MAX_LOCAL_HANDOFFS, defaults.maxLocalHandoffs()))
                .withRemoteWaitCap(duration(resolver, REMOTE_WAIT_CAP, defaults.remoteWaitCap()))
                .withFairLocalLock(bool(resolver, FAIR_LOCAL_LOCK, defaults.fairLocalLock()))
                .withDeadlockDetection(new DeadlockDetection(
                        bool(resolver, DEADLOCK_DETECTION, defaults.deadlockDetection().enabled()),
                        duration(resolver, DEADLOCK_CHECK_DELAY, defaults.deadlockDetection().checkDelay())));
        return of(resolver.getProperty(MASTER_URL), transport, lock);
    }

    /**
     * @param masterUrl the text of {@value #MASTER_URL}
     * @param transport connect and read timeouts, secret
     * @param lock      the {@code DistributeLock} settings
     * @return the properties
     * @throws IllegalStateException    if {@code masterUrl} is missing or blank
     * @throws IllegalArgumentException if it is not a URL, or the read timeout does not exceed the remote wait cap
     */
    public static LockFacadeProperties of(String masterUrl, ClientTransportSettings transport,
                                          DistributeLockSettings lock) {
        if (masterUrl == null || masterUrl.isBlank()) {
            throw new IllegalStateException("property " + MASTER_URL
                    + " is required, e.g. http://master:8080/remoting/MemoryLockService");
        }
        return new LockFacadeProperties(uri(masterUrl), transport, lock);
    }

    private static URI uri(String text) {
        try {
            // a master group's list is carried as one URI text; the proxy factory splits it at the commas
            return URI.create(MEMBER_SEPARATOR.matcher(text.strip()).replaceAll(","));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(MASTER_URL + " is not a valid URL: " + e.getMessage(), e);
        }
    }

    /** @return the TLS stores named, or {@code null} when neither store is */
    private static TlsStores tls(PropertyResolver resolver) {
        Path truststore = path(resolver, TLS_TRUSTSTORE);
        Path keystore = path(resolver, TLS_KEYSTORE);
        if (truststore == null && keystore == null) {
            return null;
        }
        return new TlsStores(keystore, resolver.getProperty(TLS_KEYSTORE_PASSWORD), truststore,
                resolver.getProperty(TLS_TRUSTSTORE_PASSWORD));
    }

    private static Path path(PropertyResolver resolver, String property) {
        String text = resolver.getProperty(property);
        return text == null || text.isBlank() ? null : Path.of(text.strip());
    }

    private static Duration duration(PropertyResolver resolver, String property, Duration fallback) {
        String text = resolver.getProperty(property);
        return text == null || text.isBlank() ? fallback : DurationText.parse(property, text);
    }

    private static int integer(PropertyResolver resolver, String property, int fallback) {
        String text = resolver.getProperty(property);
        try {
            return text == null || text.isBlank() ? fallback : Integer.parseInt(text.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(property + " must be a whole number, was \"" + text + "\"", e);
        }
    }

    /** Reads {@code true} or {@code false} (any case); anything else is refused rather than read as false. */
    private static boolean bool(PropertyResolver resolver, String property, boolean fallback) {
        String text = resolver.getProperty(property);
        if (text == null || text.isBlank()) {
            return fallback;
        }
        String value = text.strip();
        if (value.equalsIgnoreCase("true") || value.equalsIgnoreCase("false")) {
            return Boolean.parseBoolean(value);
        }
        throw new IllegalArgumentException(property + " must be true or false, was \"" + text + "\"");
    }
}
