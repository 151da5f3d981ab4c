package io.lockfacade.server.table;

/**
 * The immediate outcome of {@link LockTable#acquire}: granted now, busy, or parked in the queue.
 *
 * @param handout the grant if the lock was granted at once, else {@code null}
 * @param waiter  the queued waiter if the call must wait, else {@code null}
 */
public record Acquisition(Handout handout, Waiter waiter) {

    static final Acquisition BUSY = new Acquisition(null, null);

    /** @return whether the lock was granted at once */
    public boolean isGranted() {
        return handout != null;
    }

    /** @return whether the call was parked behind the holder */
    public boolean isWaiting() {
        return waiter != null;
    }
}
