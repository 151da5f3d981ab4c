package io.lockfacade.client.transport;

import com.caucho.hessian.client.HessianConnection;
import com.caucho.hessian.client.HessianConnectionException;
import org.apache.hc.client5.http.classic.methods.HttpPost;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpEntity;
import org.apache.hc.core5.http.NoHttpResponseException;
import org.apache.hc.core5.http.io.entity.ByteArrayEntity;
import org.apache.hc.core5.http.io.entity.EntityUtils;
import org.apache.hc.core5.util.Timeout;

import javax.net.ssl.SSLException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * One Hessian call over a pooled, blocking HTTP/1.1 connection, made on the caller's own thread: the request body
 * is buffered and sent with a Content-Length, the whole reply is read before Hessian decodes it.
 *
 * <p><b>One retry.</b> A call whose pooled connection turns out to have been closed by the master (no reply at
 * all: {@link NoHttpResponseException}) is sent once more on a fresh connection. That is safe because every
 * method of the contract is idempotent per owner: a repeated {@code tryLock} returns the same grant, a repeated
 * {@code unlock} or {@code renew} answers for the same state. Nothing is retried after a timeout or after any
 * byte of a reply has arrived.
 *
 * <p><b>Interrupts.</b> Blocking socket I/O does not react to interrupts, so a call in flight is never abandoned
 * (the master could act on it after the client left); the interrupt flag stays set for the caller to see.
 */
final class PooledHttpConnection implements HessianConnection {

    private static final int STATUS_OK = 200;
    private static final int ERROR_ECHO_LIMIT = 200;
    private static final ContentType HESSIAN = ContentType.create("x-application/hessian");

    private final CloseableHttpClient client;
    private final URI uri;
    private final List<String[]> headers = new ArrayList<>(2);
    private final ByteArrayOutputStream body = new ByteArrayOutputStream(256);
    private final Timeout shorterTimeout;
    private Reply reply;

    /**
     * @param shorterTimeout a read timeout for this call shorter than the client's ({@link AttemptTimeout}), or
     *                       {@code null} for the client's own
     */
    PooledHttpConnection(CloseableHttpClient client, URI uri, Timeout shorterTimeout) {
        this.client = client;
        this.uri = uri;
        this.shorterTimeout = shorterTimeout;
    }

    @Override
    public void addHeader(String name, String value) {
        headers.add(new String[] {name, value});
    }

    @Override
    public OutputStream getOutputStream() {
        return body;
    }

    /**
     * Sends the buffered call and reads the complete reply, retrying once on a connection the master had closed.
     *
     * @throws IOException                if connecting or the exchange failed, or no reply came within the read
     *                                    timeout ({@link java.net.SocketTimeoutException})
     * @throws HessianConnectionException if the master answered with a status other than 200
     */
    @Override
    public void sendRequest() throws IOException {
        byte[] call = body.toByteArray();
        // HttpClient's pool lease gives up at once on a pending interrupt: the call is made with the flag clear,
        // and the flag is set again afterwards for the caller to see.
        boolean interrupted = Thread.interrupted();
        try {
            reply = exchange(call);
        } catch (NoHttpResponseException staleConnection) {
            reply = exchange(call);
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
        if (reply.status() != STATUS_OK) {
            throw new HessianConnectionException(reply.status() + ": " + excerpt(reply.body()));
        }
    }

    @Override
    public int getStatusCode() {
        return reply == null ? 0 : reply.status();
    }

    @Override
    public String getStatusMessage() {
        return reply == null ? null : "HTTP " + reply.status();
    }

    @Override
    public String getContentEncoding() {
        return reply == null ? null : reply.contentEncoding();
    }

    @Override
    public InputStream getInputStream() throws IOException {
        if (reply == null) {
            throw new IOException("no reply from " + uri + " to read");
        }
        return new ByteArrayInputStream(reply.body());
    }

    /** Nothing to release: the reply is already read and its connection is back in the pool. */
    @Override
    public void close() {
        reply = null;
    }

    @Override
    public void destroy() {
        close();
    }

    private Reply exchange(byte[] call) throws IOException {
        HttpPost post = new HttpPost(uri);
        for (String[] header : headers) {
            post.addHeader(header[0], header[1]);
        }
        post.setEntity(new ByteArrayEntity(call, HESSIAN));
        if (shorterTimeout != null) {
            post.setConfig(attemptConfig(shorterTimeout));
        }
        try {
            return client.execute(post, response -> {
                HttpEntity entity = response.getEntity();
                byte[] content = entity == null ? new byte[0] : EntityUtils.toByteArray(entity);
                Header encoding = response.getFirstHeader("Content-Encoding");
                return new Reply(response.getCode(), content, encoding == null ? null : encoding.getValue());
            });
        } catch (SSLException handshake) {
            throw new SSLException("TLS with " + uri.getHost() + ":" + uri.getPort() + " failed: "
                    + handshake.getMessage() + " (the client's truststore must hold the CA that signed the master's "
                    + "certificate, the certificate must name the host of the URL, and a master started with "
                    + "--tls-client-auth need wants the client's keystore)", handshake);
        }
    }

    /**
     * @return the request's timeouts within an attempt: waiting for a pooled connection, connecting a new one (per
     *         request, which HttpClient still honours though it prefers the pool's setting), and the reply; the
     *         TLS handshake and the reply are bounded again by what the attempt has left when they start
     *         ({@link ClientTls}, {@link AttemptBoundRequestExecutor})
     */
    @SuppressWarnings("deprecation")
    private static RequestConfig attemptConfig(Timeout attempt) {
        return RequestConfig.custom().setConnectionRequestTimeout(attempt).setConnectTimeout(attempt)
                .setResponseTimeout(attempt).build();
    }

    private static String excerpt(byte[] content) {
        String text = new String(content, 0, Math.min(content.length, ERROR_ECHO_LIMIT), StandardCharsets.ISO_8859_1)
                .replaceAll("\\p{Cntrl}", " ").strip();
        return text.isEmpty() ? "(no body)" : text;
    }

    /** A complete reply: status, body and content encoding. */
    private record Reply(int status, byte[] body, String contentEncoding) {
    }
}
