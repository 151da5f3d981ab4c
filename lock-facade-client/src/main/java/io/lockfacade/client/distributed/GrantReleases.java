package io.lockfacade.client.distributed;

import io.lockfacade.client.readwrite.ReadWriteMode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Releases of a node's read-write grants, and their retries in the background, on one daemon thread named
 * {@code lock-facade-rw-<nodeId>}: a release the master did not get is retried every {@link #RETRY_MILLIS} ms while
 * its session lives (the master ends the grant with the session anyway). A grant the node gives up on its way to
 * asking the master for another one is released on that thread too ({@link #releaseInBackground}), so that the
 * ask does not wait a round trip for the release: the master queues the ask fairly behind whatever the release
 * frees.
 */
final class GrantReleases implements AutoCloseable {

    /** Time between two attempts of a release the master did not get. */
    static final long RETRY_MILLIS = 1_000;

    private static final Logger log = LoggerFactory.getLogger(GrantReleases.class);
    private static final int THREADS = 1;

    private final RemoteReadWriteGrants remote;
    private final ScheduledThreadPoolExecutor threads;

    GrantReleases(String nodeId, RemoteReadWriteGrants remote) {
        this.remote = remote;
        this.threads = new ScheduledThreadPoolExecutor(THREADS, task -> {
            Thread thread = new Thread(task, "lock-facade-rw-" + nodeId);
            thread.setDaemon(true);
            return thread;
        });
        threads.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
    }

    /** Releases a grant the node no longer uses (nothing if {@code null}), retrying in the background if need be. */
    void releaseQuietlyOrRetry(NodeGrant grant) {
        if (grant != null) {
            releaseQuietlyOrRetry(grant.hold(), grant.mode());
        }
    }

    /**
     * Releases a grant nobody local uses any more (nothing if {@code null}) on the background thread, or on the
     * calling thread once closed; retried as {@link #releaseQuietlyOrRetry(RemoteHold, ReadWriteMode)} does.
     */
    void releaseInBackground(NodeGrant grant) {
        if (grant == null) {
            return;
        }
        try {
            threads.execute(() -> releaseQuietlyOrRetry(grant));
        } catch (RejectedExecutionException closed) {
            releaseQuietlyOrRetry(grant);
        }
    }

    /**
     * Releases a grant on the master; if the master cannot be reached, retries in the background and throws.
     *
     * @return {@code false} if the master no longer held it (it was lost)
     * @throws io.lockfacade.api.LockServiceUnavailableException if the master cannot be reached now
     */
    boolean releaseOrRetry(RemoteHold hold, ReadWriteMode mode) {
        try {
            return remote.release(hold, mode);
        } catch (RuntimeException e) {
            retryLater(hold, mode);
            throw e;
        }
    }

    /** Releases a grant (nothing if {@code null}) without throwing; retries in the background if it failed. */
    void releaseQuietlyOrRetry(RemoteHold hold, ReadWriteMode mode) {
        if (hold == null) {
            return;
        }
        try {
            remote.release(hold, mode);
        } catch (RuntimeException e) {
            log.warn("Could not release the {}; retrying while its session lives: {}",
                    RemoteReadWriteGrants.describe(mode, hold.id()), e.toString());
            retryLater(hold, mode);
        }
    }

    private void retryLater(RemoteHold hold, ReadWriteMode mode) {
        try {
            threads.schedule(() -> {
                if (!hold.session().isLost()) {
                    releaseQuietlyOrRetry(hold, mode);
                }
            }, RETRY_MILLIS, TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException closed) {
            log.debug("Not retrying the release of {}: closed; it ends with the session", hold.id());
        }
    }

    /** Stops the thread; retries still queued are dropped (grants end with the session). */
    @Override
    public void close() {
        threads.shutdownNow();
    }
}
