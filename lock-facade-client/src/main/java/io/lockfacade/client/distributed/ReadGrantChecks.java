package io.lockfacade.client.distributed;

import io.lockfacade.client.readwrite.ReadWriteMode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The background work of a node's read-write locks, on two daemon threads named
 * {@code lock-facade-rw-<nodeId>}: the checks for writers waiting on the master (one read call that does not wait,
 * see {@link DistributedReadWriteLocks}) and the retries of releases the master did not get. A release is retried
 * every {@link #RETRY_MILLIS} ms while its session lives: the master ends the grant with the session anyway.
 */
final class ReadGrantChecks implements AutoCloseable {

    /** Time between two attempts of a release the master did not get. */
    static final long RETRY_MILLIS = 1_000;

    private static final Logger log = LoggerFactory.getLogger(ReadGrantChecks.class);
    private static final int THREADS = 2;

    private final RemoteReadWriteGrants remote;
    private final ScheduledThreadPoolExecutor threads;

    ReadGrantChecks(String nodeId, RemoteReadWriteGrants remote) {
        this.remote = remote;
        this.threads = new ScheduledThreadPoolExecutor(THREADS, task -> {
            Thread thread = new Thread(task, "lock-facade-rw-" + nodeId);
            thread.setDaemon(true);
            return thread;
        });
        threads.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
    }

    /**
     * Asks the master, in the background, for a read grant under {@code owner} without waiting; {@code answered}
     * gets it, or {@code null} if a writer holds or waits there (or the master could not answer, which is taken the
     * same way: the node then stops admitting readers under its grant, the safe side for waiting writers).
     */
    void check(LockId id, String owner, NodeSession session, Consumer<RemoteHold> answered) {
        try {
            threads.execute(() -> answered.accept(readNow(id, owner, session)));
        } catch (RejectedExecutionException closed) {
            answered.accept(null);
        }
    }

    private RemoteHold readNow(LockId id, String owner, NodeSession session) {
        try {
            return remote.acquire(id, ReadWriteMode.READ, owner, session, Deadline.after(0, TimeUnit.MILLISECONDS),
                    false);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        } catch (RuntimeException e) {
            log.debug("Could not check for writers waiting for {}: {}", id, e.toString());
            return null;
        }
    }

    /** Releases read grants nobody uses any more, retrying in the background if the master cannot be told. */
    void releaseAll(List<RemoteHold> reads) {
        for (RemoteHold read : reads) {
            releaseQuietlyOrRetry(read, ReadWriteMode.READ);
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

    /** Stops the threads; checks and retries still queued are dropped (grants end with the session). */
    @Override
    public void close() {
        threads.shutdownNow();
    }
}
