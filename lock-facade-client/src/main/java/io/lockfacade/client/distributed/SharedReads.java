package io.lockfacade.client.distributed;

import io.lockfacade.client.readwrite.ReadWriteMode;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * How a local reader that holds the local read lock gets under the node's shared remote read grant
 * ({@link ReadWriteEntry#joinShared}): joins the admitting grant, waits while another local reader fetches one, or
 * fetches one itself; a joiner that finds the grant older than the check interval starts a check for writers
 * waiting elsewhere ({@link ReadGrantChecks}).
 */
final class SharedReads {

    private final String nodeId;
    private final RemoteReadWriteGrants remote;
    private final NodeSession session;
    private final ReadGrantChecks checks;
    private final LongSupplier nanoClock;
    private final long probeAfterNanos;
    private final AtomicLong readOwners = new AtomicLong();

    SharedReads(String nodeId, RemoteReadWriteGrants remote, NodeSession session, ReadGrantChecks checks,
                long probeAfterNanos) {
        this.nodeId = nodeId;
        this.remote = remote;
        this.session = session;
        this.checks = checks;
        this.nanoClock = session.nanoClock();
        this.probeAfterNanos = probeAfterNanos;
    }

    /**
     * Joins the node's shared read grant, fetching one from the master if there is none.
     *
     * @return the grant joined, or {@code null} if none was granted before the deadline
     */
    SharedReadGrant join(LockId id, ReadWriteEntry entry, Deadline deadline, boolean interruptible)
            throws InterruptedException {
        while (true) {
            ReadWriteEntry.JoinStep step = entry.joinShared(nanoClock.getAsLong(), probeAfterNanos);
            if (step instanceof ReadWriteEntry.Joined joined) {
                if (joined.probe()) {
                    checks.check(id, readOwner(), session, fresh -> checks.releaseAll(
                            entry.probed(joined.grant(), fresh, nanoClock.getAsLong())));
                }
                return joined.grant();
            }
            if (step instanceof ReadWriteEntry.Fetch fetch) {
                RemoteHold granted;
                try {
                    checks.releaseQuietlyOrRetry(fetch.releaseFirst(), fetch.releaseMode());
                    granted = remote.acquire(id, ReadWriteMode.READ, readOwner(), session, deadline, interruptible);
                } catch (Throwable failed) {
                    entry.fetched(null, nanoClock.getAsLong()); // lets a waiting local reader ask instead
                    throw failed;
                }
                return entry.fetched(granted, nanoClock.getAsLong());
            }
            if (deadline.hasPassed()) {
                return null; // another local reader is still asking the master
            }
            awaitFetch(entry, deadline, interruptible);
        }
    }

    private static void awaitFetch(ReadWriteEntry entry, Deadline deadline, boolean interruptible)
            throws InterruptedException {
        long millis = Math.min(TimeUnit.NANOSECONDS.toMillis(deadline.remainingNanos()) + 1, 100);
        try {
            entry.awaitFetch(millis);
        } catch (InterruptedException e) {
            if (interruptible) {
                throw e;
            }
            Thread.currentThread().interrupt();
            Thread.onSpinWait();
        }
    }

    /** @return a fresh owner name for a shared read grant of this node */
    private String readOwner() {
        return nodeId + ":readers#" + readOwners.incrementAndGet();
    }
}
