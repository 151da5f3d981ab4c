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
    /** Consecutive hand-offs of this grant; read and written by the thread holding the local lock only. */
    private int handoffs;

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

    /** @return whether the grant is lost; also notices a session that was lost meanwhile */
    boolean isLost() {
        if (lossReason == null && session.isLost()) {
            markLost(session.lossReason());
        }
        return lossReason != null;
    }

    /** @return why the grant was lost, or {@code null} if it is not */
    String lossReason() {
        return isLost() ? lossReason : null;
    }

    /** Marks the grant lost; the first reason wins. */
    synchronized void markLost(String reason) {
        if (lossReason == null) {
            lossReason = reason;
        }
    }

    int handoffs() {
        return handoffs;
    }

    void recordHandoff() {
        handoffs++;
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
