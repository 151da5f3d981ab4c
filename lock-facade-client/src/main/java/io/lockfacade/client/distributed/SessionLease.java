package io.lockfacade.client.distributed;

import io.lockfacade.client.LockObserver.LossReason;

import java.util.concurrent.TimeUnit;

/**
 * One session of this node on the master, as the node sees it: alive while keep-alives are confirmed within its
 * TTL. Loss is final; the node then opens a new session for later acquisitions.
 *
 * <p>The deadline moves to the start of each confirmed keep-alive plus the TTL, so it never ends later than the
 * master's own deadline by more than one reply's transit time.
 */
final class SessionLease {

    private final String id;
    private final long ttlMillis;
    private final long ttlNanos;
    private volatile long deadlineNanos;
    private volatile String lossReason;
    private volatile LossReason lossKind;
    /** Force-removals the master last reported; touched by the keep-alive thread only. */
    private long forceRemovalsSeen;

    SessionLease(String id, long ttlMillis, long openStartedNanos) {
        this.id = id;
        this.ttlMillis = ttlMillis;
        this.ttlNanos = TimeUnit.MILLISECONDS.toNanos(ttlMillis);
        this.deadlineNanos = openStartedNanos + ttlNanos;
    }

    String id() {
        return id;
    }

    long ttlMillis() {
        return ttlMillis;
    }

    /** @return whether the session is lost; also notices a TTL that ran out without a confirmed keep-alive */
    boolean isLost() {
        if (lossReason == null && System.nanoTime() - deadlineNanos > 0) {
            markLost(LossReason.SESSION_TIMED_OUT,
                    "its TTL of " + ttlMillis + " ms ran out without a confirmed keep-alive");
        }
        return lossReason != null;
    }

    /** @return why the session was lost, or {@code null} */
    String lossReason() {
        return isLost() ? lossReason : null;
    }

    /** @return the kind of loss, or {@code null} if the session is not lost */
    LossReason lossKind() {
        return isLost() ? lossKind : null;
    }

    /** Marks the session lost because the master said it ended; the first reason wins. */
    void markLost(String reason) {
        markLost(LossReason.SESSION_ENDED, reason);
    }

    private synchronized void markLost(LossReason kind, String reason) {
        if (lossReason == null) {
            lossKind = kind;
            lossReason = "session " + id + " lost: " + reason;
        }
    }

    /**
     * Moves the deadline after a keep-alive that started at {@code startedNanos} was confirmed.
     *
     * @param forceRemovals the master's count of the session's force-removed locks
     * @return whether the count grew since the last keep-alive: some lock of this node may be gone
     */
    boolean confirmed(long startedNanos, long forceRemovals) {
        if (!isLost()) {
            deadlineNanos = startedNanos + ttlNanos;
        }
        boolean grew = forceRemovals > forceRemovalsSeen;
        forceRemovalsSeen = Math.max(forceRemovalsSeen, forceRemovals);
        return grew;
    }

    @Override
    public String toString() {
        return "session " + id;
    }
}
