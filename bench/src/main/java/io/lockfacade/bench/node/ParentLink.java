package io.lockfacade.bench.node;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * A child's side of the protocol: reads commands from standard input, prints {@link NodeLine}s on standard output.
 * When the benchmark goes away (standard input ends) the child exits, so no child outlives its parent.
 */
public final class ParentLink {

    /** Exit status of a child that failed. */
    public static final int FAILURE_STATUS = 1;

    private final BufferedReader commands =
            new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    private final PrintStream out = System.out;

    /** @return the next command line, or {@code null} once the parent has gone */
    public String nextCommand() {
        try {
            return commands.readLine();
        } catch (IOException e) {
            return null;
        }
    }

    /** Prints one line of the protocol. */
    public synchronized void say(String tag, Object... pairs) {
        out.println(NodeLine.format(tag, pairs));
        out.flush();
    }

    /** Reports a failure and exits the child. */
    public void fail(Throwable failure) {
        failure.printStackTrace(System.err);
        say(NodeLine.ERROR, "message", String.valueOf(failure));
        System.exit(FAILURE_STATUS);
    }

    /**
     * Waits for the parent's next command; exits the JVM when the parent has gone.
     *
     * @return the command, never {@code null}
     */
    public NodeLine awaitCommand() {
        String line = nextCommand();
        if (line == null) {
            System.exit(0);
        }
        return NodeLine.parse(line);
    }
}
