package io.lockfacade.bench.node;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;

/**
 * The benchmark's handle on a {@link SessionHolderMain} child: a node that takes many locks and holds them under its
 * one session. Closing it ends the child, which leaves its locks to the session's TTL.
 */
public final class SessionHolder implements AutoCloseable {

    /** Longest taking all the locks may take (a million round trips on a busy machine included). */
    public static final Duration TAKE_TIMEOUT = Duration.ofMinutes(30);

    /** Longest any other command may take. */
    public static final Duration COMMAND_TIMEOUT = Duration.ofMinutes(2);

    private final NodeChannel child;

    private SessionHolder(NodeChannel child) {
        this.child = child;
    }

    /**
     * Starts a holder node and waits until its client is made.
     *
     * @param maxHeap the node's {@code -Xmx}
     * @throws IOException if the JVM cannot be started
     */
    public static SessionHolder start(URI serviceUri, String nodeId, Duration ttl, int threads, String maxHeap)
            throws IOException {
        NodeChannel child = NodeChannel.start(nodeId, JvmCommand.of(maxHeap, SessionHolderMain.class,
                SessionHolderMain.args(serviceUri, nodeId, ttl, threads)));
        try {
            child.await(SessionHolderMain.READY, MasterHandle.START_TIMEOUT);
            return new SessionHolder(child);
        } catch (RuntimeException e) {
            child.close();
            throw e;
        }
    }

    /**
     * Takes {@code count} locks of {@code lockType} and keeps them.
     *
     * @return how many were taken, and how long it took
     */
    public Taken take(String lockType, int count) {
        NodeLine line = child.request(NodeLine.format(SessionHolderMain.TAKE, "type", lockType, "count", count),
                SessionHolderMain.TAKEN, TAKE_TIMEOUT);
        return new Taken(line.number("count"), Duration.ofMillis(line.number("millis")));
    }

    /** @return every call the node made so far, and of those its session upkeep and renewals */
    public Calls calls() {
        NodeLine line = child.request(SessionHolderMain.CALLS, SessionHolderMain.CALLS, COMMAND_TIMEOUT);
        return new Calls(line.number("total"), line.number("renewals"));
    }

    /** @return the node's own account of its locks: still held, or lost */
    public Check check(String lockType) {
        NodeLine line = child.request(NodeLine.format(SessionHolderMain.CHECK, "type", lockType),
                SessionHolderMain.CHECKED, TAKE_TIMEOUT);
        return new Check(line.number("held"), line.number("lost"));
    }

    /** Ends the node. */
    @Override
    public void close() {
        child.close();
    }

    /**
     * @param count locks taken
     * @param took  how long it took
     */
    public record Taken(long count, Duration took) {
    }

    /**
     * @param total    every call
     * @param renewals session upkeep and lease renewals
     */
    public record Calls(long total, long renewals) {

        /** @return the calls made between {@code earlier} and this */
        public Calls since(Calls earlier) {
            return new Calls(total - earlier.total, renewals - earlier.renewals);
        }
    }

    /**
     * @param held locks still held by the thread that took them, not reported lost
     * @param lost locks reported lost or no longer held
     */
    public record Check(long held, long lost) {
    }
}
