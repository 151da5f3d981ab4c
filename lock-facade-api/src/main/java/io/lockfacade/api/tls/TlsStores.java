package io.lockfacade.api.tls;

import java.nio.file.Path;

/**
 * The PKCS12 files a TLS endpoint reads, with their passwords. {@link #toString()} never shows a password.
 *
 * <p>A master needs a keystore (its own certificate and key) and, to check peers or clients, a truststore (the CA
 * certificates it accepts). A client needs a truststore to check the master (or the JVM's default CAs when it has
 * none) and a keystore only when the master asks for client certificates.
 *
 * @param keystore           this endpoint's certificate chain and private key, or {@code null} for none
 * @param keystorePassword   the keystore's password (also that of its key), or {@code null}
 * @param truststore         the CA certificates this endpoint accepts from the other side, or {@code null} for none
 * @param truststorePassword the truststore's password, or {@code null}
 */
public record TlsStores(Path keystore, String keystorePassword, Path truststore, String truststorePassword) {

    /** @return whether a keystore is set */
    public boolean hasKeystore() {
        return keystore != null;
    }

    /** @return whether a truststore is set */
    public boolean hasTruststore() {
        return truststore != null;
    }

    @Override
    public String toString() {
        return "TlsStores[keystore=" + (keystore == null ? "none" : keystore) + ", truststore="
                + (truststore == null ? "none" : truststore) + "]";
    }
}
