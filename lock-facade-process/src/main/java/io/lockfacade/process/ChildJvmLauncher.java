package io.lockfacade.process;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Starts a {@link ChildJvm}: where its output goes (lines to listeners, a log file, or this JVM's own streams),
 * whether its standard input stays open as a command channel, its environment, how {@link ChildJvm#close()} ends
 * it, and whether a shutdown hook of this JVM kills it if it is still running when this JVM exits.
 */
public final class ChildJvmLauncher {

    private static final File NULL_DEVICE = new File("/dev/null");

    private final String name;
    private final JavaCommand command;
    private final Map<String, String> environment = new HashMap<>();
    private final Set<String> unset = new HashSet<>();
    private Path directory;
    private Consumer<String> stdout;
    private Consumer<String> stderr;
    private Path log;
    private boolean appendLog;
    private boolean keepInput = true;
    private boolean killedAtExit;
    private Duration closeGrace = Duration.ZERO;

    ChildJvmLauncher(String name, JavaCommand command) {
        this.name = Objects.requireNonNull(name, "name");
        this.command = Objects.requireNonNull(command, "command");
    }

    /** Adds variables to the environment the child inherits from this JVM. */
    public ChildJvmLauncher environment(Map<String, String> variables) {
        environment.putAll(variables);
        return this;
    }

    /** Leaves these variables out of the environment the child inherits (settings it must not pick up). */
    public ChildJvmLauncher withoutEnvironment(String... names) {
        unset.addAll(List.of(names));
        return this;
    }

    /** Runs the child in {@code directory} instead of this JVM's working directory. */
    public ChildJvmLauncher directory(Path directory) {
        this.directory = Objects.requireNonNull(directory, "directory");
        return this;
    }

    /**
     * Hands each line of the child's standard output to {@code stdout} and of its standard error to {@code stderr},
     * on daemon threads named after the child. Without it both streams go to this JVM's.
     */
    public ChildJvmLauncher lines(Consumer<String> stdout, Consumer<String> stderr) {
        this.stdout = Objects.requireNonNull(stdout, "stdout");
        this.stderr = Objects.requireNonNull(stderr, "stderr");
        return this;
    }

    /** Keeps the lines of both streams for {@link ChildJvm#lines()} and {@link ChildJvm#awaitLine} only. */
    public ChildJvmLauncher keepLines() {
        return lines(line -> { }, line -> { });
    }

    /** Hands each line of the child's standard output to {@code stdout}; its standard error goes to this JVM's. */
    public ChildJvmLauncher stdoutLines(Consumer<String> stdout) {
        this.stdout = Objects.requireNonNull(stdout, "stdout");
        return this;
    }

    /**
     * Writes both streams to {@code file}, replaced at start, rather than to a pipe: a frozen or killed child never
     * blocks on a full pipe, and what it printed outlives it.
     */
    public ChildJvmLauncher log(Path file) {
        this.log = Objects.requireNonNull(file, "file");
        this.appendLog = false;
        return this;
    }

    /** As {@link #log(Path)}, appending to the file: one log across restarts. */
    public ChildJvmLauncher appendLog(Path file) {
        log(file);
        this.appendLog = true;
        return this;
    }

    /** Gives the child an empty standard input instead of a command channel. */
    public ChildJvmLauncher withoutInput() {
        this.keepInput = false;
        return this;
    }

    /** Kills the child from a shutdown hook if it still runs when this JVM exits (an aborted run leaves nothing). */
    public ChildJvmLauncher killedAtExit() {
        this.killedAtExit = true;
        return this;
    }

    /**
     * How {@link ChildJvm#close()} ends the child: its input is closed and it may exit by itself within
     * {@code grace}, then gets SIGTERM and again {@code grace}, then SIGKILL. Zero (the default) kills it at once.
     */
    public ChildJvmLauncher closeGrace(Duration grace) {
        this.closeGrace = Objects.requireNonNull(grace, "grace");
        return this;
    }

    /**
     * @return the running child
     * @throws IOException if the process cannot be started or its log cannot be created
     */
    public ChildJvm start() throws IOException {
        ProcessBuilder builder = new ProcessBuilder(command.toList());
        builder.environment().keySet().removeAll(unset);
        builder.environment().putAll(environment);
        if (directory != null) {
            builder.directory(directory.toFile());
        }
        if (log != null) {
            Files.createDirectories(log.toAbsolutePath().getParent());
            builder.redirectErrorStream(true).redirectOutput(appendLog
                    ? ProcessBuilder.Redirect.appendTo(log.toFile()) : ProcessBuilder.Redirect.to(log.toFile()));
        } else {
            if (stdout == null) {
                builder.redirectOutput(ProcessBuilder.Redirect.INHERIT);
            }
            if (stderr == null) {
                builder.redirectError(ProcessBuilder.Redirect.INHERIT);
            }
        }
        if (!keepInput) {
            builder.redirectInput(ProcessBuilder.Redirect.from(NULL_DEVICE));
        }
        Process process = builder.start();
        ChildJvm child = new ChildJvm(name, process, log, closeGrace);
        if (log == null) {
            child.pumpLines(stdout, stderr);
        }
        if (killedAtExit) {
            LiveChildren.add(child);
        }
        return child;
    }
}
