package io.lockfacade.demo.node;

import java.util.Optional;
import java.util.OptionalLong;

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
 *                     first-grant-since EPOCH_MILLIS    note the first grant received after that instant (a master
 *                                                       group's leader was killed); it goes in the report
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
    /** The launcher's command to note the first grant after an instant: followed by its epoch milliseconds. */
    public static final String FIRST_GRANT_SINCE = "first-grant-since";

    private NodeProtocol() {
    }

    /** @return the command asking for the first grant after {@code epochMillis} */
    public static String firstGrantSince(long epochMillis) {
        return FIRST_GRANT_SINCE + " " + epochMillis;
    }

    /**
     * @param command a command line from the launcher
     * @return the instant of a {@link #FIRST_GRANT_SINCE} command, or empty if the line is another command
     * @throws IllegalArgumentException if it is that command with a malformed instant
     */
    public static OptionalLong parseFirstGrantSince(String command) {
        if (!command.startsWith(FIRST_GRANT_SINCE + " ")) {
            return OptionalLong.empty();
        }
        String instant = command.substring(FIRST_GRANT_SINCE.length() + 1).strip();
        try {
            return OptionalLong.of(Long.parseLong(instant));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("malformed instant in: " + command, e);
        }
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
