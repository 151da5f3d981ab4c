package io.lockfacade.server.admin;

import io.lockfacade.server.table.LockInfo;

import java.util.Comparator;

/** Orders of the admin listing. */
public enum LockSort {

    /** Oldest grant first. */
    AGE(Comparator.comparingLong(LockInfo::acquiredAtEpochMillis)),
    /** Soonest expiry first. */
    LEASE_REMAINING(Comparator.comparingLong(LockInfo::leaseRemainingMillis));

    private final Comparator<LockInfo> order;

    LockSort(Comparator<LockInfo> order) {
        this.order = order.thenComparing(LockInfo::lockType).thenComparing(LockInfo::key);
    }

    /** @return the row order, ties broken by type then key so pages are stable */
    public Comparator<LockInfo> order() {
        return order;
    }
}
