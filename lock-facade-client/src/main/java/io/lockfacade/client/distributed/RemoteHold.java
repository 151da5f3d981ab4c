package io.lockfacade.client.distributed;

import io.lockfacade.api.LockGrant;

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
    private volatile String lossReason;
    private volatile Runnable onRelease;

    RemoteHold(LockId id, LockGrant grant, SessionLease session) {
        this.id = id;
        this.grant = grant;
        this.session = session;
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
                markLost(sessionLoss);
            }
        }
        return lossReason;
    }

    /** Marks the grant lost; the first reason wins. */
    synchronized void markLost(String reason) {
        if (lossReason == null) {
            lossReason = reason;
        }
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
