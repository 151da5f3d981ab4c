package io.lockfacade.client.transport;

import io.lockfacade.api.tls.Pkcs12Stores;
import io.lockfacade.api.tls.TlsStores;
import org.apache.hc.client5.http.ssl.DefaultClientTlsStrategy;
import org.apache.hc.client5.http.ssl.TlsSocketStrategy;
import org.apache.hc.core5.reactor.ssl.SSLBufferMode;
import org.apache.hc.core5.ssl.SSLContexts;

import javax.net.ssl.SSLContext;
import java.util.Optional;

/**
 * The client's side of TLS to {@code https://} masters: the truststore that must hold the CA of the master's
 * certificate and, when the master asks for one, the client's own certificate. The master's host name must match its
 * certificate (HttpClient's default verifier).
 */
final class ClientTls {

    private ClientTls() {
    }

    /**
     * @param stores the client's stores, or {@code null} for the JVM's default CAs and no client certificate
     * @return how HttpClient opens TLS connections: the handshake of a connection opened for an attempt with a
     *         deadline ({@link AttemptTimeout}) waits for the master no longer than the attempt has left
     * @throws IllegalArgumentException if a store cannot be read
     */
    static TlsSocketStrategy strategy(TlsStores stores) {
        TlsSocketStrategy handshake = new DefaultClientTlsStrategy(context(stores), Pkcs12Stores.PROTOCOLS, null,
                SSLBufferMode.STATIC, null);
        return (socket, target, port, attachment, context) -> {
            Optional<Long> left = AttemptTimeout.remainingMillis();
            if (left.isPresent() && (socket.getSoTimeout() == 0 || socket.getSoTimeout() > left.get())) {
                socket.setSoTimeout((int) Math.min(Integer.MAX_VALUE, left.get()));
            }
            return handshake.upgrade(socket, target, port, attachment, context);
        };
    }

    private static SSLContext context(TlsStores stores) {
        if (stores == null || (!stores.hasKeystore() && !stores.hasTruststore())) {
            return SSLContexts.createSystemDefault();
        }
        return Pkcs12Stores.context(
                stores.hasKeystore() ? Pkcs12Stores.keyManager(stores.keystore(), stores.keystorePassword()) : null,
                stores.hasTruststore() ? Pkcs12Stores.trustManager(stores.truststore(), stores.truststorePassword())
                        : null);
    }
}
