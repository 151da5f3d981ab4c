package io.lockfacade.client.distributed;

import io.lockfacade.api.LockGrant;

import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * A grant from the master as this node holds it: for one thread, or cached between two local threads during a
 * hand-off. Tracks the lease as the client sees it and whether the grant is lost. Loss is final: once lost,
 * a hold never becomes valid again and is never handed to another thread.
 *
 * <p>The lease deadline starts when the grant's reply arrived and moves to the start of each successful
 * renewal plus the lease, so it never ends later than the master's own deadline by more than one reply's
 * transit time.
 */
final class RemoteHold {

    private final LockId id;
    private final LockGrant grant;
    private final long leaseNanos;
    private volatile long leaseDeadlineNanos;
    private volatile String lossReason;
    private volatile Future<?> renewal;
    /** Consecutive hand-offs of this grant; read and written by the thread holding the local lock only. */
    private int handoffs;

    RemoteHold(LockId id, LockGrant grant, long grantedAtNanos) {
        this.id = id;
        this.grant = grant;
        this.leaseNanos = TimeUnit.MILLISECONDS.toNanos(grant.getLeaseMillis());
        this.leaseDeadlineNanos = grantedAtNanos + leaseNanos;
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

    long leaseMillis() {
        return grant.getLeaseMillis();
    }

    /** @return whether the grant is lost; also notices a lease that ran out without a confirmed renewal */
    boolean isLost() {
        if (lossReason == null && System.nanoTime() - leaseDeadlineNanos > 0) {
            markLost("its lease of " + grant.getLeaseMillis() + " ms ran out without a confirmed renewal");
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

    /** Moves the lease deadline after a successful renewal that started at {@code renewStartedNanos}. */
    void renewed(long renewStartedNanos) {
        if (!isLost()) {
            leaseDeadlineNanos = renewStartedNanos + leaseNanos;
        }
    }

    /** @return whether the lease has run out at {@code nowNanos} according to the last confirmed renewal */
    boolean leaseRanOut(long nowNanos) {
        return nowNanos - leaseDeadlineNanos > 0;
    }

    int handoffs() {
        return handoffs;
    }

    void recordHandoff() {
        handoffs++;
    }

    void attachRenewal(Future<?> scheduledRenewal) {
        this.renewal = scheduledRenewal;
    }

    /** Stops renewing; a renewal already running finishes but changes nothing that matters. */
    void stopRenewal() {
        Future<?> scheduled = renewal;
        if (scheduled != null) {
            scheduled.cancel(false);
        }
    }

    @Override
    public String toString() {
        return "RemoteHold[" + id + " owner=" + grant.getOwner() + " token=" + grant.getFencingToken()
                + (lossReason == null ? "]" : " lost: " + lossReason + "]");
    }
}
