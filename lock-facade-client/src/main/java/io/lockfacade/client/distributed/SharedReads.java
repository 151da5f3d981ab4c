package io.lockfacade.client.distributed;

import io.lockfacade.client.readwrite.ReadWriteMode;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * How a local reader that holds the local read lock gets under the node's current grant
 * ({@link ReadWriteEntry#joinShared}): joins it (a read grant, or the node's write grant while no local writer
 * holds it), waits while another local reader fetches one, or fetches a read grant itself, after releasing a
 * retired grant nobody uses; a fetched grant is watched for calls queueing behind it ({@link GrantWatches}).
 */
final class SharedReads {

    private final String nodeId;
    private final RemoteReadWriteGrants remote;
    private final NodeSession session;
    private final GrantReleases releases;
    private final GrantWatches watches;
    private final AtomicLong readOwners = new AtomicLong();

    SharedReads(String nodeId, RemoteReadWriteGrants remote, NodeSession session, GrantReleases releases,
                GrantWatches watches) {
        this.nodeId = nodeId;
        this.remote = remote;
        this.session = session;
        this.releases = releases;
        this.watches = watches;
    }

    /**
     * Joins the node's current grant, fetching a read grant from the master if there is none.
     *
     * @return the grant joined, or {@code null} if none was granted before the deadline
     */
    NodeGrant join(LockId id, ReadWriteEntry entry, Deadline deadline, boolean interruptible)
            throws InterruptedException {
        while (true) {
            ReadWriteEntry.JoinStep step = entry.joinShared(Thread.currentThread());
            if (step instanceof ReadWriteEntry.Joined joined) {
                return joined.grant();
            }
            if (step instanceof ReadWriteEntry.Fetch fetch) {
                RemoteHold granted;
                try {
                    releases.releaseInBackground(fetch.releaseFirst());
                    granted = remote.acquire(id, ReadWriteMode.READ, readOwner(), session, deadline, interruptible);
                } catch (Throwable failed) {
                    entry.fetched(null); // lets a waiting local reader ask instead
                    throw failed;
                }
                NodeGrant grant = entry.fetched(granted);
                if (grant != null) {
                    watches.watch(entry, grant, releases::releaseQuietlyOrRetry);
                }
                return grant;
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
