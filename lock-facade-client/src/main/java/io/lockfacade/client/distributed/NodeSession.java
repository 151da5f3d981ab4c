package io.lockfacade.client.distributed;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

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
final class NodeSession implements NodeSessionView, AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(NodeSession.class);

    private final RemoteGrants grants;
    private final String nodeId;
    private final long ttlMillis;
    private final LongSupplier nanoClock;
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
        this(grants, nodeId, ttl, keepAliveInterval, System::nanoTime);
    }

    /**
     * @param nanoClock the node's clock (as {@link System#nanoTime()}), which measures the TTL on the client's side
     * @see #NodeSession(RemoteGrants, String, Duration, Duration)
     */
    NodeSession(RemoteGrants grants, String nodeId, Duration ttl, Duration keepAliveInterval, LongSupplier nanoClock) {
        this.grants = grants;
        this.nanoClock = nanoClock;
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
        keepAliveThread.scheduleWithFixedDelay(this::keepAliveOnce, interval, interval, TimeUnit.NANOSECONDS);
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
        if (current != null && current.isLost()) {
            // Found lost by an acquisition, before the keep-alive thread saw it (that thread was held up a TTL).
            log.warn("{}: every lock of node {} under {} is lost; opening a new session", current.lossReason(),
                    nodeId, current);
            loseHoldsOf(current);
        }
        if (current == null || current.isLost()) {
            String id = nodeId + "/" + UUID.randomUUID();
            long startedNanos = nanoClock.getAsLong();
            current = new SessionLease(id, grants.openSession(id, ttlMillis), startedNanos, nanoClock);
        }
        return current;
    }

    @Override
    public String nodeId() {
        return nodeId;
    }

    @Override
    public String liveSessionId() {
        return current().id();
    }

    @Override
    public Optional<Confirmed> confirmed(String sessionId) {
        SessionLease live = current;
        if (live == null || !live.id().equals(sessionId) || live.isLost() || keepAliveThread.isShutdown()) {
            return Optional.empty();
        }
        return Optional.of(new Confirmed(live.deadlineNanos(), live.ttlMillis()));
    }

    @Override
    public void ended(String sessionId, String reason) {
        SessionLease live = current;
        if (live != null && live.id().equals(sessionId)) {
            lost(live, "the master ended it: " + reason);
        }
    }

    @Override
    public long nanoTime() {
        return nanoClock.getAsLong();
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

    /** @return the node's clock, which every session lease and hold of this node is measured on */
    LongSupplier nanoClock() {
        return nanoClock;
    }

    /**
     * One keep-alive of the current session (the keep-alive thread calls it every interval): asks the master,
     * lets the lease decide what the answer or failure means at this instant, and applies the outcome.
     */
    void keepAliveOnce() {
        SessionLease lease = current;
        if (lease == null) {
            return;
        }
        long startedNanos = nanoClock.getAsLong();
        if (lease.isLostAt(startedNanos)) {
            lost(lease, lease.lossReasonAt(startedNanos));
            return;
        }
        SessionLease.KeepAliveOutcome outcome;
        RuntimeException failure = null;
        try {
            outcome = lease.answered(startedNanos, nanoClock.getAsLong(), grants.keepAlive(lease));
        } catch (RuntimeException e) { // transport failure, or anything else: a periodic task must not die
            failure = e;
            outcome = lease.failed(nanoClock.getAsLong());
        }
        switch (outcome) {
            case CONFIRMED -> { }
            case CONFIRMED_SOME_LOCKS_REMOVED -> checkHoldsOf(lease);
            case RETRY -> log.warn("Keep-alive of {} failed, retrying while its TTL lasts: {}", lease,
                    String.valueOf(failure));
            case LOST -> {
                String reason = lease.lossReasonAt(nanoClock.getAsLong());
                lost(lease, reason);
                log.warn("{}{}: every lock of node {} is lost", reason,
                        failure == null ? "" : " while keep-alives failed (" + failure + ")", nodeId);
            }
            default -> throw new IllegalStateException("unknown keep-alive outcome " + outcome);
        }
    }

    /**
     * Asks the master about each hold of the session, after it reported force-removed locks. A transport failure
     * ends the check (logged): the keep-alive thread must go on, and the session's TTL still bounds every hold.
     */
    private void checkHoldsOf(SessionLease lease) {
        try {
            for (RemoteHold hold : holds) {
                if (hold.session() == lease && !hold.isLost() && !grants.renew(hold)) {
                    hold.markLost("the master no longer held it (lock force-removed)");
                    log.warn("Lock {} lost: {}", hold.id(), hold.lossReason());
                }
            }
        } catch (RuntimeException e) {
            log.warn("Could not check the holds of {} after the master reported force-removed locks: {}", lease,
                    e.toString());
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
