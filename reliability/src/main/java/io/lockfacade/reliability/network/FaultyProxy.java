package io.lockfacade.reliability.network;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A TCP proxy between clients and the master that misbehaves on demand, one thread per direction of each
 * connection:
 * <ul>
 *   <li><b>delay</b>: every chunk waits a random time up to a bound before it is forwarded;</li>
 *   <li><b>drop</b>: each chunk, either way, may be cut in half and the connection closed, so a call dies
 *       mid-request or its reply is lost after the master acted on it; {@link #dropAll()} cuts every open
 *       connection at once;</li>
 *   <li><b>black hole</b>: connections are accepted but nothing is forwarded; what was held is discarded and the
 *       connections closed when the black hole ends, so nothing arrives late.</li>
 * </ul>
 * The target can be changed while running, for a master that came back on another port.
 */
public final class FaultyProxy implements AutoCloseable {

    private static final int BUFFER_BYTES = 16 * 1024;
    private static final int CONNECT_TIMEOUT_MILLIS = 1_000;
    private static final long BLACK_HOLE_POLL_MILLIS = 20;

    private final ServerSocket server;
    private final ExecutorService threads;
    private final Set<Link> links = ConcurrentHashMap.newKeySet();
    private final AtomicInteger threadNumbers = new AtomicInteger();
    private final AtomicLong connections = new AtomicLong();
    private final AtomicLong cutConnections = new AtomicLong();
    private volatile InetSocketAddress target;
    private volatile long maxDelayMillis;
    private volatile double dropChance;
    private volatile long blackHoleUntilNanos = System.nanoTime();
    private volatile boolean closed;

    /**
     * Starts a proxy on a free port of the loopback interface.
     *
     * @param target where connections are forwarded
     */
    public FaultyProxy(InetSocketAddress target) {
        this.target = target;
        this.threads = Executors.newCachedThreadPool(task -> {
            Thread thread = new Thread(task, "faulty-proxy-" + threadNumbers.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
        try {
            server = new ServerSocket(0, 200, InetAddress.getLoopbackAddress());
        } catch (IOException e) {
            throw new UncheckedIOException("could not open the proxy's port", e);
        }
        threads.execute(this::acceptLoop);
    }

    /** @return the port clients connect to */
    public int port() {
        return server.getLocalPort();
    }

    /** Points the proxy at another target; open connections keep theirs. */
    public void retarget(InetSocketAddress newTarget) {
        this.target = newTarget;
    }

    /** Delays every chunk forwarded from now on by a random time up to {@code maxMillis}; 0 forwards at once. */
    public void delay(long maxMillis) {
        this.maxDelayMillis = maxMillis;
    }

    /** Cuts connections mid-transfer with the given chance per chunk; 0 stops cutting. */
    public void drop(double chancePerChunk) {
        this.dropChance = chancePerChunk;
    }

    /** Forwards nothing for {@code millis}; then closes what it held. */
    public void blackHole(long millis) {
        blackHoleUntilNanos = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
    }

    /** Closes every open connection now, whatever it was doing. */
    public void dropAll() {
        links.forEach(Link::cut);
    }

    /** Back to a well-behaved proxy: no delay, no drops, no black hole. */
    public void heal() {
        delay(0);
        drop(0);
        blackHoleUntilNanos = System.nanoTime();
    }

    /** @return connections accepted so far */
    public long connections() {
        return connections.get();
    }

    /** @return connections the proxy cut (drops, black holes, {@link #dropAll}) */
    public long cutConnections() {
        return cutConnections.get();
    }

    @Override
    public void close() {
        closed = true;
        try {
            server.close();
        } catch (IOException e) {
            // closing anyway
        }
        dropAll();
        threads.shutdownNow();
    }

    private boolean inBlackHole() {
        return System.nanoTime() - blackHoleUntilNanos < 0;
    }

    private void acceptLoop() {
        while (!closed) {
            Socket client;
            try {
                client = server.accept();
            } catch (IOException e) {
                return; // closed
            }
            connections.incrementAndGet();
            threads.execute(() -> open(client));
        }
    }

    private void open(Socket client) {
        Link link = new Link(client);
        links.add(link);
        if (!awaitLight(link)) {
            return;
        }
        try {
            Socket upstream = new Socket();
            upstream.connect(target, CONNECT_TIMEOUT_MILLIS);
            upstream.setTcpNoDelay(true);
            client.setTcpNoDelay(true);
            link.upstream = upstream;
        } catch (IOException refused) {
            link.close(); // the master is down: the client sees its connection closed at once
            return;
        }
        threads.execute(() -> pump(link, link.client, link.upstream));
        pump(link, link.upstream, link.client);
    }

    /** Waits out a black hole; a connection that was held in one is cut. @return whether it may proceed */
    private boolean awaitLight(Link link) {
        if (!inBlackHole()) {
            return true;
        }
        while (inBlackHole() && !closed) {
            sleep(BLACK_HOLE_POLL_MILLIS);
        }
        link.cut();
        return false;
    }

    private void pump(Link link, Socket from, Socket to) {
        byte[] buffer = new byte[BUFFER_BYTES];
        try {
            InputStream in = from.getInputStream();
            OutputStream out = to.getOutputStream();
            int read;
            while ((read = in.read(buffer)) >= 0) {
                if (!awaitLight(link)) {
                    return;
                }
                long delay = maxDelayMillis;
                if (delay > 0) {
                    sleep(ThreadLocalRandom.current().nextLong(delay + 1));
                }
                if (dropChance > 0 && ThreadLocalRandom.current().nextDouble() < dropChance) {
                    out.write(buffer, 0, read / 2);
                    out.flush();
                    link.cut();
                    return;
                }
                out.write(buffer, 0, read);
                out.flush();
            }
            to.shutdownOutput(); // pass a half-close on, as a real network would
            link.directionEnded();
        } catch (IOException e) {
            link.close();
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** One client connection and its upstream twin. */
    private final class Link {

        private final Socket client;
        private final AtomicInteger endedDirections = new AtomicInteger();
        private volatile Socket upstream;

        Link(Socket client) {
            this.client = client;
        }

        /** Closes both ends with a reset because the proxy decided to (a fault), not because an end went away. */
        void cut() {
            if (!client.isClosed()) {
                cutConnections.incrementAndGet();
            }
            links.remove(this);
            reset(client);
            Socket up = upstream;
            if (up != null) {
                reset(up);
            }
        }

        /** Both ends said goodbye: close the sockets. */
        void directionEnded() {
            if (endedDirections.incrementAndGet() == 2) {
                close();
            }
        }

        void close() {
            links.remove(this);
            closeQuietly(client);
            Socket up = upstream;
            if (up != null) {
                closeQuietly(up);
            }
        }

        private void reset(Socket socket) {
            try {
                socket.setSoLinger(true, 0); // a reset, like a dropped network path, not a polite FIN
            } catch (SocketException e) {
                // closed already
            }
            closeQuietly(socket);
        }

        private void closeQuietly(Socket socket) {
            try {
                socket.close();
            } catch (IOException e) {
                // already gone
            }
        }
    }
}
