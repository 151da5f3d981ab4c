package io.lockfacade.testsupport.tls;

import io.lockfacade.api.tls.Pkcs12Stores;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.X509ExtendedKeyManager;
import javax.net.ssl.X509ExtendedTrustManager;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.time.Duration;

/**
 * Opens one TLS connection to a port and completes the handshake, as a peer or client holding the given stores
 * would: tells which certificate the server presented, or fails as that peer would be refused.
 */
public final class TlsProbe {

    private static final Duration TIMEOUT = Duration.ofSeconds(5);
    /** The content type of a TLS alert record: all a TLS server sends a peer that speaks no TLS. */
    private static final byte TLS_ALERT_RECORD = 21;

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

    /**
     * Sends an HTTP request over plain TCP, as a peer that speaks no TLS would, and reads until the server closes
     * the connection (at most {@code wait}).
     *
     * @return {@code null} if the server answered nothing or only a TLS alert record, else what it answered
     * @throws IOException if the connection fails or the server neither answers nor closes within {@code wait}
     */
    public static String plainTcpAnswer(String host, int port, Duration wait) throws IOException {
        try (Socket plain = new Socket()) {
            plain.connect(new InetSocketAddress(host, port), (int) TIMEOUT.toMillis());
            plain.setSoTimeout((int) wait.toMillis());
            OutputStream out = plain.getOutputStream();
            out.write(("GET / HTTP/1.1\r\nHost: " + host + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            byte[] reply = plain.getInputStream().readAllBytes();
            return reply.length == 0 || reply[0] == TLS_ALERT_RECORD ? null
                    : reply.length + " bytes, first 0x" + Integer.toHexString(reply[0] & 0xff);
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
