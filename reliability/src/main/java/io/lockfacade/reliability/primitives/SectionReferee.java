package io.lockfacade.reliability.primitives;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Sees every critical section of the worker JVMs and every write of a leader, in one order, and counts what must
 * never happen: a writer beside a reader or another writer, more permit holders than the capacity, and two
 * participants writing under one epoch. A leader's write is fenced: accepted only if its epoch is the highest seen,
 * so an old leader that still believes it leads is refused, never counted twice. Workers call it over loopback TCP,
 * one line a call: {@code ENTER|LEAVE resource R|W|P who} answers {@code OK}, {@code LEAD epoch who} answers
 * {@code OK} or {@code STALE}. A section is entered after its grant and left before its release, so a correct
 * master never shows an overlap here.
 */
public final class SectionReferee implements AutoCloseable {

    private final ServerSocket server;
    private final int capacity;
    private final Map<String, int[]> open = new HashMap<>();
    private final Map<Long, String> epochs = new HashMap<>();
    private final List<String> violations = new ArrayList<>();
    private long maxEpoch;
    private long sections;
    private long acceptedLeaderWrites;
    private long staleLeaderWrites;

    /** Starts listening on an ephemeral loopback port; {@code capacity} is the semaphore's. */
    public SectionReferee(int capacity) throws IOException {
        this.capacity = capacity;
        this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread acceptor = new Thread(this::accept, "section-referee");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    /** @return the port workers connect to */
    public int port() {
        return server.getLocalPort();
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket socket = server.accept();
                Thread reader = new Thread(() -> serve(socket), "section-referee-client");
                reader.setDaemon(true);
                reader.start();
            } catch (IOException closed) {
                return;
            }
        }
    }

    private void serve(Socket socket) {
        try (socket; BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(),
                StandardCharsets.UTF_8)); Writer out = new OutputStreamWriter(socket.getOutputStream(),
                StandardCharsets.UTF_8)) {
            String line;
            while ((line = in.readLine()) != null) {
                out.write(answer(line.split(" ")) + "\n");
                out.flush();
            }
        } catch (IOException gone) {
            // the worker closed its connection
        }
    }

    private synchronized String answer(String[] words) {
        return switch (words[0]) {
            case "ENTER" -> enter(words[1], words[2], words[3]);
            case "LEAVE" -> leave(words[1], words[2]);
            case "LEAD" -> lead(Long.parseLong(words[1]), words[2]);
            default -> throw new IllegalArgumentException("unknown call " + String.join(" ", words));
        };
    }

    /** Counts per resource: readers, writers, permit holders. */
    private String enter(String resource, String mode, String who) {
        int[] counts = open.computeIfAbsent(resource, r -> new int[3]);
        sections++;
        boolean overlap = switch (mode) {
            case "R" -> counts[1] > 0;
            case "W" -> counts[0] > 0 || counts[1] > 0;
            case "P" -> counts[2] >= capacity;
            default -> throw new IllegalArgumentException("unknown mode " + mode);
        };
        if (overlap) {
            violations.add(who + " entered " + resource + " as " + mode + " beside readers=" + counts[0]
                    + " writers=" + counts[1] + " permits=" + counts[2]);
        }
        counts[slot(mode)]++;
        return "OK";
    }

    private String leave(String resource, String mode) {
        open.get(resource)[slot(mode)]--;
        return "OK";
    }

    private String lead(long epoch, String who) {
        String owner = epochs.putIfAbsent(epoch, who);
        if (owner != null && !owner.equals(who)) {
            violations.add(who + " and " + owner + " both wrote as leaders under epoch " + epoch);
        }
        if (epoch < maxEpoch) {
            staleLeaderWrites++;
            return "STALE";
        }
        maxEpoch = epoch;
        acceptedLeaderWrites++;
        return "OK";
    }

    private static int slot(String mode) {
        return switch (mode) {
            case "R" -> 0;
            case "W" -> 1;
            default -> 2;
        };
    }

    /** @return every broken rule seen, in order */
    public synchronized List<String> violations() {
        return List.copyOf(violations);
    }

    /** @return a one-line summary for the test's report */
    public synchronized String summary() {
        return "sections=" + sections + " leaderWrites=" + acceptedLeaderWrites + " staleLeaderWrites="
                + staleLeaderWrites + " epochs=" + epochs.size() + " violations=" + violations.size();
    }

    /** @return how many critical sections were entered */
    public synchronized long sections() {
        return sections;
    }

    @Override
    public void close() {
        try {
            server.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A worker thread's connection to the referee; not thread-safe. */
    static final class Client implements AutoCloseable {

        private final Socket socket;
        private final BufferedReader in;
        private final Writer out;

        Client(int port) throws IOException {
            socket = new Socket(InetAddress.getLoopbackAddress(), port);
            socket.setTcpNoDelay(true);
            in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
            out = new OutputStreamWriter(socket.getOutputStream(), StandardCharsets.UTF_8);
        }

        String call(String line) throws IOException {
            out.write(line + "\n");
            out.flush();
            return in.readLine();
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }
}
