package io.lockfacade.client.distributed;

import io.lockfacade.api.CallNotServedException;
import io.lockfacade.api.PrimitiveLockService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The watch of each grant a node shares ({@link NodeGrant}): one {@code awaitReadWriteWaiter} call parked on the
 * master at a time, on a daemon thread named {@code lock-facade-rw-watch-<nodeId>}, renewed each time its capped
 * wait ends quiet, for as long as the node uses the grant. When the master answers that a call waits behind the
 * grant (or that the node no longer holds it), the grant admits no new local user and is released as soon as its
 * current users are done: a writer of another node waits at most the longest current local hold, and no local use
 * costs a remote call. A master that cannot answer is taken as "a call waits", the safe side for other nodes; a
 * master too old to serve the call makes every grant stop admitting after {@link #OLD_MASTER_ADMIT_MILLIS} ms,
 * which bounds what other nodes wait in the same way. The master answers a released grant's watch at once, so a
 * watch thread outlives its grant by one round trip.
 */
final class GrantWatches implements AutoCloseable {

    /** How long a grant admits local users when the master does not serve the watch. */
    static final long OLD_MASTER_ADMIT_MILLIS = 10;

    private static final Logger log = LoggerFactory.getLogger(GrantWatches.class);

    private final RemoteReadWriteGrants remote;
    private final ExecutorService threads;
    private volatile boolean masterTooOld;

    GrantWatches(String nodeId, RemoteReadWriteGrants remote) {
        this.remote = remote;
        this.threads = new ThreadPoolExecutor(0, Integer.MAX_VALUE, 30, TimeUnit.SECONDS, new SynchronousQueue<>(),
                task -> {
                    Thread thread = new Thread(task, "lock-facade-rw-watch-" + nodeId);
                    thread.setDaemon(true);
                    return thread;
                });
    }

    /**
     * Watches a grant in the background until the node stops using it or a call waits behind it.
     *
     * @param release releases a grant nobody uses any more (given {@code null}: nothing to release)
     */
    void watch(ReadWriteEntry entry, NodeGrant grant, Consumer<NodeGrant> release) {
        try {
            threads.execute(() -> run(entry, grant, release));
        } catch (RejectedExecutionException closed) {
            release.accept(entry.contended(grant));
        }
    }

    private void run(ReadWriteEntry entry, NodeGrant grant, Consumer<NodeGrant> release) {
        while (entry.isWatched(grant) && !grant.hold().isLost()) {
            if (standing(grant) != PrimitiveLockService.READ_WRITE_QUIET) {
                release.accept(entry.contended(grant));
                return;
            }
        }
    }

    private int standing(NodeGrant grant) {
        if (masterTooOld) {
            return admitAWhile();
        }
        try {
            return remote.awaitWaiter(grant.hold());
        } catch (CallNotServedException old) {
            masterTooOld = true;
            log.warn("The master {} does not tell read-write holders of waiting calls (an older master): this"
                    + " node's read-write grants admit local users for {} ms each", remote.master(),
                    OLD_MASTER_ADMIT_MILLIS);
            return admitAWhile();
        } catch (RuntimeException failed) {
            log.debug("Could not watch {} for waiting calls; it admits no more local users: {}", grant,
                    failed.toString());
            return PrimitiveLockService.READ_WRITE_WAITING;
        }
    }

    private static int admitAWhile() {
        try {
            Thread.sleep(OLD_MASTER_ADMIT_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return PrimitiveLockService.READ_WRITE_WAITING;
    }

    /** Stops watching: parked calls end with their wait; grants still used are released by their users. */
    @Override
    public void close() {
        threads.shutdownNow();
    }
}
