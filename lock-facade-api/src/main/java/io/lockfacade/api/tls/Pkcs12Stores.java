package io.lockfacade.api.tls;

import javax.net.ssl.KeyManager;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509ExtendedKeyManager;
import javax.net.ssl.X509ExtendedTrustManager;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.Collections;

/**
 * Reads PKCS12 key and trust stores and turns them into JSSE key and trust managers. Every failure is an
 * {@link IllegalArgumentException} naming the file and what is wrong with it, so that a master refuses to start and
 * a client refuses to be built, rather than failing at the first handshake.
 */
public final class Pkcs12Stores {

    /** The store type the project reads. */
    public static final String TYPE = "PKCS12";

    /** TLS versions offered and accepted: 1.3, and 1.2 for older peers. */
    public static final String[] PROTOCOLS = {"TLSv1.3", "TLSv1.2"};

    private Pkcs12Stores() {
    }

    /**
     * @param file     a PKCS12 file
     * @param password its password, or {@code null} for none
     * @param role     what the file is for, for the messages ("keystore", "truststore")
     * @return the loaded store
     * @throws IllegalArgumentException if the file is missing, unreadable, not PKCS12 or the password is wrong
     */
    public static KeyStore load(Path file, String password, String role) {
        if (!Files.isRegularFile(file) || !Files.isReadable(file)) {
            throw new IllegalArgumentException(role + " " + file + " is not a readable file");
        }
        try (InputStream in = Files.newInputStream(file)) {
            KeyStore store = KeyStore.getInstance(TYPE);
            store.load(in, password == null ? null : password.toCharArray());
            return store;
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read " + role + " " + file
                    + " (wrong password, or not a PKCS12 file): " + e.getMessage(), e);
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException("cannot read " + role + " " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * @return the key manager of the keystore's private key entries
     * @throws IllegalArgumentException if the store holds no private key, or the key's password differs from the
     *                                  store's
     */
    public static X509ExtendedKeyManager keyManager(Path file, String password) {
        KeyStore store = load(file, password, "keystore");
        try {
            boolean hasKey = false;
            for (String alias : Collections.list(store.aliases())) {
                hasKey |= store.isKeyEntry(alias);
            }
            if (!hasKey) {
                throw new IllegalArgumentException("keystore " + file + " holds no private key");
            }
            KeyManagerFactory factory = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            factory.init(store, password == null ? new char[0] : password.toCharArray());
            for (KeyManager manager : factory.getKeyManagers()) {
                if (manager instanceof X509ExtendedKeyManager x509) {
                    return x509;
                }
            }
            throw new IllegalStateException("the JDK offers no X.509 key manager");
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException("cannot use the key in keystore " + file
                    + " (its password must be the keystore's): " + e.getMessage(), e);
        }
    }

    /**
     * @return the JDK's PKIX trust manager over the truststore's certificates
     * @throws IllegalArgumentException if the store holds no certificate
     */
    public static X509ExtendedTrustManager trustManager(Path file, String password) {
        KeyStore store = load(file, password, "truststore");
        try {
            if (store.size() == 0) {
                throw new IllegalArgumentException("truststore " + file + " holds no certificate");
            }
            TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            factory.init(store);
            for (TrustManager manager : factory.getTrustManagers()) {
                if (manager instanceof X509ExtendedTrustManager x509) {
                    return x509;
                }
            }
            throw new IllegalStateException("the JDK offers no X.509 trust manager");
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException("cannot use truststore " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * @param keyManager   this side's key, or {@code null} to present none
     * @param trustManager what this side accepts, or {@code null} for the JVM's default CAs
     * @return a TLS context over them
     */
    public static SSLContext context(KeyManager keyManager, TrustManager trustManager) {
        try {
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(keyManager == null ? null : new KeyManager[] {keyManager},
                    trustManager == null ? null : new TrustManager[] {trustManager}, null);
            return context;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the JDK cannot make a TLS context: " + e.getMessage(), e);
        }
    }
}
