package io.lockfacade.server.transport;

import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;

import java.io.ByteArrayOutputStream;
import java.io.IOException;

/**
 * Reads a request body into memory, refusing it once it exceeds a limit.
 *
 * <p>A declared {@code Content-Length} over the limit is refused before a byte is read; the bytes actually read
 * are counted too, so a chunked body or one longer than its header is cut off at the limit. Thread-safe.
 */
public final class RequestBodyReader {

    private static final int CHUNK_BYTES = 4096;

    private final int maxBytes;

    /**
     * @param maxBytes the largest body accepted, e.g. {@link io.lockfacade.api.LockLimits#MAX_REQUEST_BYTES}
     */
    public RequestBodyReader(int maxBytes) {
        if (maxBytes <= 0) {
            throw new IllegalArgumentException("maxBytes must be positive, was " + maxBytes);
        }
        this.maxBytes = maxBytes;
    }

    /**
     * Reads the whole body. Blocks the calling thread until the body is in or the connection's idle timeout ends
     * the read.
     *
     * @return the body, at most {@code maxBytes} long
     * @throws BodyTooLargeException if the body is, or claims to be, longer than the limit
     * @throws IOException           if the body cannot be read: truncated, reset or timed out
     */
    public byte[] read(HttpServletRequest request) throws BodyTooLargeException, IOException {
        long declared = request.getContentLengthLong();
        if (declared > maxBytes) {
            throw new BodyTooLargeException(maxBytes);
        }
        ByteArrayOutputStream body = new ByteArrayOutputStream(declared > 0 ? (int) declared : CHUNK_BYTES);
        byte[] chunk = new byte[CHUNK_BYTES];
        ServletInputStream in = request.getInputStream();
        int total = 0;
        int read;
        while ((read = in.read(chunk, 0, Math.min(chunk.length, maxBytes + 1 - total))) > 0) {
            total += read;
            if (total > maxBytes) {
                throw new BodyTooLargeException(maxBytes);
            }
            body.write(chunk, 0, read);
        }
        return body.toByteArray();
    }
}
