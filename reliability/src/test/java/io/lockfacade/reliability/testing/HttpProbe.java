package io.lockfacade.reliability.testing;

import com.caucho.hessian.io.Hessian2Input;
import io.lockfacade.api.wire.AllowListSerializerFactory;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/** Raw HTTP against a master, and the checks every refused request's answer must pass. */
public final class HttpProbe {

    /** Longest one raw request may take. */
    public static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(30);

    /** Text that betrays a stack trace or an internal class in a reply. */
    public static final List<String> LEAK_MARKERS = List.of("\tat ", "at io.", "at java.", "at org.", "at com.",
            "Caused by", "Exception:", "io.lockfacade.server", "org.eclipse.jetty", "com.caucho", "jakarta.servlet",
            "StrictHessian2Input", "HessianProtocolException");

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5))
            .version(HttpClient.Version.HTTP_1_1).followRedirects(HttpClient.Redirect.NEVER).build();

    private HttpProbe() {
    }

    /** POSTs a body with extra headers. */
    public static HttpResponse<byte[]> post(URI uri, byte[] body, Map<String, String> headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(REQUEST_TIMEOUT)
                .header("Content-Type", "x-application/hessian")
                .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        headers.forEach(request::header);
        return send(request.build());
    }

    /** Sends any request. */
    public static HttpResponse<byte[]> send(HttpRequest request) {
        try {
            return HTTP.send(request, HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** @return the body as Latin-1, one char per byte, to search for leaked text */
    public static String text(byte[] body) {
        return new String(body, StandardCharsets.ISO_8859_1);
    }

    /** @return the first leak marker the body contains, or {@code null} */
    public static String leak(byte[] body) {
        String text = text(body);
        return LEAK_MARKERS.stream().filter(text::contains).findFirst().orElse(null);
    }

    /**
     * Decodes a Hessian 2 reply with the client allow-list, as a correct client would.
     *
     * @return the exception a fault carries, or {@code null} if the reply is a value
     * @throws IOException if the reply cannot be decoded
     */
    public static Throwable fault(byte[] body) throws IOException {
        ByteArrayInputStream in = new ByteArrayInputStream(body);
        if (in.read() != 'H' || in.read() != 2 || in.read() != 0) {
            throw new IOException("not a Hessian 2 reply: " + text(body));
        }
        Hessian2Input input = new Hessian2Input(in);
        input.setSerializerFactory(AllowListSerializerFactory.forClient());
        try {
            input.readReply(Object.class);
            return null;
        } catch (IOException e) {
            throw e;
        } catch (Throwable fault) {
            return fault;
        }
    }
}
