package io.lockfacade.webapp;

import io.lockfacade.api.tls.TlsStores;

import java.util.Locale;
import java.util.Objects;

/**
 * How a master uses TLS ({@code --tls-keystore}, {@code --tls-truststore}, {@code --tls-client-auth}): HTTPS only on
 * its port and, on a group member, mutual TLS between members.
 *
 * @param stores     the master's keystore (required) and truststore (required on a group member and when clients
 *                   must present certificates)
 * @param clientAuth whether clients of the Hessian endpoint and the admin pages must present a certificate
 */
public record MasterTlsOptions(TlsStores stores, ClientAuth clientAuth) {

    /** Whether the master asks HTTPS clients for a certificate signed by a CA of its truststore. */
    public enum ClientAuth {
        /** A client without such a certificate is refused during the handshake. */
        NEED,
        /** A certificate is asked for; a client without one is still served. */
        WANT,
        /** No certificate is asked for (the default); clients authenticate with the shared secret, if any. */
        NONE;

        /**
         * @param text {@code need}, {@code want} or {@code none}, any case
         * @throws IllegalArgumentException for anything else
         */
        public static ClientAuth parse(String text) {
            for (ClientAuth value : values()) {
                if (value.name().equalsIgnoreCase(text.strip())) {
                    return value;
                }
            }
            throw new IllegalArgumentException("must be need, want or none, was \"" + text + "\"");
        }

        @Override
        public String toString() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** Checks that the stores the settings need are there. */
    public MasterTlsOptions {
        Objects.requireNonNull(stores, "stores");
        Objects.requireNonNull(clientAuth, "clientAuth");
        if (!stores.hasKeystore()) {
            throw new IllegalArgumentException("TLS needs --tls-keystore");
        }
        if (clientAuth != ClientAuth.NONE && !stores.hasTruststore()) {
            throw new IllegalArgumentException("--tls-client-auth " + clientAuth + " needs --tls-truststore");
        }
    }
}
