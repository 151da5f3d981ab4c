package io.lockfacade.reliability.process;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Predicate;

/**
 * A JVM the harness started, with its output in a log file, that the harness can crash ({@code kill -9}), freeze
 * ({@code SIGSTOP}) and thaw ({@code SIGCONT}).
 *
 * <p>Output goes to a file rather than a pipe so that a frozen or killed child never blocks on a full pipe and
 * what it printed survives it. Every child is registered until it is reaped; a JVM shutdown hook thaws and kills
 * whatever is left, so an aborted test run leaves no process behind.
 */
public final class ChildJvm implements AutoCloseable {

    private static final Set<ChildJvm> LIVE = ConcurrentHashMap.newKeySet();
    private static final Duration REAP_TIMEOUT = Duration.ofSeconds(10);
    private static final long POLL_MILLIS = 50;

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> LIVE.forEach(ChildJvm::close), "child-jvm-reaper"));
    }

    private final String name;
    private final Process process;
    private final Path log;
    private volatile boolean frozen;

    private ChildJvm(String name, Process process, Path log) {
        this.name = name;
        this.process = process;
        this.log = log;
    }

    /**
     * Starts {@code java [jvmOptions] [launch...]} with output (both streams) written to {@code log}, replacing it.
     *
     * @param launch     what follows the JVM options: {@code -cp CP Main args} or {@code -jar JAR args}
     * @param env        extra environment variables
     * @param keepStdin  whether the child's standard input stays a pipe the harness can write to and close
     */
    public static ChildJvm start(String name, List<String> jvmOptions, List<String> launch,
                                 java.util.Map<String, String> env, Path log, boolean keepStdin) {
        return start(name, List.of(), jvmOptions, launch, env, log, keepStdin);
    }

    /**
     * As {@link #start(String, List, List, java.util.Map, Path, boolean)}, run through {@code wrapper}: a command
     * that executes the rest of its command line in place of itself, keeping its pid (such as
     * {@code ip netns exec NS}), so that signals and kills still reach the JVM.
     */
    public static ChildJvm start(String name, List<String> wrapper, List<String> jvmOptions, List<String> launch,
                                 java.util.Map<String, String> env, Path log, boolean keepStdin) {
        List<String> command = new ArrayList<>(wrapper);
        command.add(ProcessHandle.current().info().command().orElse("java"));
        command.addAll(jvmOptions);
        command.addAll(launch);
        try {
            Files.createDirectories(log.getParent());
            ProcessBuilder builder = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.to(log.toFile())); // a fresh log: no stale lines
            if (!keepStdin) {
                builder.redirectInput(ProcessBuilder.Redirect.from(nullDevice()));
            }
            builder.environment().putAll(env);
            ChildJvm child = new ChildJvm(name, builder.start(), log);
            LIVE.add(child);
            return child;
        } catch (IOException e) {
            throw new UncheckedIOException("could not start " + name, e);
        }
    }

    /** @return the class path children run with: the test class path under surefire, else this JVM's */
    public static String classPath() {
        return System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    }

    public String name() {
        return name;
    }

    public long pid() {
        return process.pid();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    public Path log() {
        return log;
    }

    /** @return the child's standard input; closing it is how the chaos nodes are told to stop */
    public OutputStream stdin() {
        return process.getOutputStream();
    }

    /**
     * Waits for a line of the log that satisfies {@code wanted}.
     *
     * @throws TimeoutException if none appeared within {@code timeout} or the child died first
     */
    public String awaitLine(Predicate<String> wanted, Duration timeout) throws InterruptedException, TimeoutException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            Optional<String> line = lines().stream().filter(wanted).findFirst();
            if (line.isPresent()) {
                return line.get();
            }
            if (!process.isAlive() || System.nanoTime() > deadline) {
                throw new TimeoutException(name + (process.isAlive() ? " printed no expected line within " + timeout
                        : " exited with " + process.exitValue()) + "; its output:\n" + tail());
            }
            Thread.sleep(POLL_MILLIS);
        }
    }

    /** @return the lines the child printed so far */
    public List<String> lines() {
        try {
            return Files.exists(log) ? Files.readAllLines(log, StandardCharsets.UTF_8) : List.of();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** @return the last lines of the child's output, for failure messages */
    public String tail() {
        List<String> all = lines();
        return String.join("\n", all.subList(Math.max(0, all.size() - 40), all.size()));
    }

    /** Freezes the JVM ({@code SIGSTOP}): every thread stops, timers included, as in a long GC pause. */
    public void freeze() {
        signal("-STOP");
        frozen = true;
    }

    /** Thaws a frozen JVM ({@code SIGCONT}). */
    public void thaw() {
        if (frozen) {
            signal("-CONT");
            frozen = false;
        }
    }

    /** Crashes the JVM ({@code SIGKILL}) and reaps it; a frozen one is thawed first so that it dies at once. */
    public void kill() {
        thaw();
        process.destroyForcibly();
        awaitExit(REAP_TIMEOUT);
    }

    /**
     * @return the exit code, or empty if the child is still running after {@code timeout}
     */
    public Optional<Integer> awaitExit(Duration timeout) {
        try {
            if (process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                LIVE.remove(this);
                return Optional.of(process.exitValue());
            }
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    /** Kills the child if it is still running. */
    @Override
    public void close() {
        if (process.isAlive()) {
            kill();
        }
        LIVE.remove(this);
    }

    @Override
    public String toString() {
        return name + "(pid " + process.pid() + ")";
    }

    private void signal(String signal) {
        if (!process.isAlive()) {
            return;
        }
        try {
            Process kill = new ProcessBuilder("kill", signal, Long.toString(process.pid()))
                    .redirectErrorStream(true).start();
            boolean done = kill.waitFor(REAP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            if ((!done || kill.exitValue() != 0) && process.isAlive()) { // a child that just died needs no signal
                throw new IllegalStateException("kill " + signal + " " + process.pid() + " failed");
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not signal " + this, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while signalling " + this, e);
        }
    }

    private static java.io.File nullDevice() {
        return new java.io.File("/dev/null");
    }
}
