package io.lockfacade.bench.ha;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * One member process of a group under test: started from a command line with its output in a log file, and
 * faulted the way a host fails: {@link #crash()} (SIGKILL), {@link #freeze()} (SIGSTOP, a hung host) and
 * {@link #close()}, which always leaves no process behind. Only this process is ever signalled, by its pid.
 */
final class MemberJvm implements AutoCloseable {

    /** Every member this JVM started and has not closed: ended by a shutdown hook if the run is interrupted. */
    private static final Set<MemberJvm> RUNNING = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> List.copyOf(RUNNING).forEach(MemberJvm::close),
                "ha-bench-members-cleanup"));
    }

    private final String name;
    private final Process process;
    private final Path log;

    private MemberJvm(String name, Process process, Path log) {
        this.name = name;
        this.process = process;
        this.log = log;
    }

    /**
     * Starts a member.
     *
     * @throws IOException if the process cannot be started
     */
    static MemberJvm start(String name, List<String> command, Path log) throws IOException {
        return start(name, command, java.util.Map.of(), log);
    }

    /**
     * Starts a member with variables added to its environment (passwords that must not be flags).
     *
     * @throws IOException if the process cannot be started
     */
    static MemberJvm start(String name, List<String> command, java.util.Map<String, String> environment, Path log)
            throws IOException {
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().putAll(environment);
        Process process = builder
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .start();
        MemberJvm member = new MemberJvm(name, process, log);
        RUNNING.add(member);
        return member;
    }

    /** @return the member's name, for reports */
    String name() {
        return name;
    }

    /** @return the member's process id */
    long pid() {
        return process.pid();
    }

    /** @return the member's output so far */
    Path log() {
        return log;
    }

    /** @return whether the process has not exited (a frozen process is alive) */
    boolean isAlive() {
        return process.isAlive();
    }

    /** SIGKILL, and waits (bounded) until the process is gone. */
    void crash() {
        process.destroyForcibly();
        awaitExit();
    }

    /** SIGSTOP: the process keeps its sockets open but answers nothing, like a hung host. */
    void freeze() {
        signal("STOP");
    }

    /** SIGCONT (a frozen process cannot be killed cleanly otherwise) then SIGKILL. */
    @Override
    public void close() {
        if (process.isAlive()) {
            signal("CONT");
            crash();
        }
        RUNNING.remove(this);
    }

    private void awaitExit() {
        try {
            if (!process.waitFor(HaLimits.JOIN_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new IllegalStateException(name + " (pid " + process.pid() + ") did not exit after SIGKILL");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void signal(String signal) {
        try {
            Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(process.pid()))
                    .redirectErrorStream(true).start();
            if (!kill.waitFor(HaLimits.JOIN_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS) || kill.exitValue() != 0) {
                throw new IllegalStateException("kill -" + signal + " " + process.pid() + " failed");
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot run kill -" + signal, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
