package io.lockfacade.reliability.resource;

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
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Serves a {@link FencedStore} to the chaos nodes over TCP, one line per request and one per answer, one thread
 * per connection. It runs in the test JVM, which no fault touches: the resource is the witness, not a suspect.
 *
 * <pre>
 * HELLO node owner[,owner...]          -> OK      the master-side owner names of the node's threads
 * ENTER key token node section holdMs -> OK | STALE
 * WRITE section believed(0|1)          -> OK | STALE
 * LEAVE section                        -> OK
 * OUTCOME section RELEASED|HANDED_OFF|LOST|UNAVAILABLE|ERROR -> OK
 * STATS node name=value ...            -> OK      cumulative counters of the node
 * </pre>
 */
public final class ResourceServer implements AutoCloseable {

    private final FencedStore store;
    private final ServerSocket server;
    private final ExecutorService threads;
    private final Set<Socket> connections = ConcurrentHashMap.newKeySet();
    private final Map<String, List<String>> owners = new ConcurrentHashMap<>();
    private final Map<String, Map<String, Long>> stats = new ConcurrentHashMap<>();

    /** Starts serving {@code store} on a free loopback port. */
    public ResourceServer(FencedStore store) {
        this.store = store;
        this.threads = Executors.newCachedThreadPool(task -> {
            Thread thread = new Thread(task, "fenced-resource");
            thread.setDaemon(true);
            return thread;
        });
        try {
            this.server = new ServerSocket(0, 100, InetAddress.getLoopbackAddress());
        } catch (IOException e) {
            throw new UncheckedIOException("could not open the resource's port", e);
        }
        threads.execute(this::acceptLoop);
    }

    public int port() {
        return server.getLocalPort();
    }

    /** @return the owner names each node announced */
    public Map<String, List<String>> owners() {
        return Map.copyOf(owners);
    }

    /** @return the last counters each node reported */
    public Map<String, Map<String, Long>> stats() {
        return Map.copyOf(stats);
    }

    @Override
    public void close() {
        try {
            server.close();
        } catch (IOException e) {
            // closing anyway
        }
        connections.forEach(socket -> {
            try {
                socket.close();
            } catch (IOException e) {
                // gone
            }
        });
        threads.shutdownNow();
    }

    private void acceptLoop() {
        while (!server.isClosed()) {
            try {
                Socket socket = server.accept();
                connections.add(socket);
                threads.execute(() -> serve(socket));
            } catch (IOException e) {
                return;
            }
        }
    }

    private void serve(Socket socket) {
        try (socket;
             BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(),
                     StandardCharsets.UTF_8));
             Writer out = new OutputStreamWriter(socket.getOutputStream(), StandardCharsets.UTF_8)) {
            socket.setTcpNoDelay(true);
            String line;
            while ((line = in.readLine()) != null) {
                out.write(answer(line.split(" ")));
                out.write('\n');
                out.flush();
            }
        } catch (IOException e) {
            // the node went away (killed, or done)
        } finally {
            connections.remove(socket);
        }
    }

    private String answer(String[] words) {
        switch (words[0]) {
            case "ENTER":
                return store.enter(words[1], Long.parseLong(words[2]), words[3], words[4], Long.parseLong(words[5]))
                        ? "OK" : "STALE";
            case "WRITE":
                return store.write(words[1], "1".equals(words[2])) ? "OK" : "STALE";
            case "LEAVE":
                store.leave(words[1]);
                return "OK";
            case "OUTCOME":
                store.outcome(words[1], FencedStore.Outcome.valueOf(words[2]));
                return "OK";
            case "HELLO":
                owners.put(words[1], List.of(words[2].split(",")));
                return "OK";
            case "STATS":
                Map<String, Long> counters = new java.util.HashMap<>();
                for (int i = 2; i < words.length; i++) {
                    String[] pair = words[i].split("=", 2);
                    counters.put(pair[0], Long.parseLong(pair[1]));
                }
                stats.put(words[1], Map.copyOf(counters));
                return "OK";
            default:
                return "ERROR unknown command";
        }
    }
}
