package io.lockfacade.webapp.browser;

import io.lockfacade.process.ChildJvm;
import io.lockfacade.process.JavaCommand;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeoutException;

/**
 * A {@link LockClientMain} running in a JVM of its own, started with the test class path. Its output lines are kept
 * as they come; {@link #close()} stops it (it also stops by itself when the test JVM dies).
 */
public final class ClientJvm implements AutoCloseable {

    /** Longest {@link #awaitLine} waits. */
    public static final Duration PATIENCE = Duration.ofSeconds(30);

    /** JVM options of the browser tests' clients: quick to start, short-lived. */
    static final List<String> JVM_OPTIONS = List.of("-Xshare:auto", "-XX:TieredStopAtLevel=1");

    private static final Duration STOP_GRACE = Duration.ofSeconds(5);

    private final ChildJvm jvm;
    private final String nodeId;

    private ClientJvm(ChildJvm jvm, String nodeId) {
        this.jvm = jvm;
        this.nodeId = nodeId;
    }

    /**
     * @param mode       {@code hold} or {@code wait}
     * @param serviceUri the master's Hessian endpoint
     * @param nodeId     the node id in the client's owner name
     * @return the running client
     */
    public static ClientJvm start(String mode, URI serviceUri, String type, String key, String nodeId) {
        JavaCommand command = JavaCommand.mainClass(LockClientMain.class.getName(),
                List.of(mode, serviceUri.toString(), type, key, nodeId)).withJvmOptions(JVM_OPTIONS);
        try {
            return new ClientJvm(ChildJvm.launcher("client-" + nodeId, command).keepLines().closeGrace(STOP_GRACE)
                    .killedAtExit().start(), nodeId);
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
        try {
            return jvm.awaitLine(line -> line.startsWith(prefix), PATIENCE).substring(prefix.length()).trim();
        } catch (TimeoutException e) {
            throw new AssertionError("the client " + nodeId + " did not print \"" + prefix + "\": " + e.getMessage(),
                    e);
        }
    }

    /** Stops the client JVM (it exits when its input closes) and waits for it. */
    @Override
    public void close() {
        jvm.close();
    }
}
