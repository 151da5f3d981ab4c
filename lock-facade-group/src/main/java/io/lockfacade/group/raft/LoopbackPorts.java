package io.lockfacade.group.raft;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Chooses the ports of a group whose members run on one host (a local group, the demo, tests): every member must
 * know every member's ports before any starts, so they are chosen up front and bound later.
 *
 * <p>The ports come from below the kernel's ephemeral range, never from it. A port the kernel hands out for
 * outgoing connections can be taken by any connection on the host between the choice and the bind; worse, a
 * member that keeps dialling a peer's port that nobody listens on yet can be given that very port as its own end
 * and connect to itself (TCP simultaneous open), which holds the port until the member gives up. Both made a
 * member fail to start with "No available port to bind to". A port below the range is never given to an
 * outgoing connection, so only a program that binds it on purpose can take it.
 */
public final class LoopbackPorts {

    /** Lowest port chosen: above the well-known and most registered service ports. */
    static final int LOWEST = 10_000;

    /**
     * Room left below the ephemeral range: a member also listens on RAFT_PORT + {@link RaftTuning#FD_SOCK_OFFSET}
     * (or one of the next {@link RaftTuning#FD_SOCK_PORT_RANGE} ports), which must stay below it too.
     */
    static final int HEADROOM = RaftTuning.FD_SOCK_OFFSET + RaftTuning.FD_SOCK_PORT_RANGE;

    /** Linux's default start of the ephemeral range, assumed on a system without Linux's file for it. */
    static final int DEFAULT_EPHEMERAL_START = 32_768;

    private static final Path EPHEMERAL_RANGE = Path.of("/proc/sys/net/ipv4/ip_local_port_range");

    /** Two port numbers separated by blanks, then the newline that shows the read was not cut short. */
    private static final Pattern EPHEMERAL_RANGE_LINE = Pattern.compile("(\\d{1,5})[ \\t]+(\\d{1,5})\\n");

    private static final int MAX_PORT = 65_535;

    private LoopbackPorts() {
    }

    /**
     * @param host  the address the ports will be bound on
     * @param count how many ports
     * @return {@code count} different ports, each free on {@code host} right now and at least {@link #HEADROOM}
     *         below the ephemeral range; they are all held while chosen, so none is handed out twice
     * @throws UncheckedIOException if fewer than {@code count} such ports are free
     */
    public static List<Integer> reserve(String host, int count) {
        InetAddress address;
        try {
            address = InetAddress.getByName(host);
        } catch (IOException e) {
            throw new UncheckedIOException("unknown host " + host, e);
        }
        int end = ephemeralStart() - HEADROOM;
        int span = end - LOWEST;
        int start = ThreadLocalRandom.current().nextInt(span);
        List<ServerSocket> held = new ArrayList<>();
        try {
            for (int step = 0; step < span && held.size() < count; step++) {
                tryHold(address, LOWEST + (start + step) % span, held);
            }
            if (held.size() < count) {
                throw new UncheckedIOException(new IOException(
                        "only " + held.size() + " of " + count + " ports free on " + host + " below " + end));
            }
            return held.stream().map(ServerSocket::getLocalPort).toList();
        } finally {
            held.forEach(LoopbackPorts::closeQuietly);
        }
    }

    /**
     * @return the first port of the kernel's ephemeral range; Linux's default where the kernel has no such file
     *         (not Linux)
     * @throws IllegalStateException if the file exists but cannot be read whole, or does not hold a range that
     *                               leaves room below it: choosing ports from a guess could hand out ephemeral ones
     */
    static int ephemeralStart() {
        byte[] content;
        try (InputStream in = Files.newInputStream(EPHEMERAL_RANGE)) {
            content = in.readAllBytes();
        } catch (NoSuchFileException notLinux) {
            return DEFAULT_EPHEMERAL_START;
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + EPHEMERAL_RANGE + ": " + e.getMessage(), e);
        }
        return parseEphemeralStart(new String(content, StandardCharsets.US_ASCII));
    }

    /**
     * @param content the whole of {@code ip_local_port_range}: two port numbers and a closing newline
     * @return the first port of the range
     * @throws IllegalStateException naming the content, if it is not a complete range (a read cut short lacks the
     *                               newline or the second number) or the range leaves no room below it
     */
    static int parseEphemeralStart(String content) {
        Matcher range = EPHEMERAL_RANGE_LINE.matcher(content);
        if (!range.matches()) {
            throw new IllegalStateException(EPHEMERAL_RANGE + " does not hold a whole port range: '"
                    + content.replace("\n", "\\n").replace("\t", "\\t") + "'");
        }
        int start = Integer.parseInt(range.group(1));
        int end = Integer.parseInt(range.group(2));
        if (end < start || end > MAX_PORT) {
            throw new IllegalStateException(EPHEMERAL_RANGE + " holds no valid range: " + start + "-" + end);
        }
        if (start - HEADROOM <= LOWEST) {
            throw new IllegalStateException("the ephemeral range starts at " + start
                    + ", leaving no ports between " + LOWEST + " and it to choose from");
        }
        return start;
    }

    private static void tryHold(InetAddress address, int port, List<ServerSocket> held) {
        ServerSocket socket = null;
        try {
            socket = new ServerSocket();
            socket.setReuseAddress(false);
            socket.bind(new InetSocketAddress(address, port), 1);
            held.add(socket);
        } catch (IOException taken) {
            if (socket != null) {
                closeQuietly(socket);
            }
        }
    }

    private static void closeQuietly(ServerSocket socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // the port is free again either way once this process ends
        }
    }
}
