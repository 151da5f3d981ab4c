package io.lockfacade.demo.cluster;

import io.lockfacade.demo.node.NodeMain;
import io.lockfacade.demo.node.NodeProtocol;
import io.lockfacade.demo.node.NodeReport;
import io.lockfacade.demo.process.DemoJvms;
import io.lockfacade.process.ChildJvm;

import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One demo node JVM as the launcher sees it: ready or not, operations so far, and its report once it has
 * finished. Fed by the node's {@link NodeProtocol} lines; other output lines are passed through.
 */
final class NodeProcess implements AutoCloseable {

    /** How long a node may take to exit after its report. */
    static final Duration STOP_GRACE = Duration.ofSeconds(5);

    private final String name;
    private volatile boolean ready;
    private volatile long operations;
    private volatile NodeReport report;
    private volatile String protocolError;
    private ChildJvm jvm;

    private NodeProcess(String name) {
        this.name = name;
    }

    /**
     * Starts a node.
     *
     * @param name        the node's name
     * @param properties  its {@code demo.*} and {@code lockfacade.*} system properties
     * @param environment variables added to its environment (the shared secret)
     * @param out         where the node's unexpected output lines go
     * @param errors      where its error output goes
     * @return the starting node
     * @throws IOException if the JVM cannot be started
     */
    static NodeProcess start(String name, Map<String, String> properties, Map<String, String> environment,
                             PrintStream out, PrintStream errors) throws IOException {
        NodeProcess node = new NodeProcess(name);
        node.jvm = DemoJvms.start(name, NodeMain.class.getName(), properties, List.of(), environment,
                line -> node.onLine(line, out), errors);
        return node;
    }

    /** @return the node's name */
    String name() {
        return name;
    }

    /** @return whether the node has said it is ready */
    boolean isReady() {
        return ready;
    }

    /** @return whether the node's JVM is still running */
    boolean isAlive() {
        return jvm.isAlive();
    }

    /** @return the exit code, if the node has exited */
    Integer exitCode() {
        return jvm.exitCode().orElse(null);
    }

    /** Tells a ready node to begin. */
    void begin() {
        jvm.send(NodeProtocol.START);
    }

    /**
     * Sends the node a command of {@link NodeProtocol}.
     *
     * @throws java.io.UncheckedIOException if the node is gone
     */
    void send(String command) {
        jvm.send(command);
    }

    /** @return the node JVM's process id */
    long pid() {
        return jvm.pid();
    }

    /** @return operations the node has reported so far (its final count once it has reported) */
    long operations() {
        NodeReport done = report;
        return done != null ? done.operations() : operations;
    }

    /** @return the node's report, once it has sent it */
    Optional<NodeReport> report() {
        return Optional.ofNullable(report);
    }

    /** @return whether the node has reported, or exited without reporting */
    boolean isFinished() {
        return report != null || !jvm.isAlive();
    }

    /** @return why the node's output could not be understood, if it could not */
    Optional<String> protocolError() {
        return Optional.ofNullable(protocolError);
    }

    /** Stops the node if it still runs. */
    @Override
    public void close() {
        if (jvm != null) {
            jvm.stop(STOP_GRACE);
        }
    }

    private void onLine(String line, PrintStream out) {
        Optional<NodeProtocol.Event> event = NodeProtocol.parse(line);
        if (event.isEmpty()) {
            out.println("[" + name + "] " + line);
            return;
        }
        try {
            switch (event.get().name()) {
                case NodeProtocol.READY -> ready = true;
                case NodeProtocol.PROGRESS -> operations = Long.parseLong(event.get().payload());
                case NodeProtocol.RESULT -> report = NodeReport.parse(event.get().payload());
                default -> protocolError = "unknown event in: " + line;
            }
        } catch (IllegalArgumentException e) {
            protocolError = e.getMessage();
        }
    }
}
