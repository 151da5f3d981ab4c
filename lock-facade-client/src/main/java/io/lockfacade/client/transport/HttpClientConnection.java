package io.lockfacade.client.transport;

import com.caucho.hessian.client.HessianConnection;
import com.caucho.hessian.client.HessianConnectionException;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One Hessian call over {@link HttpClient}: the request body is buffered, sent with a Content-Length, and the
 * whole reply is read before Hessian decodes it, all within the read timeout. Interrupts do not abandon a call.
 */
final class HttpClientConnection implements HessianConnection {

    private static final int STATUS_OK = 200;
    private static final int ERROR_ECHO_LIMIT = 200;

    private final HttpClient client;
    private final URI uri;
    private final Duration readTimeout;
    private final HttpRequest.Builder request;
    private final ByteArrayOutputStream body = new ByteArrayOutputStream();
    private HttpResponse<byte[]> response;

    HttpClientConnection(HttpClient client, URI uri, Duration readTimeout) {
        this.client = client;
        this.uri = uri;
        this.readTimeout = readTimeout;
        this.request = HttpRequest.newBuilder(uri);
    }

    @Override
    public void addHeader(String name, String value) {
        request.header(name, value);
    }

    @Override
    public OutputStream getOutputStream() {
        return body;
    }

    /**
     * Sends the buffered call and waits for the complete reply. An interrupt does not abandon the call (the
     * master could still act on it after the client left); the thread's interrupt flag is set again on return.
     *
     * @throws HttpTimeoutException       if no complete reply arrived within the read timeout
     * @throws IOException                if connecting or the exchange failed
     * @throws HessianConnectionException if the master answered with a status other than 200
     */
    @Override
    public void sendRequest() throws IOException {
        HttpRequest call = request.timeout(readTimeout)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body.toByteArray()))
                .build();
        response = awaitReply(client.sendAsync(call, HttpResponse.BodyHandlers.ofByteArray()));
        if (response.statusCode() != STATUS_OK) {
            throw new HessianConnectionException(response.statusCode() + ": " + excerpt(response.body()));
        }
    }

    @Override
    public int getStatusCode() {
        return response == null ? 0 : response.statusCode();
    }

    @Override
    public String getStatusMessage() {
        return response == null ? null : "HTTP " + response.statusCode();
    }

    @Override
    public String getContentEncoding() {
        return response == null ? null : response.headers().firstValue("Content-Encoding").orElse(null);
    }

    @Override
    public InputStream getInputStream() throws IOException {
        if (response == null) {
            throw new IOException("no reply from " + uri + " to read");
        }
        return new ByteArrayInputStream(response.body());
    }

    /** Nothing to release: the reply is already read and the connection is back in the client's pool. */
    @Override
    public void close() {
        response = null;
    }

    @Override
    public void destroy() {
        close();
    }

    private HttpResponse<byte[]> awaitReply(CompletableFuture<HttpResponse<byte[]>> pending) throws IOException {
        long deadline = System.nanoTime() + readTimeout.toNanos();
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return pending.get(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
                } catch (InterruptedException e) {
                    interrupted = true;
                } catch (TimeoutException e) {
                    pending.cancel(true);
                    throw new HttpTimeoutException("no complete reply from " + uri + " within " + readTimeout);
                } catch (ExecutionException e) {
                    if (e.getCause() instanceof IOException failure) {
                        throw failure;
                    }
                    throw new IOException("call to " + uri + " failed", e.getCause());
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static String excerpt(byte[] reply) {
        String text = new String(reply, 0, Math.min(reply.length, ERROR_ECHO_LIMIT), StandardCharsets.ISO_8859_1)
                .replaceAll("\\p{Cntrl}", " ").strip();
        return text.isEmpty() ? "(no body)" : text;
    }
}
