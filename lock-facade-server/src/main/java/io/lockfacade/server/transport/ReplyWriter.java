package io.lockfacade.server.transport;

import com.caucho.hessian.io.Hessian2Output;
import com.caucho.hessian.io.SerializerFactory;
import io.lockfacade.api.wire.AllowListSerializerFactory;
import jakarta.servlet.http.HttpServletResponse;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * Encodes Hessian 2 replies and faults into a buffer and sends them with a {@code Content-Length}.
 *
 * <p>Buffered on purpose: a streamed (chunked) reply made Caucho's client open a new connection on about half the
 * calls, and an encoding failure half-way would commit a truncated 200. Also sends the plain-text answers for
 * requests that never reach Hessian (401, 405, 413). Thread-safe.
 */
public final class ReplyWriter {

    /** Content type of Hessian replies, as Caucho's client and server use it. */
    public static final String HESSIAN_CONTENT_TYPE = "x-application/hessian";

    private static final String TEXT_CONTENT_TYPE = "text/plain;charset=utf-8";
    private static final int INITIAL_BUFFER_BYTES = 256;

    private final SerializerFactory factory = AllowListSerializerFactory.forMaster();

    /**
     * @param value the method's return value: a {@link io.lockfacade.api.LockGrant}, a {@link Boolean} or null
     * @return the encoded reply
     */
    public byte[] encodeReply(Object value) {
        return encode(out -> out.writeReply(value));
    }

    /**
     * @param fault a sanitized fault
     * @return the encoded fault
     */
    public byte[] encodeFault(HessianFault fault) {
        return encode(out -> out.writeFault(fault.code(), fault.message(), fault.detail()));
    }

    /**
     * Sends an encoded reply or fault with status 200.
     *
     * @throws IOException if the client is gone or the write fails; the reply may then be lost
     */
    public void sendHessian(HttpServletResponse response, byte[] encoded) throws IOException {
        send(response, HttpServletResponse.SC_OK, HESSIAN_CONTENT_TYPE, encoded);
    }

    /**
     * Sends a short plain-text answer for a request the endpoint refused before decoding it.
     *
     * @param status the HTTP status (4xx)
     * @param text   one line saying why, never echoing the request
     * @throws IOException if the write fails
     */
    public void sendRefusal(HttpServletResponse response, int status, String text) throws IOException {
        send(response, status, TEXT_CONTENT_TYPE, (text + "\n").getBytes(StandardCharsets.UTF_8));
    }

    private static void send(HttpServletResponse response, int status, String contentType, byte[] body)
            throws IOException {
        response.setStatus(status);
        response.setContentType(contentType);
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
        response.flushBuffer();
    }

    private byte[] encode(Encoding encoding) {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream(INITIAL_BUFFER_BYTES);
        Hessian2Output out = new Hessian2Output(buffer);
        out.setSerializerFactory(factory);
        try {
            encoding.writeTo(out);
            out.close();
        } catch (IOException e) {
            // Only the in-memory buffer is written to, so this means an unserializable value: a master bug.
            throw new UncheckedIOException("could not encode a Hessian reply", e);
        }
        return buffer.toByteArray();
    }

    @FunctionalInterface
    private interface Encoding {
        void writeTo(Hessian2Output out) throws IOException;
    }
}
