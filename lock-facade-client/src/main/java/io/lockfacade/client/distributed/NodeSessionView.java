package io.lockfacade.client.distributed;

import java.util.Optional;

/**
 * This node's one session on the master, as the node's semaphores and leaderships use it: they hold their
 * permits and take part under it, so a crashed node's share comes back after the session's TTL and a live node
 * (whose keep-alives go on) never loses it.
 */
public interface NodeSessionView {

    /** What the node knows of a session it still believes alive. */
    record Confirmed(long untilNanos, long ttlMillis) {
    }

    /** @return the node's id, which names its sessions and owners */
    String nodeId();

    /**
     * @return the id of the node's live session, opened now if the node has none
     * @throws io.lockfacade.api.LockServiceUnavailableException if the master cannot be reached
     * @throws IllegalStateException                             if the node's session keeper is closed
     */
    String liveSessionId();

    /**
     * @return until when (on {@link #nanoTime()}) the node knows session {@code sessionId} alive: the start of its
     *         last keep-alive the master confirmed plus the TTL, never later than the master's own deadline; empty
     *         if that session is not the node's live one any more
     */
    Optional<Confirmed> confirmed(String sessionId);

    /** The master answered that session {@code sessionId} has ended; the next {@link #liveSessionId} opens another. */
    void ended(String sessionId, String reason);

    /** @return the node's monotonic clock, in nanoseconds, which every deadline above is measured on */
    long nanoTime();
}
