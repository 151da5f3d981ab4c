package io.lockfacade.client.distributed;

import io.lockfacade.api.LockGrant;
import io.lockfacade.client.LockObserver.LossReason;

/**
 * A grant from the master as this node holds it: for one thread, or cached between two local threads during a
 * hand-off. The grant lives under the node's {@link SessionLease}: it is lost when the session is lost, or on its
 * own when the master no longer holds it (force-removed). Loss is final: once lost, a hold never becomes valid
 * again and is never handed to another thread.
 */
final class RemoteHold {

    private final LockId id;
    private final LockGrant grant;
    private final SessionLease session;
    /** The session's force-removal count known when the grant arrived: never above the master's count then. */
    private final long removalsAtGrant;
    private volatile String lossReason;
    private volatile LossReason lossKind;
    private volatile Runnable onRelease;
    /** Threads that have held this grant, as {@link ObservedAcquisitions} counts them; holder threads only. */
    private int observedHolders;
    /** When the current holder's acquisition ended, as {@link ObservedAcquisitions} saw it; holder threads only. */
    private long heldSinceNanos;

    RemoteHold(LockId id, LockGrant grant, SessionLease session) {
        this.id = id;
        this.grant = grant;
        this.session = session;
        this.removalsAtGrant = session.forceRemovalsSeen();
    }

    LockId id() {
        return id;
    }

    /** @return the owner the master granted the lock to, which every later call for this grant must name */
    String owner() {
        return grant.getOwner();
    }

    long fencingToken() {
        return grant.getFencingToken();
    }

    /** @return the session's force-removal count as this node knew it when the grant arrived */
    long removalsAtGrant() {
        return removalsAtGrant;
    }

    /** @return the session the grant lives under */
    SessionLease session() {
        return session;
    }

    /** @return whether the grant is lost now, on the node's clock */
    boolean isLost() {
        return lossReason() != null;
    }

    /** @return why the grant is lost now, on the node's clock, or {@code null} if it is not */
    String lossReason() {
        return lossReasonAt(session.nanoClockNow());
    }

    /**
     * @return why the grant is lost at {@code nowNanos}, or {@code null} if it is not: marked lost on its own, or
     *         its session lost by then (which makes the grant lost for good)
     */
    String lossReasonAt(long nowNanos) {
        if (lossReason == null) {
            String sessionLoss = session.lossReasonAt(nowNanos);
            if (sessionLoss != null) {
                markLost(session.lossKind(), sessionLoss);
            }
        }
        return lossReason;
    }

    /** @return the kind of loss, or {@code null} if the grant is not lost now */
    LossReason lossKind() {
        return isLost() ? lossKind : null;
    }

    /** Marks the grant lost because the master no longer holds it while the session lives; the first reason wins. */
    void markLost(String reason) {
        markLost(LossReason.REMOVED, reason);
    }

    /** Marks the grant lost with its session (which must be lost), for the session's reason. */
    void loseWithSession() {
        markLost(session.lossKind(), session.lossReason());
    }

    private synchronized void markLost(LossReason kind, String reason) {
        if (lossReason == null) {
            lossKind = kind;
            lossReason = reason;
        }
    }

    /**
     * Records that the calling thread's acquisition of this grant ended at {@code nanos} (for observation only).
     *
     * @return how many threads held the grant before: 0 for a fresh grant from the master, more after a hand-off
     */
    int recordHolder(long nanos) {
        heldSinceNanos = nanos;
        return observedHolders++;
    }

    /** @return when the current holder's acquisition ended, as recorded by {@link #recordHolder} */
    long heldSinceNanos() {
        return heldSinceNanos;
    }

    /** @param action what to do once the node lets go of the grant (stop tracking it) */
    void onRelease(Runnable action) {
        this.onRelease = action;
    }

    /** Called when the node lets go of the grant: released, lost and given up, or discarded. */
    void released() {
        Runnable action = onRelease;
        if (action != null) {
            action.run();
        }
    }

    @Override
    public String toString() {
        return "RemoteHold[" + id + " owner=" + grant.getOwner() + " token=" + grant.getFencingToken()
                + (lossReason == null ? "]" : " lost: " + lossReason + "]");
    }
}
