package io.lockfacade.testsupport.tls;

import io.lockfacade.api.tls.Pkcs12Stores;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.X509ExtendedKeyManager;
import javax.net.ssl.X509ExtendedTrustManager;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.time.Duration;

/**
 * Opens one TLS connection to a port and completes the handshake, as a peer or client holding the given stores
 * would: tells which certificate the server presented, or fails as that peer would be refused.
 */
public final class TlsProbe {

    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    private TlsProbe() {
    }

    /**
     * @param host       where to connect
     * @param port       the TLS port
     * @param keystore   the certificate to present, or {@code null} for none
     * @param truststore the CAs to accept the server's certificate from
     * @return the certificate the server presented
     * @throws IOException if the connection or the handshake fails (refused, closed, or a certificate not trusted)
     */
    public static X509Certificate handshake(String host, int port, Path keystore, Path truststore) throws IOException {
        try (SSLSocket socket = connect(host, port, keystore, truststore)) {
            socket.startHandshake();
            return (X509Certificate) socket.getSession().getPeerCertificates()[0];
        }
    }

    /**
     * Connects, completes this side of the handshake and reads for {@code listen}: a server that refuses the
     * certificate says so then (with TLS 1.3 the server checks the client's certificate after the client has
     * finished its part).
     *
     * @return why the connection was refused, or {@code null} if the server kept it open for {@code listen}
     */
    public static String refusal(String host, int port, Path keystore, Path truststore, Duration listen) {
        try (SSLSocket socket = connect(host, port, keystore, truststore)) {
            socket.startHandshake();
            socket.setSoTimeout((int) listen.toMillis());
            int read = socket.getInputStream().read();
            return read < 0 ? "closed by the server" : null;
        } catch (SocketTimeoutException kept) {
            return null;
        } catch (IOException refused) {
            return refused.toString();
        }
    }

    private static SSLSocket connect(String host, int port, Path keystore, Path truststore) throws IOException {
        X509ExtendedKeyManager key = keystore == null ? null : Pkcs12Stores.keyManager(keystore, TestPki.PASSWORD);
        X509ExtendedTrustManager trust = Pkcs12Stores.trustManager(truststore, TestPki.PASSWORD);
        SSLContext context = Pkcs12Stores.context(key, trust);
        SSLSocket socket = (SSLSocket) context.getSocketFactory().createSocket();
        try {
            socket.connect(new InetSocketAddress(host, port), (int) TIMEOUT.toMillis());
            socket.setSoTimeout((int) TIMEOUT.toMillis());
            return socket;
        } catch (IOException e) {
            socket.close();
            throw e;
        }
    }
}
