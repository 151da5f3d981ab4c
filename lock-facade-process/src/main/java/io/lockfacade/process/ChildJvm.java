package io.lockfacade.process;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * A JVM this one started (see {@link #launcher}): its lines, its standard input as a command channel, and the
 * faults a test or a benchmark injects, {@link #freeze()} (SIGSTOP, a long pause), {@link #thaw()} (SIGCONT) and
 * {@link #kill()} (SIGKILL, a crash). Only this process is ever signalled, by its own pid.
 */
public final class ChildJvm implements AutoCloseable {

    /** How long {@link #kill()} waits for a killed child to be reaped: the kernel needs no more than a moment. */
    public static final Duration KILL_WAIT = Duration.ofSeconds(10);

    private static final int TAIL_LINES = 40;
    private static final long POLL_MILLIS = 50;

    private final String name;
    private final Process process;
    private final Path log;
    private final Duration closeGrace;
    private final RecentLines recent = new RecentLines();
    private final Writer input;
    private volatile boolean frozen;

    ChildJvm(String name, Process process, Path log, Duration closeGrace) {
        this.name = name;
        this.process = process;
        this.log = log;
        this.closeGrace = closeGrace;
        this.input = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
    }

    /**
     * @param name    names the child in messages, thread names and {@link #toString()}
     * @param command its command line
     * @return a launcher to say where its output goes and to start it
     */
    public static ChildJvmLauncher launcher(String name, JavaCommand command) {
        return new ChildJvmLauncher(name, command);
    }

    /** @return the child's name */
    public String name() {
        return name;
    }

    /** @return the child's process id */
    public long pid() {
        return process.pid();
    }

    /** @return whether it has not exited (a frozen child is alive) */
    public boolean isAlive() {
        return process.isAlive();
    }

    /** @return its exit code, once it has exited */
    public Optional<Integer> exitCode() {
        return process.isAlive() ? Optional.empty() : Optional.of(process.exitValue());
    }

    /**
     * @return the file its output goes to
     * @throws IllegalStateException if it was started without a log
     */
    public Path log() {
        if (log == null) {
            throw new IllegalStateException(name + " was started without a log file");
        }
        return log;
    }

    /**
     * @return what it printed so far: its whole log, or the last 10,000 lines of both streams when they are
     *         pumped
     */
    public List<String> lines() {
        if (log == null) {
            return recent.lines();
        }
        try {
            return Files.exists(log) ? Files.readAllLines(log, StandardCharsets.UTF_8) : List.of();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + log, e);
        }
    }

    /** @return the last lines it printed, for failure messages */
    public String tail() {
        List<String> all = lines();
        return String.join("\n", all.subList(Math.max(0, all.size() - TAIL_LINES), all.size()));
    }

    /**
     * Waits until one of {@link #lines()} satisfies {@code wanted}.
     *
     * @return the first such line
     * @throws TimeoutException     if none did within {@code timeout}, or the child exited first; the message
     *                              carries its last lines
     * @throws InterruptedException if interrupted while waiting
     */
    public String awaitLine(Predicate<String> wanted, Duration timeout) throws InterruptedException, TimeoutException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            Optional<String> line = lines().stream().filter(wanted).findFirst();
            if (line.isPresent()) {
                return line.get();
            }
            if (!process.isAlive() || System.nanoTime() > deadline) {
                throw new TimeoutException(this + (process.isAlive() ? " printed no expected line within " + timeout
                        : " exited with " + process.exitValue()) + "; its output:\n" + tail());
            }
            Thread.sleep(POLL_MILLIS);
        }
    }

    /**
     * Writes one line to its standard input.
     *
     * @throws UncheckedIOException if its input is closed (it exited, or was started without input)
     */
    public synchronized void send(String line) {
        try {
            input.write(line + "\n");
            input.flush();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot talk to " + this + exitCode().map(c -> " (exited with " + c + ")")
                    .orElse(""), e);
        }
    }

    /** Closes its standard input: the children of this project take that as the order to exit. */
    public synchronized void closeInput() {
        try {
            input.close();
        } catch (IOException alreadyGone) {
            // it exited: nothing reads the pipe any more
        }
    }

    /** Freezes it (SIGSTOP): every thread stops, timers included, as in a long pause; its sockets stay open. */
    public void freeze() {
        signal("-STOP");
        frozen = true;
    }

    /** Thaws it (SIGCONT) if it is frozen. */
    public void thaw() {
        if (frozen) {
            signal("-CONT");
            frozen = false;
        }
    }

    /**
     * Kills it (SIGKILL, thawed first so that it dies at once) and reaps it, as a crash would.
     *
     * @return whether it was gone within {@link #KILL_WAIT}
     */
    public boolean kill() {
        thaw();
        process.destroyForcibly();
        return awaitExit(KILL_WAIT).isPresent();
    }

    /**
     * Stops it: closes its input and lets it exit by itself within {@code grace}, then SIGTERM and {@code grace}
     * again, then {@link #kill()}. With a zero grace it is killed at once. Does nothing once it has exited.
     */
    public void stop(Duration grace) {
        if (!process.isAlive()) {
            awaitExit(Duration.ZERO);
            return;
        }
        thaw();
        closeInput();
        if (grace.isZero() || awaitExit(grace).isEmpty()) {
            terminate(grace);
        }
    }

    /**
     * Terminates it: SIGTERM (thawed first), which runs its shutdown hooks, then {@link #kill()} if it has not
     * exited after {@code grace}. With a zero grace it is killed at once.
     */
    public void terminate(Duration grace) {
        thaw();
        if (!grace.isZero()) {
            process.destroy();
            if (awaitExit(grace).isPresent()) {
                return;
            }
        }
        kill();
    }

    /**
     * Waits for it to exit.
     *
     * @return its exit code, or empty if it still runs after {@code timeout} (or the wait was interrupted, whose
     *         flag is then set again)
     */
    public Optional<Integer> awaitExit(Duration timeout) {
        try {
            if (process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                LiveChildren.remove(this);
                return Optional.of(process.exitValue());
            }
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    /**
     * Waits for it to exit, however long that takes (a master left running until Ctrl-C).
     *
     * @return its exit code
     * @throws InterruptedException if interrupted while waiting
     */
    public int awaitExit() throws InterruptedException {
        int code = process.waitFor();
        LiveChildren.remove(this);
        return code;
    }

    /** Ends it as its launcher's {@link ChildJvmLauncher#closeGrace close grace} says. */
    @Override
    public void close() {
        stop(closeGrace);
    }

    @Override
    public String toString() {
        return name + " (pid " + process.pid() + ")";
    }

    /** Starts the threads that hand its output to {@code stdout} and {@code stderr} (null: the stream is inherited). */
    void pumpLines(Consumer<String> stdout, Consumer<String> stderr) {
        if (stdout != null) {
            pump(process.getInputStream(), "stdout", stdout);
        }
        if (stderr != null) {
            pump(process.getErrorStream(), "stderr", stderr);
        }
    }

    private void pump(InputStream stream, String what, Consumer<String> listener) {
        Thread pump = new Thread(() -> {
            try (BufferedReader reader = new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8))) {
                for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                    recent.add(line);
                    listener.accept(line);
                }
            } catch (IOException e) {
                // it exited: nothing more to read
            }
        }, name + "-" + what);
        pump.setDaemon(true);
        pump.start();
    }

    private void signal(String signal) {
        if (!process.isAlive()) {
            return;
        }
        try {
            Process kill = new ProcessBuilder("kill", signal, Long.toString(process.pid()))
                    .redirectErrorStream(true).start();
            boolean done = kill.waitFor(KILL_WAIT.toMillis(), TimeUnit.MILLISECONDS);
            if ((!done || kill.exitValue() != 0) && process.isAlive()) { // a child that just died needs no signal
                throw new IllegalStateException("kill " + signal + " " + process.pid() + " failed");
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot signal " + this, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while signalling " + this, e);
        }
    }
}
