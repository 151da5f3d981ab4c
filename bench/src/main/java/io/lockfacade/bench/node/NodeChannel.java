package io.lockfacade.bench.node;

import io.lockfacade.process.ChildJvm;
import io.lockfacade.process.JavaCommand;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A child JVM of the benchmark (a master or a client node), driven over its standard input and output with
 * {@link NodeLine}s. Its standard error goes to ours, so its failures are visible.
 *
 * <p>Children exit by themselves when their standard input closes, so even a benchmark killed with SIGKILL leaves
 * nothing running. {@link #close()} closes the input, waits {@link #EXIT_GRACE}, then ends the process by its pid.
 */
public final class NodeChannel implements AutoCloseable {

    /** How long a child may take to exit after its input closed, before it is sent SIGTERM, then SIGKILL. */
    public static final Duration EXIT_GRACE = Duration.ofSeconds(10);

    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    private ChildJvm jvm;

    private NodeChannel() {
    }

    /**
     * Starts a child.
     *
     * @param name    how messages name the child
     * @param command its command line (see {@link JvmCommand})
     * @return the running child
     * @throws IOException if the process cannot be started
     */
    public static NodeChannel start(String name, JavaCommand command) throws IOException {
        NodeChannel channel = new NodeChannel();
        channel.jvm = ChildJvm.launcher(name, command).stdoutLines(channel.lines::add).closeGrace(EXIT_GRACE).start();
        return channel;
    }

    /** @return the child's name */
    public String name() {
        return jvm.name();
    }

    /** @return the child's process id */
    public long pid() {
        return jvm.pid();
    }

    /**
     * Sends one command line.
     *
     * @throws IllegalStateException if the child's input is closed (it exited)
     */
    public void send(String command) {
        try {
            jvm.send(command);
        } catch (UncheckedIOException e) {
            throw new IllegalStateException(jvm.name() + " no longer reads commands: " + e.getMessage(), e);
        }
    }

    /**
     * Waits for the next line tagged {@code tag}, skipping others.
     *
     * @return the line
     * @throws IllegalStateException if the child printed an error, exited, or said nothing fitting within the timeout
     */
    public NodeLine await(String tag, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            String text;
            try {
                text = lines.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for " + jvm.name(), e);
            }
            if (text == null) {
                throw new IllegalStateException(jvm.name() + " did not print " + tag + " within " + timeout
                        + jvm.exitCode().map(code -> " (it exited with " + code + ")").orElse("")
                        + "; last lines:\n" + jvm.tail());
            }
            NodeLine line = NodeLine.parse(text);
            if (line.tag().equals(NodeLine.ERROR)) {
                throw new IllegalStateException(jvm.name() + " failed: " + text);
            }
            if (line.tag().equals(tag)) {
                return line;
            }
        }
    }

    /** Sends a command and waits for its answer. */
    public NodeLine request(String command, String answerTag, Duration timeout) {
        send(command);
        return await(answerTag, timeout);
    }

    /** Closes the child's input (it then exits), waits for it, and ends it if it does not exit in time. */
    @Override
    public void close() {
        jvm.close();
    }
}
