package io.lockfacade.client.transport;

import io.lockfacade.api.LockLimits;
import io.lockfacade.api.tls.TlsStores;

import java.time.Duration;
import java.util.Objects;

/**
 * How a client talks HTTP to the master. Immutable; start from {@link #defaults()}.
 *
 * @param connectTimeout longest wait for a TCP connection to the master (default 3 s)
 * @param readTimeout    longest wait for one whole reply (default 15 s). It must exceed the longest wait a
 *                       {@code tryLock} call asks for (10 s by default), or waiting calls time out
 * @param secret         the shared secret sent as {@value LockLimits#SECRET_HEADER}, or {@code null} when the
 *                       master needs none; blank counts as none. Never printed by {@link #toString()}
 * @param tls            the truststore to check an {@code https://} master's certificate with (the JVM's default
 *                       CAs without one) and the keystore to present when the master asks for a client certificate;
 *                       {@code null} for neither. Passwords are never printed
 */
public record ClientTransportSettings(Duration connectTimeout, Duration readTimeout, String secret, TlsStores tls) {

    /** Default connect timeout. */
    public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(3);

    /** Default read timeout: the master's default wait cap plus room for the reply. */
    public static final Duration DEFAULT_READ_TIMEOUT = LockLimits.DEFAULT_WAIT_CAP.plusSeconds(5);

    /** Checks the timeouts and the secret; normalises a blank secret to {@code null}. */
    public ClientTransportSettings {
        requirePositive("connectTimeout", connectTimeout);
        requirePositive("readTimeout", readTimeout);
        secret = secret == null || secret.isBlank() ? null : requireHeaderValue(secret);
    }

    /** Settings without TLS stores. */
    public ClientTransportSettings(Duration connectTimeout, Duration readTimeout, String secret) {
        this(connectTimeout, readTimeout, secret, null);
    }

    /** @return default timeouts and no secret */
    public static ClientTransportSettings defaults() {
        return new ClientTransportSettings(DEFAULT_CONNECT_TIMEOUT, DEFAULT_READ_TIMEOUT, null);
    }

    /** @return these settings with another connect timeout */
    public ClientTransportSettings withConnectTimeout(Duration newConnectTimeout) {
        return new ClientTransportSettings(newConnectTimeout, readTimeout, secret, tls);
    }

    /** @return these settings with another read timeout */
    public ClientTransportSettings withReadTimeout(Duration newReadTimeout) {
        return new ClientTransportSettings(connectTimeout, newReadTimeout, secret, tls);
    }

    /** @return these settings with another secret ({@code null} or blank for none) */
    public ClientTransportSettings withSecret(String newSecret) {
        return new ClientTransportSettings(connectTimeout, readTimeout, newSecret, tls);
    }

    /**
     * @param newTls the truststore (and keystore) for {@code https://} masters, or {@code null} for none
     * @return these settings with other TLS stores
     */
    public ClientTransportSettings withTls(TlsStores newTls) {
        return new ClientTransportSettings(connectTimeout, readTimeout, secret, newTls);
    }

    @Override
    public String toString() {
        return "ClientTransportSettings[connectTimeout=" + connectTimeout + ", readTimeout=" + readTimeout
                + ", secret=" + (secret == null ? "none" : "(set)") + ", tls=" + (tls == null ? "none" : tls) + "]";
    }

    private static void requirePositive(String name, Duration value) {
        Objects.requireNonNull(value, name);
        if (value.isNegative() || value.isZero() || value.toMillis() == 0) {
            throw new IllegalArgumentException(name + " must be at least 1 ms, was " + value);
        }
    }

    private static String requireHeaderValue(String secret) {
        for (int i = 0; i < secret.length(); i++) {
            char c = secret.charAt(i);
            if (c < ' ' || c > '~') {
                throw new IllegalArgumentException("secret must be printable ASCII (found a character outside "
                        + "U+0020..U+007E at index " + i + ")");
            }
        }
        return secret;
    }
}
