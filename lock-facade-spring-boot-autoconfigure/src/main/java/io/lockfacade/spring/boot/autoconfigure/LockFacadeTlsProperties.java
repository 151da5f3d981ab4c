package io.lockfacade.spring.boot.autoconfigure;

import io.lockfacade.api.tls.TlsStores;

import java.nio.file.Path;

/**
 * The {@code lockfacade.tls.*} properties: the stores a node needs to call an {@code https://} master. Passwords
 * never appear in {@link #toString()}.
 */
public class LockFacadeTlsProperties {

    /**
     * PKCS12 truststore holding the CA that signed the master's certificate (https:// masters). Default: the JVM's
     * default CAs.
     */
    private Path truststore;

    /** Password of the truststore. */
    private String truststorePassword;

    /**
     * PKCS12 keystore with this node's certificate and key, presented to a master started with --tls-client-auth
     * need or want. Default: none.
     */
    private Path keystore;

    /** Password of the keystore (and of its key). */
    private String keystorePassword;

    /** @return the stores named, or {@code null} when neither store is */
    TlsStores toStores() {
        return truststore == null && keystore == null ? null
                : new TlsStores(keystore, keystorePassword, truststore, truststorePassword);
    }

    /** @return the truststore, or {@code null} */
    public Path getTruststore() {
        return truststore;
    }

    /** @param truststore the truststore */
    public void setTruststore(Path truststore) {
        this.truststore = truststore;
    }

    /** @return the truststore's password, or {@code null} */
    public String getTruststorePassword() {
        return truststorePassword;
    }

    /** @param truststorePassword the truststore's password */
    public void setTruststorePassword(String truststorePassword) {
        this.truststorePassword = truststorePassword;
    }

    /** @return the keystore, or {@code null} */
    public Path getKeystore() {
        return keystore;
    }

    /** @param keystore the keystore */
    public void setKeystore(Path keystore) {
        this.keystore = keystore;
    }

    /** @return the keystore's password, or {@code null} */
    public String getKeystorePassword() {
        return keystorePassword;
    }

    /** @param keystorePassword the keystore's password */
    public void setKeystorePassword(String keystorePassword) {
        this.keystorePassword = keystorePassword;
    }

    @Override
    public String toString() {
        return "LockFacadeTlsProperties[truststore=" + truststore + ", keystore=" + keystore + "]";
    }
}
