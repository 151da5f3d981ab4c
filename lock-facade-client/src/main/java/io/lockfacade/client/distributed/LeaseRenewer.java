package io.lockfacade.client.distributed;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Renews the leases of the grants a {@link DistributeLock} holds, on one daemon thread named
 * {@code lock-facade-renewal-<nodeId>}.
 *
 * <ul>
 *   <li>The master answers {@code false}: the grant is lost at once (expired or force-removed).</li>
 *   <li>The master cannot be reached: renewal keeps trying on schedule until the lease, counted from the last
 *       confirmed renewal, has run out; then the grant is lost.</li>
 * </ul>
 * A lost or released grant is no longer renewed.
 */
final class LeaseRenewer implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(LeaseRenewer.class);

    private final RemoteGrants grants;
    private final long renewIntervalNanos;
    private final ScheduledThreadPoolExecutor scheduler;

    LeaseRenewer(RemoteGrants grants, String nodeId, Duration renewInterval) {
        this.grants = grants;
        this.renewIntervalNanos = renewInterval.toNanos();
        this.scheduler = new ScheduledThreadPoolExecutor(1, task -> {
            Thread thread = new Thread(task, "lock-facade-renewal-" + nodeId);
            thread.setDaemon(true);
            return thread;
        });
        scheduler.setRemoveOnCancelPolicy(true);
        scheduler.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
    }

    /**
     * Starts renewing {@code hold} every renewal interval, or more often if the master granted a shorter lease.
     *
     * @throws java.util.concurrent.RejectedExecutionException if this renewer is closed
     */
    void start(RemoteHold hold) {
        long grantedInterval = TimeUnit.MILLISECONDS.toNanos(hold.leaseMillis())
                / DistributeLockSettings.RENEWALS_PER_LEASE;
        long interval = Math.max(1, Math.min(renewIntervalNanos, grantedInterval));
        hold.attachRenewal(scheduler.scheduleWithFixedDelay(() -> renew(hold), interval, interval,
                TimeUnit.NANOSECONDS));
    }

    /** Stops all renewals; grants still held then expire with their lease unless released. */
    @Override
    public void close() {
        scheduler.shutdownNow();
    }

    private void renew(RemoteHold hold) {
        if (hold.isLost()) {
            hold.stopRenewal();
            return;
        }
        long startedNanos = System.nanoTime();
        try {
            if (grants.renew(hold)) {
                hold.renewed(startedNanos);
            } else {
                hold.markLost("the master no longer held it at renewal (lease expired or lock force-removed)");
                log.warn("Lock {} lost: {}", hold.id(), hold.lossReason());
                hold.stopRenewal();
            }
        } catch (RuntimeException e) { // transport failure, or anything else: a periodic task must not die
            if (hold.leaseRanOut(System.nanoTime())) {
                hold.markLost("its lease ran out while renewals failed: " + e.getMessage());
                log.warn("Lock {} lost: {}", hold.id(), hold.lossReason());
                hold.stopRenewal();
            } else {
                log.warn("Renewal of lock {} failed, retrying while the lease lasts: {}", hold.id(), e.toString());
            }
        }
    }
}
