package io.lockfacade.client.distributed;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * This node's one session on the master, which every grant of the node lives under: opened on first need, kept
 * alive by one call per keep-alive interval on a daemon thread named {@code lock-facade-renewal-<nodeId>},
 * whatever the node holds, and replaced by a new one once lost.
 *
 * <ul>
 *   <li>The master answers that the session ended (expired, closed or force-expired): the session and every
 *       hold under it are lost at once.</li>
 *   <li>The master cannot be reached: keep-alives go on on schedule until the TTL, counted from the last
 *       confirmed keep-alive, has run out; then the session and its holds are lost.</li>
 *   <li>The master reports that some of the session's locks were force-removed: the node asks {@code renew} for
 *       each of its holds once, and marks the ones the master no longer holds lost.</li>
 * </ul>
 */
final class NodeSession implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(NodeSession.class);

    private final RemoteGrants grants;
    private final String nodeId;
    private final long ttlMillis;
    private final Set<RemoteHold> holds = ConcurrentHashMap.newKeySet();
    private final ScheduledThreadPoolExecutor keepAliveThread;
    private volatile SessionLease current;

    /**
     * @param grants            the master
     * @param nodeId            names the session ({@code nodeId/UUID}) and the thread
     * @param ttl               the session TTL asked of the master
     * @param keepAliveInterval the time between two keep-alives; the master's granted TTL / 3 if that is shorter
     */
    NodeSession(RemoteGrants grants, String nodeId, Duration ttl, Duration keepAliveInterval) {
        this.grants = grants;
        this.nodeId = nodeId;
        this.ttlMillis = ttl.toMillis();
        this.keepAliveThread = new ScheduledThreadPoolExecutor(1, task -> {
            Thread thread = new Thread(task, "lock-facade-renewal-" + nodeId);
            thread.setDaemon(true);
            return thread;
        });
        keepAliveThread.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
        long interval = Math.max(1, Math.min(keepAliveInterval.toNanos(),
                TimeUnit.MILLISECONDS.toNanos(ttlMillis) / DistributeLockSettings.RENEWALS_PER_LEASE));
        keepAliveThread.scheduleWithFixedDelay(this::keepAlive, interval, interval, TimeUnit.NANOSECONDS);
    }

    /**
     * @return the live session, opened now if the node has none or lost its last one
     * @throws io.lockfacade.api.LockServiceUnavailableException if the master cannot be reached
     * @throws IllegalStateException if this session keeper is closed
     */
    SessionLease current() {
        SessionLease live = current; // every acquisition comes here: no lock while the session is alive
        if (live != null && !live.isLost() && !keepAliveThread.isShutdown()) {
            return live;
        }
        return openIfNeeded();
    }

    /** @return whether the node has a session it believes alive; answered locally, opens nothing */
    boolean isAlive() {
        SessionLease live = current;
        return live != null && !live.isLost() && !keepAliveThread.isShutdown();
    }

    private synchronized SessionLease openIfNeeded() {
        if (keepAliveThread.isShutdown()) {
            throw new IllegalStateException("the session of node " + nodeId + " is closed");
        }
        if (current == null || current.isLost()) {
            String id = nodeId + "/" + UUID.randomUUID();
            long startedNanos = System.nanoTime();
            current = new SessionLease(id, grants.openSession(id, ttlMillis), startedNanos);
        }
        return current;
    }

    /** Forgets a session the master refused, so that the next acquisition opens a new one. */
    synchronized void lost(SessionLease lease, String reason) {
        lease.markLost(reason);
        if (current == lease) {
            current = null;
        }
        loseHoldsOf(lease);
    }

    /**
     * Tracks a hold until it is released, so that a lost session marks it lost at once.
     *
     * @throws RejectedExecutionException if this session keeper is closed
     */
    void track(RemoteHold hold) {
        if (keepAliveThread.isShutdown()) {
            throw new RejectedExecutionException("the session of node " + nodeId + " is closed");
        }
        holds.add(hold);
        hold.onRelease(() -> holds.remove(hold));
    }

    /**
     * Stops the keep-alives. A session that holds nothing is closed on the master at once (best effort); locks
     * still held end with the session's TTL unless released first.
     */
    @Override
    public void close() {
        keepAliveThread.shutdownNow();
        SessionLease lease;
        synchronized (this) {
            lease = current;
            current = null;
        }
        if (lease != null && holds.isEmpty() && !lease.isLost()) {
            try {
                grants.closeSession(lease);
            } catch (RuntimeException e) {
                log.debug("Could not close {}; it ends with its TTL: {}", lease, e.toString());
            }
        }
    }

    private void keepAlive() {
        SessionLease lease = current;
        if (lease == null) {
            return;
        }
        if (lease.isLost()) {
            lost(lease, lease.lossReason());
            return;
        }
        long startedNanos = System.nanoTime();
        try {
            long forceRemovals = grants.keepAlive(lease);
            if (forceRemovals < 0) {
                lost(lease, "the master ended it (TTL run out, closed or force-expired)");
                log.warn("{}: every lock of node {} is lost", lease.lossReason(), nodeId);
            } else if (lease.confirmed(startedNanos, forceRemovals)) {
                checkHoldsOf(lease);
            }
        } catch (RuntimeException e) { // transport failure, or anything else: a periodic task must not die
            if (lease.isLost()) {
                lost(lease, lease.lossReason());
                log.warn("{} while keep-alives failed ({}): every lock of node {} is lost", lease.lossReason(),
                        e.toString(), nodeId);
            } else {
                log.warn("Keep-alive of {} failed, retrying while its TTL lasts: {}", lease, e.toString());
            }
        }
    }

    /** Asks the master about each hold of the session, after it reported force-removed locks. */
    private void checkHoldsOf(SessionLease lease) {
        for (RemoteHold hold : holds) {
            if (hold.session() == lease && !hold.isLost() && !grants.renew(hold)) {
                hold.markLost("the master no longer held it (lock force-removed)");
                log.warn("Lock {} lost: {}", hold.id(), hold.lossReason());
            }
        }
    }

    private void loseHoldsOf(SessionLease lease) {
        for (RemoteHold hold : holds) {
            if (hold.session() == lease) {
                hold.loseWithSession();
            }
        }
    }
}
