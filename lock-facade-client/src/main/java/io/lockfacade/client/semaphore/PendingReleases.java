package io.lockfacade.client.semaphore;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Releases the master could not be told of: retried every second on a daemon thread
 * ({@code lock-facade-permits-<nodeId>}) until the master answers, or until the session they were held under is no
 * longer the node's live one (then the master frees them when that session's TTL runs out). Without this, permits
 * of a live node whose release failed once would stay held for as long as the node lives.
 */
final class PendingReleases implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(PendingReleases.class);
    private static final long RETRY_MILLIS = 1_000;

    private final RemotePermits remote;
    private final ScheduledThreadPoolExecutor retries;

    PendingReleases(RemotePermits remote) {
        this.remote = remote;
        this.retries = new ScheduledThreadPoolExecutor(1, task -> {
            Thread thread = new Thread(task, "lock-facade-permits-" + remote.session().nodeId());
            thread.setDaemon(true);
            return thread;
        });
        retries.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
    }

    /** Tells the master, now on the calling thread, that {@code holder} keeps {@code keep}; retries if it fails. */
    boolean release(SemaphoreId id, String holder, int keep, String sessionId) {
        try {
            return remote.release(id, holder, keep);
        } catch (RuntimeException e) {
            retryLater(id, holder, keep, sessionId);
            throw e;
        }
    }

    /** Retries the release in the background, the call just made having failed. */
    void retryLater(SemaphoreId id, String holder, int keep, String sessionId) {
        if (!retries.isShutdown()) {
            retries.schedule(() -> retry(id, holder, keep, sessionId), RETRY_MILLIS, TimeUnit.MILLISECONDS);
        }
    }

    private void retry(SemaphoreId id, String holder, int keep, String sessionId) {
        if (remote.session().confirmed(sessionId).isEmpty()) {
            return; // that session is over: the master frees its permits
        }
        try {
            remote.release(id, holder, keep);
            log.info("Released permits of {} for {} on a retry", id, holder);
        } catch (RuntimeException e) {
            retryLater(id, holder, keep, sessionId);
        }
    }

    @Override
    public void close() {
        retries.shutdownNow();
    }
}
