package io.lockfacade.bench.node;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A child JVM of the benchmark (a master or a client node), driven over its standard input and output with
 * {@link NodeLine}s. Its standard error goes to ours, so its failures are visible.
 *
 * <p>Children exit by themselves when their standard input closes, so even a benchmark killed with SIGKILL leaves
 * nothing running. {@link #close()} closes the input, waits {@link #EXIT_GRACE}, then kills the process by its handle.
 */
public final class ChildJvm implements AutoCloseable {

    /** How long a child may take to exit after its input closed, before it is killed. */
    public static final Duration EXIT_GRACE = Duration.ofSeconds(10);

    private static final int TRANSCRIPT_LINES = 20;

    private final String name;
    private final Process process;
    private final Writer input;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    private final List<String> lastLines = new ArrayList<>();

    private ChildJvm(String name, Process process) {
        this.name = name;
        this.process = process;
        this.input = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        Thread pump = new Thread(this::pumpOutput, "bench-child-output-" + name);
        pump.setDaemon(true);
        pump.start();
    }

    /**
     * Starts a child.
     *
     * @param name    how messages name the child
     * @param command the full command line (see {@link JvmCommand})
     * @return the running child
     * @throws IOException if the process cannot be started
     */
    public static ChildJvm start(String name, List<String> command) throws IOException {
        Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        return new ChildJvm(name, process);
    }

    /** @return the child's name */
    public String name() {
        return name;
    }

    /** @return the child's process id */
    public long pid() {
        return process.pid();
    }

    /**
     * Sends one command line.
     *
     * @throws IllegalStateException if the child's input is closed (it exited)
     */
    public void send(String command) {
        try {
            input.write(command + "\n");
            input.flush();
        } catch (IOException e) {
            throw new IllegalStateException(name + " no longer reads commands: " + e.getMessage(), e);
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
                throw new IllegalStateException("interrupted while waiting for " + name, e);
            }
            if (text == null) {
                throw new IllegalStateException(name + " did not print " + tag + " within " + timeout
                        + (process.isAlive() ? "" : " (it exited with " + process.exitValue() + ")")
                        + "; last lines: " + transcript());
            }
            NodeLine line = NodeLine.parse(text);
            if (line.tag().equals(NodeLine.ERROR)) {
                throw new IllegalStateException(name + " failed: " + text);
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

    /** Closes the child's input (it then exits), waits for it, and kills it if it does not exit in time. */
    @Override
    public void close() {
        try {
            input.close();
        } catch (IOException alreadyGone) {
            // the child exited already
        }
        try {
            if (!process.waitFor(EXIT_GRACE.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroy();
                if (!process.waitFor(EXIT_GRACE.toMillis(), TimeUnit.MILLISECONDS)) {
                    process.destroyForcibly().waitFor(EXIT_GRACE.toMillis(), TimeUnit.MILLISECONDS);
                }
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    /** Kills the child at once; for shutdown hooks. */
    public void kill() {
        process.destroyForcibly();
    }

    private synchronized String transcript() {
        return String.join(" | ", lastLines);
    }

    private void pumpOutput() {
        try (BufferedReader reader = new BufferedReader(
                new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = reader.readLine()) != null) {
                synchronized (this) {
                    lastLines.add(line);
                    if (lastLines.size() > TRANSCRIPT_LINES) {
                        lastLines.remove(0);
                    }
                }
                lines.add(line);
            }
        } catch (IOException e) {
            // the child exited; what it printed is in the transcript
        }
    }
}
