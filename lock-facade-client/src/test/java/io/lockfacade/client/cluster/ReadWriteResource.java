package io.lockfacade.client.cluster;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * The resource a read-write lock guards in the multi-JVM test, served to the node JVMs over a local socket, one
 * line per message: {@code ENTER <READ|WRITE> <token> <section>} right after the lock is acquired,
 * {@code EXIT <section>} right before the unlock, {@code OUTCOME <section> <RELEASED|LOST>} after it.
 *
 * <p>A writer that enters supersedes every open section, a reader every open writer's section: a correct lock
 * never lets that happen, except to sections of a holder that lost its lock (a killed node's, whose session the
 * master ended). A superseded section whose unlock then returned normally ({@code RELEASED}) is an
 * <b>overlap</b>: the master still held the lock for it while it granted an incompatible one. A killed node's
 * sections never report, so they are never counted.
 */
final class ReadWriteResource implements AutoCloseable {

    private record Section(String mode, long token) {
    }

    private final ServerSocket server;
    private final ExecutorService connections = Executors.newCachedThreadPool();
    private final Map<String, Section> open = new HashMap<>();
    private final Map<String, Boolean> superseded = new HashMap<>();
    private final List<String> overlaps = new ArrayList<>();
    private long reads;
    private long writes;
    private long supersededSections;

    ReadWriteResource() throws IOException {
        server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        connections.execute(this::accept);
    }

    int port() {
        return server.getLocalPort();
    }

    synchronized long reads() {
        return reads;
    }

    synchronized long writes() {
        return writes;
    }

    /** @return sections superseded by an incompatible entry (a killed node's, in a correct run) */
    synchronized long supersededSections() {
        return supersededSections;
    }

    synchronized List<String> overlaps() {
        return List.copyOf(overlaps);
    }

    private synchronized void enter(String mode, long token, String section) {
        for (Map.Entry<String, Section> other : open.entrySet()) {
            if ((mode.equals("WRITE") || other.getValue().mode().equals("WRITE"))
                    && superseded.put(other.getKey(), true) == null) {
                supersededSections++;
            }
        }
        open.put(section, new Section(mode, token));
        if (mode.equals("WRITE")) {
            writes++;
        } else {
            reads++;
        }
    }

    private synchronized void exit(String section) {
        open.remove(section);
    }

    private synchronized void outcome(String section, String outcome) {
        if (superseded.remove(section) != null && outcome.equals("RELEASED")) {
            overlaps.add(section);
        }
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket socket = server.accept();
                connections.execute(() -> serve(socket));
            } catch (IOException closed) {
                return;
            }
        }
    }

    private void serve(Socket socket) {
        try (socket; BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(),
                StandardCharsets.UTF_8)); PrintWriter out = new PrintWriter(socket.getOutputStream(), true,
                StandardCharsets.UTF_8)) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                String[] words = line.split(" ");
                switch (words[0]) {
                    case "ENTER" -> enter(words[1], Long.parseLong(words[2]), words[3]);
                    case "EXIT" -> exit(words[1]);
                    case "OUTCOME" -> outcome(words[1], words[2]);
                    default -> throw new IllegalArgumentException("unknown message " + line);
                }
                out.println("OK");
            }
        } catch (IOException gone) {
            // the node went away (or was killed): its open sections stay open, as a dead holder's would
        }
    }

    @Override
    public void close() throws Exception {
        server.close();
        connections.shutdownNow();
        connections.awaitTermination(10, TimeUnit.SECONDS);
    }
}
