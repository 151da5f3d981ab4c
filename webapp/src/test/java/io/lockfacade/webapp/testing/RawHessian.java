package io.lockfacade.webapp.testing;

import com.caucho.hessian.io.Hessian2Input;
import com.caucho.hessian.io.Hessian2Output;
import io.lockfacade.api.wire.AllowListSerializerFactory;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;

/** Hand-built Hessian bodies sent over plain {@link HttpClient}, for requests a proxy would never send. */
public final class RawHessian {

    /** Longest a raw request may take in tests. */
    public static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(30);

    private static final HttpClient HTTP = HttpClient.newBuilder()
            .connectTimeout(Duration.ofSeconds(5)).version(HttpClient.Version.HTTP_1_1).build();

    private RawHessian() {
    }

    /** @return a call as Caucho's proxy writes it */
    public static byte[] call(String method, Object... args) {
        return write(out -> out.call(method, args));
    }

    /** @return a call whose only argument is an object of the named class with one string field */
    public static byte[] callWithNamedType(String method, String typeName) {
        return write(out -> {
            out.writeVersion();
            out.startCall(method, 1);
            if (out.writeObjectBegin(typeName) == -1) {
                out.writeClassFieldLength(1);
                out.writeString("value");
                out.writeObjectBegin(typeName);
            }
            out.writeString("boom");
            out.completeCall();
        });
    }

    /** Writes with a Hessian2Output and returns the bytes. */
    public static byte[] write(Writing writing) {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        Hessian2Output out = new Hessian2Output(buffer);
        try {
            writing.writeTo(out);
            out.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return buffer.toByteArray();
    }

    /** POSTs a body with extra headers and returns the response. */
    public static HttpResponse<byte[]> post(URI uri, byte[] body, Map<String, String> headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(REQUEST_TIMEOUT)
                .header("Content-Type", "x-application/hessian")
                .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        headers.forEach(request::header);
        return send(request.build());
    }

    /** POSTs a body and returns the response. */
    public static HttpResponse<byte[]> post(URI uri, byte[] body) {
        return post(uri, body, Map.of());
    }

    /** Sends any request and returns the response. */
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

    /**
     * Decodes a Hessian reply body with the client allow-list.
     *
     * @return the value, or the fault's exception as thrown by Caucho's reader
     */
    public static Object readReply(byte[] body) throws Throwable {
        ByteArrayInputStream in = new ByteArrayInputStream(body);
        if (in.read() != 'H' || in.read() != 2 || in.read() != 0) {
            throw new AssertionError("not a Hessian 2 reply: " + text(body));
        }
        Hessian2Input input = new Hessian2Input(in);
        input.setSerializerFactory(AllowListSerializerFactory.forClient());
        return input.readReply(Object.class);
    }

    /** @return the body as Latin-1 text, every byte one char, to search for leaked text */
    public static String text(byte[] body) {
        return new String(body, StandardCharsets.ISO_8859_1);
    }

    /** Something written to a Hessian output. */
    @FunctionalInterface
    public interface Writing {
        /** @param out the output to write to */
        void writeTo(Hessian2Output out) throws IOException;
    }
}
