package io.lockfacade.shedlock;

import io.lockfacade.api.LockLimits;
import io.lockfacade.client.LeasedLock;
import net.javacrumbs.shedlock.core.LockConfiguration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.concurrent.Future;

/**
 * A task's hold on its lock, from {@code lock} to {@code unlock}, across extensions: the lease on the master,
 * when {@code lockAtLeastFor} ends (on this JVM's monotonic clock) and the watch for an overrun of
 * {@code lockAtMostFor}. Its state changes under its monitor; calls to the master are made outside it.
 */
final class ShedLockHold {

    private static final Logger log = LoggerFactory.getLogger(ShedLockHold.class);

    private final LeasedLock lease;
    private final String name;
    private final LeaseOverrunWatch watch;
    private long lockAtLeastUntilNanos;
    private volatile Duration lockAtMostFor;
    private Future<?> overrunCheck;
    private boolean ended;

    ShedLockHold(LeasedLock lease, LockConfiguration configuration, LeaseOverrunWatch watch) {
        this.lease = lease;
        this.name = configuration.getName();
        this.watch = watch;
        start(configuration);
    }

    String name() {
        return name;
    }

    long fencingToken() {
        return lease.fencingToken();
    }

    /**
     * Ends the hold: frees the lock, or cuts its lease to what is left of {@code lockAtLeastFor}.
     *
     * @return {@code false} if the lock was no longer held (the task ran past {@code lockAtMostFor}, or the master
     *         lost it)
     */
    boolean unlock() {
        long leftNanos;
        synchronized (this) {
            end();
            leftNanos = lockAtLeastUntilNanos - System.nanoTime();
        }
        boolean held = leftNanos > 0 ? lease.extend(atLeastMinLease(Duration.ofNanos(leftNanos))) : lease.release();
        if (!held) {
            log.warn("ShedLock lock '{}' (token {}) was no longer held when the task ended: its lockAtMostFor ({}) "
                    + "ran out, or the master lost it (a single master's restart, an operator's removal); another "
                    + "node may have run the task meanwhile", name, fencingToken(), lockAtMostFor);
        }
        return held;
    }

    /**
     * Sets the lease to the new configuration's {@code lockAtMostFor} from now and its {@code lockAtLeastFor}.
     *
     * @return {@code false} if the lease had run out: the hold is over
     */
    boolean extend(LockConfiguration configuration) {
        synchronized (this) {
            cancelOverrunCheck();
        }
        if (!lease.extend(configuration.getLockAtMostFor())) {
            synchronized (this) {
                end();
            }
            log.warn("ShedLock lock '{}' (token {}) could not be extended: its lease had run out", name,
                    fencingToken());
            return false;
        }
        synchronized (this) {
            start(configuration);
        }
        return true;
    }

    /** Called when {@code lockAtMostFor} has passed: a hold not yet ended means a task still running. */
    synchronized boolean reportOverrun() {
        if (ended) {
            return false;
        }
        log.warn("ShedLock task '{}' (token {}) is still running after lockAtMostFor ({}): its lock is now free "
                + "for other nodes; writes fenced with the token are refused once another node takes it", name,
                fencingToken(), lockAtMostFor);
        return true;
    }

    private void start(LockConfiguration configuration) {
        long now = System.nanoTime();
        lockAtMostFor = configuration.getLockAtMostFor();
        lockAtLeastUntilNanos = now + configuration.getLockAtLeastFor().toNanos();
        overrunCheck = watch.check(this, lockAtMostFor);
    }

    private void end() {
        ended = true;
        cancelOverrunCheck();
    }

    private void cancelOverrunCheck() {
        if (overrunCheck != null) {
            overrunCheck.cancel(false);
            overrunCheck = null;
        }
    }

    private static Duration atLeastMinLease(Duration left) {
        return left.compareTo(LockLimits.MIN_LEASE) < 0 ? LockLimits.MIN_LEASE : left;
    }

    @Override
    public String toString() {
        return "ShedLockHold[" + name + " " + lease + "]";
    }
}
