package io.lockfacade.testsupport.http;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;

/** Plain HTTP/1.1 requests to a master, for bodies and headers a Hessian proxy would never send. */
public final class RawHttp {

    /** Longest one raw request may take. */
    public static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(30);

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5))
            .version(HttpClient.Version.HTTP_1_1).followRedirects(HttpClient.Redirect.NEVER).build();

    private RawHttp() {
    }

    /**
     * POSTs a Hessian body with extra headers.
     *
     * @return the response, whatever its status
     * @throws UncheckedIOException if the request fails or takes longer than {@link #REQUEST_TIMEOUT}
     */
    public static HttpResponse<byte[]> post(URI uri, byte[] body, Map<String, String> headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(REQUEST_TIMEOUT)
                .header("Content-Type", "x-application/hessian")
                .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        headers.forEach(request::header);
        return send(request.build());
    }

    /** As {@link #post(URI, byte[], Map)} without extra headers. */
    public static HttpResponse<byte[]> post(URI uri, byte[] body) {
        return post(uri, body, Map.of());
    }

    /**
     * Sends any request.
     *
     * @return the response, whatever its status
     * @throws UncheckedIOException if the request fails or times out
     * @throws IllegalStateException if interrupted (the interrupt flag is set again)
     */
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

    /** @return the body as Latin-1 text, one char per byte, to search for leaked text */
    public static String text(byte[] body) {
        return new String(body, StandardCharsets.ISO_8859_1);
    }
}
