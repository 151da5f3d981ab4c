package io.lockfacade.client.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A master at the socket level, for what a real server does only by accident: it answers every Hessian call with
 * {@code true} over keep-alive HTTP/1.1, and can be told to close a kept-alive connection instead of answering
 * the next call on it, or to read calls and never answer. It counts connections and calls.
 */
public final class RawHttpPeer implements AutoCloseable {

    /** What the peer does with a call it has read. */
    public enum Behaviour {
        /** Answers {@code true}. */
        ANSWER,
        /** Closes the connection without a byte of reply, once: the next call is answered. */
        CLOSE_ONCE,
        /** Never answers. */
        SILENT
    }

    /** A Hessian 2 reply carrying {@code true}. */
    private static final byte[] TRUE_REPLY = {'H', 2, 0, 'R', 'T'};

    private final ServerSocket server;
    private final ExecutorService threads = Executors.newCachedThreadPool(task -> {
        Thread thread = new Thread(task, "raw-http-peer");
        thread.setDaemon(true);
        return thread;
    });
    private final AtomicInteger connections = new AtomicInteger();
    private final AtomicInteger calls = new AtomicInteger();
    private volatile Behaviour behaviour = Behaviour.ANSWER;

    /** Listens on a free port of the loopback address. */
    public RawHttpPeer() throws IOException {
        server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        threads.execute(this::acceptLoop);
    }

    /** @return the endpoint to call */
    public URI uri() {
        return URI.create("http://127.0.0.1:" + server.getLocalPort() + "/remoting/MemoryLockService");
    }

    /** Sets what happens to the calls read from now on. */
    public void behave(Behaviour next) {
        behaviour = next;
    }

    /** @return TCP connections accepted so far */
    public int connections() {
        return connections.get();
    }

    /** @return calls read so far, answered or not */
    public int calls() {
        return calls.get();
    }

    @Override
    public void close() throws IOException {
        server.close();
        threads.shutdownNow();
    }

    private void acceptLoop() {
        while (!server.isClosed()) {
            try {
                Socket socket = server.accept();
                connections.incrementAndGet();
                threads.execute(() -> serve(socket));
            } catch (IOException closed) {
                return;
            }
        }
    }

    private void serve(Socket socket) {
        try (socket; InputStream in = socket.getInputStream(); OutputStream out = socket.getOutputStream()) {
            while (readCall(in)) {
                calls.incrementAndGet();
                Behaviour now = behaviour;
                if (now == Behaviour.CLOSE_ONCE) {
                    behaviour = Behaviour.ANSWER;
                    return;
                }
                if (now == Behaviour.SILENT) {
                    in.transferTo(OutputStream.nullOutputStream()); // until the client gives up
                    return;
                }
                out.write(("HTTP/1.1 200 OK\r\nContent-Type: x-application/hessian\r\nContent-Length: "
                        + TRUE_REPLY.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
                out.write(TRUE_REPLY);
                out.flush();
            }
        } catch (IOException clientLeft) {
            // the client closed its end
        }
    }

    /** Reads one request's headers and body; false at the end of the stream. */
    private static boolean readCall(InputStream in) throws IOException {
        int contentLength = 0;
        String line;
        boolean first = true;
        while (!(line = readLine(in)).isEmpty() || first) {
            if (line.isEmpty()) {
                return false; // stream ended before a request
            }
            first = false;
            String lower = line.toLowerCase(Locale.ROOT);
            if (lower.startsWith("content-length:")) {
                contentLength = Integer.parseInt(lower.substring("content-length:".length()).strip());
            }
        }
        return in.readNBytes(contentLength).length == contentLength;
    }

    private static String readLine(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        int b;
        while ((b = in.read()) >= 0 && b != '\n') {
            if (b != '\r') {
                line.write(b);
            }
        }
        return line.toString(StandardCharsets.US_ASCII);
    }
}
