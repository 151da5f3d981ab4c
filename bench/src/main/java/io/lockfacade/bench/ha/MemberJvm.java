package io.lockfacade.bench.ha;

import io.lockfacade.process.ChildJvm;
import io.lockfacade.process.JavaCommand;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * One member process of a group under test: started with the members' heap and collector, its output appended to
 * a log file, and faulted the way a host fails: {@link #crash()} (SIGKILL), {@link #freeze()} (SIGSTOP, a hung
 * host) and {@link #close()}, which always leaves no process behind (a shutdown hook ends what an interrupted run
 * left). Only this process is ever signalled, by its pid (see {@link ChildJvm}).
 */
final class MemberJvm implements AutoCloseable {

    /** JVM options of every member: the same heap and collector for Lock Facade, Hazelcast and the Raft floor. */
    static final List<String> JVM_OPTIONS = List.of("-Xmx" + HaLimits.MEMBER_HEAP, "-XX:+UseSerialGC");

    private final ChildJvm jvm;

    private MemberJvm(ChildJvm jvm) {
        this.jvm = jvm;
    }

    /**
     * Starts a member.
     *
     * @throws IOException if the process cannot be started
     */
    static MemberJvm start(String name, JavaCommand command, Path log) throws IOException {
        return start(name, command, Map.of(), log);
    }

    /**
     * Starts a member with variables added to its environment (passwords that must not be flags).
     *
     * @throws IOException if the process cannot be started
     */
    static MemberJvm start(String name, JavaCommand command, Map<String, String> environment, Path log)
            throws IOException {
        return new MemberJvm(ChildJvm.launcher(name, command.withJvmOptions(JVM_OPTIONS)).environment(environment)
                .appendLog(log).killedAtExit().start());
    }

    /** @return the member's name, for reports */
    String name() {
        return jvm.name();
    }

    /** @return the member's process id */
    long pid() {
        return jvm.pid();
    }

    /** @return the member's output so far */
    Path log() {
        return jvm.log();
    }

    /** @return whether the process has not exited (a frozen process is alive) */
    boolean isAlive() {
        return jvm.isAlive();
    }

    /**
     * SIGKILL, and waits (bounded) until the process is gone.
     *
     * @throws IllegalStateException if it is still there after {@link ChildJvm#KILL_WAIT}
     */
    void crash() {
        if (!jvm.kill()) {
            throw new IllegalStateException(jvm + " did not exit after SIGKILL");
        }
    }

    /**
     * Waits for the process to end on its own (a client JVM that runs for a fixed time).
     *
     * @return whether it ended within {@code timeout}
     */
    boolean awaitEnd(Duration timeout) {
        return jvm.awaitExit(timeout).isPresent();
    }

    /** SIGSTOP: the process keeps its sockets open but answers nothing, like a hung host. */
    void freeze() {
        jvm.freeze();
    }

    /** SIGCONT (a frozen process cannot be killed cleanly otherwise) then SIGKILL. */
    @Override
    public void close() {
        jvm.close();
    }
}
