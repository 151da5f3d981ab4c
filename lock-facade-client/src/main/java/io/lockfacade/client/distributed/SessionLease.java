package io.lockfacade.client.distributed;

import io.lockfacade.client.LockObserver.LossReason;

import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * One session of this node on the master, as the node sees it: a two-state machine, alive until a deadline on
 * the client's clock, then lost for good. The node then opens a new session for later acquisitions.
 *
 * <pre>
 *   ALIVE(deadline) --keep-alive confirmed--------------------------> ALIVE(start of that keep-alive + TTL)
 *   ALIVE(deadline) --now past the deadline, or the master ended it--> LOST(reason)   (final)
 * </pre>
 *
 * <p>The transitions take the time as an argument ({@code nowNanos}, from the node's injected clock) and do no
 * I/O, so that they can be driven by a hand-set clock in tests. The deadline moves to the start of each
 * confirmed keep-alive plus the TTL, so it never ends later than the master's own deadline by more than one
 * reply's transit time.
 */
final class SessionLease {

    /** What one keep-alive answer, or failure, means for the session. */
    enum KeepAliveOutcome {
        /** The master confirmed the session; its deadline moved. */
        CONFIRMED,
        /** Confirmed, and the master reports more force-removed locks than before: some hold may be gone. */
        CONFIRMED_SOME_LOCKS_REMOVED,
        /** The keep-alive failed, but the TTL still lasts: try again at the next interval. */
        RETRY,
        /** The session is lost: the master ended it, or the TTL ran out on the client's clock. */
        LOST
    }

    private final String id;
    private final long ttlMillis;
    private final long ttlNanos;
    private final LongSupplier nanoClock;
    private volatile long deadlineNanos;
    private volatile String lossReason;
    private volatile LossReason lossKind;
    /** Force-removals the master last reported; written by the keep-alive thread only. */
    private volatile long forceRemovalsSeen;

    /**
     * @param ttlMillis        the TTL the master granted
     * @param openStartedNanos when the call that opened the session started, on {@code nanoClock}
     * @param nanoClock        the node's clock, read by the methods without a time argument
     */
    SessionLease(String id, long ttlMillis, long openStartedNanos, LongSupplier nanoClock) {
        this.id = id;
        this.ttlMillis = ttlMillis;
        this.ttlNanos = TimeUnit.MILLISECONDS.toNanos(ttlMillis);
        this.nanoClock = nanoClock;
        this.deadlineNanos = openStartedNanos + ttlNanos;
    }

    String id() {
        return id;
    }

    /** @return the master's count of the session's force-removed locks, as of the last confirmed keep-alive */
    long forceRemovalsSeen() {
        return forceRemovalsSeen;
    }

    /** @return when the session is lost unless a keep-alive is confirmed first, on the node's clock */
    long deadlineNanos() {
        return deadlineNanos;
    }

    long ttlMillis() {
        return ttlMillis;
    }

    /** @return whether the session is lost now, on the node's clock */
    boolean isLost() {
        return isLostAt(nanoClockNow());
    }

    /** @return the node's clock reading now */
    long nanoClockNow() {
        return nanoClock.getAsLong();
    }

    /**
     * @return whether the session is lost at {@code nowNanos}; a TTL that has run out without a confirmed
     *         keep-alive makes it lost for good
     */
    boolean isLostAt(long nowNanos) {
        if (lossReason == null && nowNanos - deadlineNanos > 0) {
            markLost(LossReason.SESSION_TIMED_OUT,
                    "its TTL of " + ttlMillis + " ms ran out without a confirmed keep-alive");
        }
        return lossReason != null;
    }

    /** @return why the session was lost at {@code nowNanos}, or {@code null} if it is alive then */
    String lossReasonAt(long nowNanos) {
        return isLostAt(nowNanos) ? lossReason : null;
    }

    /** @return why the session was lost, or {@code null} if it is alive now */
    String lossReason() {
        return lossReasonAt(nanoClockNow());
    }

    /** @return the kind of loss, or {@code null} if the session is alive now */
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
     * The master answered a keep-alive that started at {@code startedNanos}.
     *
     * @param answer   the master's count of the session's force-removed locks, or a negative number if it ended
     *                 the session
     * @param nowNanos when the answer arrived
     * @return {@link KeepAliveOutcome#LOST} if the master ended the session or the TTL had run out before the
     *         answer; else whether the force-removal count grew since the last answer
     */
    KeepAliveOutcome answered(long startedNanos, long nowNanos, long answer) {
        if (answer < 0) {
            markLost("the master ended it (TTL run out, closed or force-expired)");
            return KeepAliveOutcome.LOST;
        }
        if (isLostAt(nowNanos)) {
            return KeepAliveOutcome.LOST; // loss is final, even if the master still knew the session
        }
        deadlineNanos = startedNanos + ttlNanos;
        boolean grew = answer > forceRemovalsSeen;
        forceRemovalsSeen = Math.max(forceRemovalsSeen, answer);
        return grew ? KeepAliveOutcome.CONFIRMED_SOME_LOCKS_REMOVED : KeepAliveOutcome.CONFIRMED;
    }

    /**
     * A keep-alive could not reach the master, or got no usable answer, at {@code nowNanos}.
     *
     * @return {@link KeepAliveOutcome#RETRY} while the TTL lasts, then {@link KeepAliveOutcome#LOST}
     */
    KeepAliveOutcome failed(long nowNanos) {
        return isLostAt(nowNanos) ? KeepAliveOutcome.LOST : KeepAliveOutcome.RETRY;
    }

    @Override
    public String toString() {
        return "session " + id;
    }
}
