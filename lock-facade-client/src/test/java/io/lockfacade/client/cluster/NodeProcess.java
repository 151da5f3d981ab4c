package io.lockfacade.client.cluster;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A client node in its own JVM, started from the test class path with {@link ProcessBuilder}. Its standard output
 * is read line by line so a test can wait for what the node says; closing it kills the process if still running.
 */
final class NodeProcess implements AutoCloseable {

    private final String name;
    private final Process process;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    private final List<String> transcript = new ArrayList<>();

    private NodeProcess(String name, Process process) {
        this.name = name;
        this.process = process;
        Thread reader = new Thread(this::pump, "node-output-" + name);
        reader.setDaemon(true);
        reader.start();
    }

    /** Starts {@code mainClass} with {@code args} in a new JVM on this test's class path, with 128 MB of heap. */
    static NodeProcess start(String name, Class<?> mainClass, String... args) throws IOException {
        return start(name, "-Xmx128m", mainClass, args);
    }

    /** Starts {@code mainClass} with {@code args} in a new JVM on this test's class path, with that heap option. */
    static NodeProcess start(String name, String heapOption, Class<?> mainClass, String... args) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElse("java"));
        command.add(heapOption);
        command.add("-cp");
        command.add(System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")));
        command.add(mainClass.getName());
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        return new NodeProcess(name, process);
    }

    /**
     * Waits for a line starting with {@code prefix}.
     *
     * @return the line
     * @throws TimeoutException if none came within {@code timeout}; the message holds what the node printed
     */
    String awaitLine(String prefix, Duration timeout) throws InterruptedException, TimeoutException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            String line = lines.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            if (line == null) {
                throw new TimeoutException(name + " did not print '" + prefix + "' within " + timeout
                        + "; it printed: " + transcript());
            }
            if (line.startsWith(prefix)) {
                return line;
            }
        }
    }

    /** @return the exit code, waiting at most {@code timeout} */
    int awaitExit(Duration timeout) throws InterruptedException, TimeoutException {
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new TimeoutException(name + " still running after " + timeout + "; it printed: " + transcript());
        }
        return process.exitValue();
    }

    /** Kills the JVM at once (SIGKILL), like a crashed node. */
    void killHard() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(10, TimeUnit.SECONDS);
    }

    /** Freezes the JVM (SIGSTOP), like a node stuck in a long GC pause or a hung VM; {@link #resume} undoes it. */
    void freeze() throws IOException, InterruptedException {
        signal("-STOP");
    }

    /** Lets a frozen JVM run again (SIGCONT). */
    void resume() throws IOException, InterruptedException {
        signal("-CONT");
    }

    private void signal(String signal) throws IOException, InterruptedException {
        Process kill = new ProcessBuilder("kill", signal, Long.toString(process.pid())).inheritIO().start();
        if (!kill.waitFor(10, TimeUnit.SECONDS) || kill.exitValue() != 0) {
            throw new IOException("kill " + signal + " " + process.pid() + " failed");
        }
    }

    synchronized String transcript() {
        return String.join("\n", transcript);
    }

    private void pump() {
        try (BufferedReader reader = new BufferedReader(
                new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = reader.readLine()) != null) {
                synchronized (this) {
                    transcript.add(line);
                }
                lines.add(line);
            }
        } catch (IOException e) {
            // The process ended; what it printed is in the transcript.
        }
    }

    @Override
    public void close() throws InterruptedException {
        if (process.isAlive()) {
            try {
                resume(); // a frozen JVM ignores nothing, but let it run so it dies at once
            } catch (IOException ignored) {
                // the kill below still ends it
            }
            killHard();
        }
    }
}
