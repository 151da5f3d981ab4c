package io.lockfacade.group.raft;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The leader's side of bringing a lagging follower up to date while entries keep coming. jgroups-raft resends
 * missing entries only once its Raft thread has been idle for its resend interval, so under steady load a
 * follower that restarted (or missed entries) refuses every new entry, whose predecessor it lacks, and stays
 * behind until the load pauses: a leader lost meanwhile cannot be replaced by it. This decides, after each batch
 * the leader processes, which range to send to each follower that reported a gap: the entries from its next
 * index on, at most {@link #MAX_ENTRIES} at a time, one range in flight per follower until it answers or
 * {@link #RETRY_NANOS} pass. Called only from the leader's Raft thread.
 */
final class FollowerCatchUp {

    /** The most entries one catch-up message carries. */
    static final int MAX_ENTRIES = 2_000;

    /** A range not answered in this time is sent again (the message or its answer may have been lost). */
    static final long RETRY_NANOS = 200_000_000L;

    /** What to send to one follower now. */
    record Range(long from, long to) {
    }

    private final Map<Object, Long> sentUpTo = new HashMap<>();
    private final Map<Object, Long> sentAtNanos = new HashMap<>();

    /**
     * @param follower     the follower (any key with equality)
     * @param gapReported  whether its last answer said it lacks entries before the ones it was sent
     * @param matchIndex   the highest index it is known to hold
     * @param nextIndex    the first index it lacks, as the leader knows
     * @param lastAppended the leader's last index
     * @param nowNanos     {@link System#nanoTime()}
     * @return the range to send now, if any
     */
    Optional<Range> next(Object follower, boolean gapReported, long matchIndex, long nextIndex, long lastAppended,
                         long nowNanos) {
        if (!gapReported || nextIndex > lastAppended) {
            return Optional.empty();
        }
        Long inFlightTo = sentUpTo.get(follower);
        if (inFlightTo != null && matchIndex < inFlightTo && nowNanos - sentAtNanos.get(follower) < RETRY_NANOS) {
            return Optional.empty();
        }
        long to = Math.min(lastAppended, nextIndex + MAX_ENTRIES - 1);
        sentUpTo.put(follower, to);
        sentAtNanos.put(follower, nowNanos);
        return Optional.of(new Range(Math.max(1, nextIndex), to));
    }

    /** Forgets every range in flight (a new term of this member's leadership). */
    void reset() {
        sentUpTo.clear();
        sentAtNanos.clear();
    }
}
