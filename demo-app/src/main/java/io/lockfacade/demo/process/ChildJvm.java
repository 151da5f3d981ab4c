package io.lockfacade.demo.process;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * A JVM started by the launcher: same {@code java} binary and class path as the launcher, a main class,
 * system properties and environment. Its standard output goes line by line to a listener, its standard error to
 * the launcher's, each line prefixed with the child's name. Its standard input stays open as a command channel
 * (see {@link ParentWatch}).
 *
 * <p>{@link #stop(Duration)} ends it politely (closes its input, then SIGTERM) and forcibly after the grace
 * period. Only the process this object started is ever signalled.
 */
public final class ChildJvm implements AutoCloseable {

    /** JVM options of every child: small heaps and the serial collector keep four JVMs light on two cores. */
    static final List<String> JVM_OPTIONS = List.of("-Xmx256m", "-XX:+UseSerialGC");
    /** How long {@link #close()} lets the child exit by itself before killing it. */
    static final Duration DEFAULT_GRACE = Duration.ofSeconds(5);
    /** How long {@link #kill()} waits for a killed child to disappear: the kernel needs no more than a moment. */
    static final Duration KILL_WAIT = Duration.ofSeconds(10);

    private final String name;
    private final Process process;
    private final Writer input;

    private ChildJvm(String name, Process process) {
        this.name = name;
        this.process = process;
        this.input = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
    }

    /**
     * Starts a child JVM.
     *
     * @param name        names the child in forwarded error output and thread names
     * @param mainClass   the class to run
     * @param properties  system properties ({@code -Dname=value})
     * @param arguments   the program's arguments
     * @param environment variables added to the launcher's environment
     * @param stdout      receives each line of the child's standard output
     * @param stderr      where the child's standard error is forwarded
     * @return the running child
     * @throws IOException if the JVM cannot be started
     */
    public static ChildJvm start(String name, String mainClass, Map<String, String> properties, List<String> arguments,
                                 Map<String, String> environment, Consumer<String> stdout, PrintStream stderr)
            throws IOException {
        List<String> command = new ArrayList<>();
        command.add(javaBinary());
        command.addAll(JVM_OPTIONS);
        properties.forEach((key, value) -> command.add("-D" + key + "=" + value));
        command.add("-cp");
        command.add(classPath());
        command.add(mainClass);
        command.addAll(arguments);
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().putAll(environment);
        ChildJvm child = new ChildJvm(name, builder.start());
        child.pump(child.process.getInputStream(), "stdout", stdout);
        child.pump(child.process.getErrorStream(), "stderr", line -> stderr.println("[" + name + "] " + line));
        return child;
    }

    /** @return the child's name */
    public String name() {
        return name;
    }

    /** @return the child's process id */
    public long pid() {
        return process.pid();
    }

    /** @return whether the child is still running */
    public boolean isAlive() {
        return process.isAlive();
    }

    /** @return the child's exit code, if it has exited */
    public Integer exitCode() {
        return process.isAlive() ? null : process.exitValue();
    }

    /**
     * Sends one command line to the child's standard input.
     *
     * @throws UncheckedIOException if the child is gone
     */
    public synchronized void send(String line) {
        try {
            input.write(line + "\n");
            input.flush();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot talk to " + name + " (exited with " + exitCode() + ")", e);
        }
    }

    /**
     * Waits for the child to exit on its own.
     *
     * @return whether it exited within {@code timeout}
     * @throws InterruptedException if interrupted while waiting
     */
    public boolean awaitExit(Duration timeout) throws InterruptedException {
        return process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    /**
     * Waits until the child exits, however long that takes (the master waiting for Ctrl-C).
     *
     * @throws InterruptedException if interrupted while waiting
     */
    public void awaitExit() throws InterruptedException {
        process.waitFor();
    }

    /**
     * Stops the child: closes its input and sends SIGTERM, then kills it if it has not exited after
     * {@code grace}. Does nothing if it has exited already.
     */
    public void stop(Duration grace) {
        if (!process.isAlive()) {
            return;
        }
        closeInput();
        process.destroy();
        try {
            if (!process.waitFor(grace.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Kills the child at once ({@code SIGKILL} on Unix), as a crash would, and waits for it to be gone. Only this
     * child is signalled.
     *
     * @return whether it was gone within {@link #KILL_WAIT}
     * @throws InterruptedException if interrupted while waiting for the child to disappear
     */
    public boolean kill() throws InterruptedException {
        process.destroyForcibly();
        return process.waitFor(KILL_WAIT.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Same as {@link #stop(Duration)} with {@link #DEFAULT_GRACE}. */
    @Override
    public void close() {
        stop(DEFAULT_GRACE);
    }

    /** @return the launcher's class path, every entry made absolute so the child may run anywhere */
    static String classPath() {
        return Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(entry -> !entry.isBlank())
                .map(entry -> Path.of(entry).toAbsolutePath().toString())
                .collect(Collectors.joining(File.pathSeparator));
    }

    /** @return the {@code java} binary running the launcher */
    static String javaBinary() {
        return ProcessHandle.current().info().command()
                .orElseGet(() -> Path.of(System.getProperty("java.home"), "bin", "java").toString());
    }

    private synchronized void closeInput() {
        try {
            input.close();
        } catch (IOException e) {
            // already closed by the child's exit
        }
    }

    private void pump(InputStream stream, String what, Consumer<String> lines) {
        Thread pump = new Thread(() -> {
            try (BufferedReader reader = new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8))) {
                for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                    lines.accept(line);
                }
            } catch (IOException e) {
                // the child is gone; nothing more to read
            }
        }, name + "-" + what);
        pump.setDaemon(true);
        pump.start();
    }
}
