package io.lockfacade.webapp.browser;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A {@link LockClientMain} running in a JVM of its own, started with the test class path. Its output lines are
 * collected as they come; {@link #close()} stops it (it also stops by itself when the test JVM dies).
 */
public final class ClientJvm implements AutoCloseable {

    /** Longest {@link #awaitLine} waits. */
    public static final Duration PATIENCE = Duration.ofSeconds(30);

    private static final Duration STOP_GRACE = Duration.ofSeconds(5);

    private final Process process;
    private final String nodeId;
    private final List<String> lines = new ArrayList<>();

    private ClientJvm(Process process, String nodeId) {
        this.process = process;
        this.nodeId = nodeId;
        Thread reader = new Thread(this::collect, "client-jvm-" + nodeId);
        reader.setDaemon(true);
        reader.start();
    }

    /**
     * @param mode       {@code hold} or {@code wait}
     * @param serviceUri the master's Hessian endpoint
     * @param nodeId     the node id in the client's owner name
     * @return the running client
     */
    public static ClientJvm start(String mode, URI serviceUri, String type, String key, String nodeId) {
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder builder = new ProcessBuilder(java, "-Xshare:auto", "-XX:TieredStopAtLevel=1", "-cp", classPath,
                LockClientMain.class.getName(), mode, serviceUri.toString(), type, key, nodeId);
        builder.redirectErrorStream(true);
        try {
            return new ClientJvm(builder.start(), nodeId);
        } catch (IOException e) {
            throw new UncheckedIOException("could not start a client JVM", e);
        }
    }

    /** @return the owner name the client uses on the master, once it has printed it */
    public String owner() throws InterruptedException {
        return awaitLine("OWNER ");
    }

    /** @return the node id */
    public String nodeId() {
        return nodeId;
    }

    /**
     * @param prefix the start of the line looked for
     * @return the rest of the first line starting with it
     * @throws AssertionError if no such line comes within {@link #PATIENCE}
     */
    public String awaitLine(String prefix) throws InterruptedException {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        synchronized (lines) {
            while (true) {
                for (String line : lines) {
                    if (line.startsWith(prefix)) {
                        return line.substring(prefix.length()).trim();
                    }
                }
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw new AssertionError("the client " + nodeId + " did not print \"" + prefix + "\" within "
                            + PATIENCE + "; it printed " + lines + (process.isAlive() ? "" : " and exited "
                            + process.exitValue()));
                }
                TimeUnit.NANOSECONDS.timedWait(lines, left);
            }
        }
    }

    /** Stops the client JVM and waits for it. */
    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS)) {
            process.destroyForcibly().waitFor(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    private void collect() {
        try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8))) {
            String line;
            while ((line = out.readLine()) != null) {
                synchronized (lines) {
                    lines.add(line);
                    lines.notifyAll();
                }
            }
        } catch (IOException e) {
            // the process is gone; awaitLine reports what it printed
        }
    }
}
