package io.lockfacade.reliability.resource;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/** A chaos node's connection to the {@link ResourceServer}; one per thread, not thread-safe. */
public final class ResourceClient implements AutoCloseable {

    private final Socket socket;
    private final BufferedReader in;
    private final Writer out;

    /** Connects to the resource on the loopback interface. */
    public ResourceClient(int port) {
        try {
            socket = new Socket(InetAddress.getLoopbackAddress(), port);
            socket.setTcpNoDelay(true);
            in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
            out = new OutputStreamWriter(socket.getOutputStream(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot reach the fenced resource on port " + port, e);
        }
    }

    /**
     * @param plannedHoldMillis how long the holder means to stay in the section
     * @return whether the section is accepted (its token is not stale)
     */
    public boolean enter(String key, long token, String node, String sectionId, long plannedHoldMillis) {
        return "OK".equals(call("ENTER " + key + " " + token + " " + node + " " + sectionId + " " + plannedHoldMillis));
    }

    /** @return whether the write is accepted */
    public boolean write(String sectionId, boolean believedHeld) {
        return "OK".equals(call("WRITE " + sectionId + " " + (believedHeld ? 1 : 0)));
    }

    public void leave(String sectionId) {
        call("LEAVE " + sectionId);
    }

    public void outcome(String sectionId, FencedStore.Outcome outcome) {
        call("OUTCOME " + sectionId + " " + outcome.name());
    }

    public void hello(String node, Iterable<String> owners) {
        call("HELLO " + node + " " + String.join(",", owners));
    }

    /** @param counters {@code name=value} pairs separated by spaces */
    public void stats(String node, String counters) {
        call("STATS " + node + " " + counters);
    }

    @Override
    public void close() {
        try {
            socket.close();
        } catch (IOException e) {
            // gone
        }
    }

    private String call(String line) {
        try {
            out.write(line);
            out.write('\n');
            out.flush();
            String answer = in.readLine();
            if (answer == null) {
                throw new IOException("the resource closed the connection");
            }
            return answer;
        } catch (IOException e) {
            throw new UncheckedIOException("the fenced resource failed: " + line, e);
        }
    }
}
