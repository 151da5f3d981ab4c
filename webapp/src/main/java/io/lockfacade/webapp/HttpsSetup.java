package io.lockfacade.webapp;

import io.lockfacade.api.tls.Pkcs12Stores;
import io.lockfacade.api.tls.TlsStores;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.SecureRequestCustomizer;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.util.ssl.KeyStoreScanner;
import org.eclipse.jetty.util.ssl.SslContextFactory;

import java.time.Duration;

/**
 * The master's HTTPS: Jetty's TLS context over the {@code --tls-*} stores, and the scanner that reloads it when the
 * keystore file is replaced, so certificates rotate without a restart (connections already open keep their
 * session; new ones get the new certificate).
 */
final class HttpsSetup {

    /** How often the keystore file is checked for a replacement. */
    static final Duration ROTATION_SCAN = Duration.ofSeconds(1);

    private HttpsSetup() {
    }

    /** @return Jetty's server-side TLS settings for these options */
    static SslContextFactory.Server contextFactory(MasterTlsOptions tls) {
        TlsStores stores = tls.stores();
        SslContextFactory.Server factory = new SslContextFactory.Server();
        factory.setKeyStorePath(stores.keystore().toAbsolutePath().toString());
        factory.setKeyStoreType(Pkcs12Stores.TYPE);
        factory.setKeyStorePassword(stores.keystorePassword());
        factory.setKeyManagerPassword(stores.keystorePassword());
        if (stores.hasTruststore()) {
            factory.setTrustStorePath(stores.truststore().toAbsolutePath().toString());
            factory.setTrustStoreType(Pkcs12Stores.TYPE);
            factory.setTrustStorePassword(stores.truststorePassword());
        }
        factory.setIncludeProtocols(Pkcs12Stores.PROTOCOLS);
        factory.setNeedClientAuth(tls.clientAuth() == MasterTlsOptions.ClientAuth.NEED);
        factory.setWantClientAuth(tls.clientAuth() == MasterTlsOptions.ClientAuth.WANT);
        return factory;
    }

    /** Makes requests over TLS report themselves secure (scheme {@code https}, the session's attributes). */
    static void secureRequests(HttpConfiguration http) {
        http.addCustomizer(new SecureRequestCustomizer());
    }

    /** Adds the scanner that reloads {@code factory} when its keystore file changes; it runs with the server. */
    static void watchKeystore(Server server, SslContextFactory.Server factory) {
        KeyStoreScanner scanner = new KeyStoreScanner(factory);
        scanner.setScanInterval((int) ROTATION_SCAN.toSeconds());
        server.addBean(scanner);
    }
}
