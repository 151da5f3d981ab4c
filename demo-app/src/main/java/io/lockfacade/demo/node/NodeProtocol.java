package io.lockfacade.demo.node;

import java.util.Optional;

/**
 * The lines a node and the launcher exchange. The node writes events on standard output, each on a line starting
 * with {@value #PREFIX}; the launcher writes commands on the node's standard input. Closing that input tells the
 * node its launcher is gone: it exits.
 *
 * <pre>
 * node to launcher   &#64;demo ready                    context started, waiting for "start"
 *                     &#64;demo progress OPERATIONS      several times a second while running
 *                     &#64;demo result FIELD=VALUE ...   the {@link NodeReport}, once, at the end
 * launcher to node   start                             begin the workload
 * </pre>
 */
public final class NodeProtocol {

    /** Marks the node's protocol lines; other output is passed through as is. */
    public static final String PREFIX = "@demo ";
    /** The node is ready to start. */
    public static final String READY = "ready";
    /** Progress: followed by the operations finished so far. */
    public static final String PROGRESS = "progress";
    /** The final report: followed by {@link NodeReport#toLine()}. */
    public static final String RESULT = "result";
    /** The launcher's command to begin. */
    public static final String START = "start";

    private NodeProtocol() {
    }

    /** @return the line announcing an event with an optional payload */
    public static String event(String event, String payload) {
        return PREFIX + event + (payload == null || payload.isEmpty() ? "" : " " + payload);
    }

    /**
     * @param line a line the node printed
     * @return the event and its payload, or empty if the line is not a protocol line
     */
    public static Optional<Event> parse(String line) {
        if (!line.startsWith(PREFIX)) {
            return Optional.empty();
        }
        String rest = line.substring(PREFIX.length());
        int space = rest.indexOf(' ');
        return Optional.of(space < 0 ? new Event(rest, "") : new Event(rest.substring(0, space),
                rest.substring(space + 1)));
    }

    /**
     * One protocol line.
     *
     * @param name    {@link #READY}, {@link #PROGRESS} or {@link #RESULT}
     * @param payload what follows the name, possibly empty
     */
    public record Event(String name, String payload) {
    }
}
