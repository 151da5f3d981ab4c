package io.lockfacade.webapp;

import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.thread.Scheduler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Reads each request body into memory before the next handler runs, without holding a thread while the bytes
 * arrive, and drops the connection of a request whose body has not arrived within a deadline.
 *
 * <p>Why: the servlets read bodies with blocking reads, and the idle timeout never fires while bytes keep
 * trickling in. A client sending its body one byte a second would hold a request thread for as long as it liked,
 * and a few dozen such clients would hold every thread of the pool and starve every other caller. Here the body is
 * collected on Jetty's demand callbacks, which hold no thread between chunks; the servlet then reads it from
 * memory at once. The deadline bounds how long such a client can keep its connection.
 *
 * <p>Bytes are copied as they arrive, so a trickled body never pins Jetty's network buffers. A body longer than
 * {@code maxBytes} is kept only up to just past that size and the rest is read and discarded, up to
 * {@link #DRAIN_FACTOR} times {@code maxBytes}: the endpoint then refuses it (413, or 401 for a wrong secret) on a
 * connection with nothing left unread, so the client receives that answer instead of a connection reset. A body
 * declared longer still is not read at all and may see a reset. A body that cannot be read (the client reset, the
 * idle timeout, the deadline) is handed on as a read failure. Requests without a body pass straight through.
 */
public final class BodyLoadingHandler extends Handler.Wrapper {

    private static final Logger LOG = LoggerFactory.getLogger(BodyLoadingHandler.class);
    /** A call of the contract is a few hundred bytes. */
    private static final int INITIAL_BUFFER_BYTES = 512;
    /** How many times {@code maxBytes} of an oversized body are read and discarded so its refusal arrives. */
    public static final int DRAIN_FACTOR = 16;

    private final int maxBytes;
    private final Duration deadline;

    /**
     * @param next     the handler that gets each request once its body is in
     * @param maxBytes the most bytes collected before handing on; the endpoint refuses longer bodies
     * @param deadline the longest a body may take to arrive, counted from the end of the request's headers
     */
    public BodyLoadingHandler(Handler next, int maxBytes, Duration deadline) {
        super(next);
        this.maxBytes = maxBytes;
        this.deadline = deadline;
    }

    private long drainLimit() {
        return (long) maxBytes * DRAIN_FACTOR;
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) throws Exception {
        HttpFields headers = request.getHeaders();
        long declared = headers.getLongField(HttpHeader.CONTENT_LENGTH);
        boolean chunked = headers.contains(HttpHeader.TRANSFER_ENCODING);
        if (!chunked && (declared <= 0 || declared > drainLimit())) {
            return super.handle(request, response, callback);
        }
        new Loader(request, response, callback, declared).start();
        return true;
    }

    /** Collects one request's body on demand callbacks, then hands the request on. */
    private final class Loader implements Runnable {

        private final Request request;
        private final Response response;
        private final Callback callback;
        private final ByteArrayOutputStream body;
        /** Armed only once a read finds the body incomplete: a call's few bytes usually come with its headers. */
        private volatile Scheduler.Task timer;
        private volatile boolean loaded;
        private long discarded;
        private volatile Thread starter;

        Loader(Request request, Response response, Callback callback, long declared) {
            this.request = request;
            this.response = response;
            this.callback = callback;
            // Grown as bytes arrive, never sized by the declared length: a request that only claims 64 KiB must
            // not get 64 KiB of heap, now that no thread limit bounds how many such requests wait at once.
            this.body = new ByteArrayOutputStream(declared > 0 ? (int) Math.min(declared, INITIAL_BUFFER_BYTES)
                    : INITIAL_BUFFER_BYTES);
        }

        void start() {
            starter = Thread.currentThread();
            try {
                run();
            } finally {
                starter = null;
            }
        }

        /** Reads what has arrived; asks to be called again when more comes. Holds no thread while waiting. */
        @Override
        public void run() {
            while (true) {
                Content.Chunk chunk = request.read();
                if (chunk == null) {
                    armDeadline();
                    request.demand(this);
                    return;
                }
                if (Content.Chunk.isFailure(chunk)) {
                    handOn(Content.Chunk.from(chunk.getFailure(), true));
                    return;
                }
                keep(chunk.getByteBuffer());
                boolean last = chunk.isLast();
                chunk.release();
                if (last) {
                    handOn(Content.Chunk.EOF);
                    return;
                }
                if (discarded > drainLimit()) {
                    handOn(null); // the endpoint refuses it; the rest stays on the connection
                    return;
                }
            }
        }

        /** Keeps bytes until the body is known to be too long, then only counts them. */
        private void keep(ByteBuffer bytes) {
            if (body.size() > maxBytes) {
                discarded += bytes.remaining();
                bytes.position(bytes.limit());
                return;
            }
            byte[] copy = new byte[bytes.remaining()];
            bytes.get(copy);
            body.writeBytes(copy);
        }

        private void armDeadline() {
            if (timer == null) {
                timer = request.getComponents().getScheduler()
                        .schedule(this::expire, deadline.toMillis(), TimeUnit.MILLISECONDS);
            }
        }

        private void cancelDeadline() {
            Scheduler.Task armed = timer;
            if (armed != null) {
                armed.cancel();
            }
        }

        /** @param end what follows the collected bytes: end of body, a failure, or {@code null} for the connection */
        private void handOn(Content.Chunk end) {
            if (end != null) {
                loaded = true;
                cancelDeadline();
            } else {
                Request.addCompletionListener(request, failure -> cancelDeadline());
            }
            Request loadedRequest = new LoadedRequest(request, body.toByteArray(), end);
            if (starter == Thread.currentThread()) { // still inside handle(): carry on in this thread
                dispatch(loadedRequest);
            } else {
                request.getContext().execute(() -> dispatch(loadedRequest));
            }
        }

        private void dispatch(Request loadedRequest) {
            try {
                if (!BodyLoadingHandler.super.handle(loadedRequest, response, callback)) {
                    Response.writeError(loadedRequest, response, callback, HttpStatus.NOT_FOUND_404);
                }
            } catch (Throwable failure) {
                callback.failed(failure);
            }
        }

        /** The deadline passed: drop the connection, which fails the pending read and hands the request on. */
        private void expire() {
            if (loaded) {
                return;
            }
            LOG.debug("closing a connection whose request body did not arrive within {}", deadline);
            request.getConnectionMetaData().getConnection().getEndPoint()
                    .close(new TimeoutException("request body not received within " + deadline));
        }
    }

    /** The request as the next handler sees it: the collected bytes, then the end (or the rest of the connection). */
    private static final class LoadedRequest extends Request.Wrapper {

        private Content.Chunk collected;
        private final Content.Chunk end;

        LoadedRequest(Request request, byte[] bytes, Content.Chunk end) {
            super(request);
            this.collected = bytes.length == 0 ? null : Content.Chunk.from(ByteBuffer.wrap(bytes), false);
            this.end = end;
        }

        @Override
        public Content.Chunk read() {
            synchronized (this) {
                if (collected != null) {
                    Content.Chunk chunk = collected;
                    collected = null;
                    return chunk;
                }
            }
            return end != null ? end : super.read();
        }

        @Override
        public void demand(Runnable demandCallback) {
            boolean available;
            synchronized (this) {
                available = collected != null || end != null;
            }
            if (available) {
                getContext().execute(demandCallback);
            } else {
                super.demand(demandCallback);
            }
        }
    }
}
