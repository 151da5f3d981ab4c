package io.lockfacade.client.distributed;

import io.lockfacade.api.LockArguments;
import io.lockfacade.api.LockLimits;
import io.lockfacade.client.deadlock.DeadlockDetection;

import java.time.Duration;
import java.util.Objects;
import java.util.UUID;

/**
 * How a {@link DistributeLock} uses its master. Immutable; start from {@link #defaults()} and change what you
 * need with the {@code with...} methods.
 *
 * @param nodeId           names this client in every owner it sends; must differ between nodes sharing a master
 *                         (two nodes with one id would take each other's grants). Default: {@code node-} and 16
 *                         random hex digits
 * @param lease            the TTL of the node's session, which every grant lives under (default 30 s); a node
 *                         that stops its keep-alives loses its locks this long after the last confirmed one
 * @param renewInterval    time between two keep-alives of the session (default a third of the lease)
 * @param maxLocalHandoffs how many times in a row a grant passes between threads of this node before the node
 *                         asks the master, in the background, whether another node waits for it, and yields it
 *                         if one does (default {@value #DEFAULT_MAX_LOCAL_HANDOFFS}; 0 disables hand-off)
 * @param remoteWaitCap    longest wait asked for in one {@code tryLock} call (default 10 s, the master's own
 *                         cap); keep it below the transport's read timeout
 * @param fairLocalLock    whether the threads of this node take a lock first come, first served (default
 *                         {@code true}). {@code false} lets a thread that just released the lock, or arrives
 *                         at the moment it is free, take it ahead of threads already waiting, as a non-fair
 *                         {@link java.util.concurrent.locks.ReentrantLock} does: much higher throughput on a lock
 *                         contended inside one node, but a waiting thread may be passed over again and again.
 *                         Between nodes the master stays first come, first served either way
 * @param deadlockDetection whether a wait is checked for a deadlock once it has lasted the check delay (default
 *                         {@link DeadlockDetection#DEFAULT}: on, 1 s). Cycles of local waits among this node's
 *                         threads are found by the node itself
 */
public record DistributeLockSettings(String nodeId, Duration lease, Duration renewInterval, int maxLocalHandoffs,
                                     Duration remoteWaitCap, boolean fairLocalLock,
                                     DeadlockDetection deadlockDetection) {

    /** Default lease a client asks for. */
    public static final Duration DEFAULT_LEASE = Duration.ofSeconds(30);

    /** A grant is renewed this many times per lease, so two renewals may fail before it is lost. */
    public static final int RENEWALS_PER_LEASE = 3;

    /**
     * Default number of consecutive hand-offs between threads of one node; each run ends with one
     * {@code yieldToWaiters} call. A node waiting on the master waits for at most this many local holders.
     * Measured with 16 threads on one key when each run ended with a release and a re-take: 32 gave 2.55x the
     * throughput of 8 in one JVM, while two JVMs still shared the lock evenly (the smaller share 49.7 %).
     */
    public static final int DEFAULT_MAX_LOCAL_HANDOFFS = 32;

    /** Local threads are served first come, first served unless told otherwise. */
    public static final boolean DEFAULT_FAIR_LOCAL_LOCK = true;

    /** Longest node id, so that the thread part of an owner keeps room within the contract's limit. */
    public static final int MAX_NODE_ID_LENGTH = 64;

    private static final int RANDOM_NODE_ID_HEX_DIGITS = 16;

    /** Checks every component; see the record description for the rules. */
    public DistributeLockSettings {
        LockArguments.requireName("nodeId", nodeId);
        if (nodeId.length() > MAX_NODE_ID_LENGTH) {
            throw new IllegalArgumentException("nodeId must be at most " + MAX_NODE_ID_LENGTH + " characters, was "
                    + nodeId.length());
        }
        Objects.requireNonNull(lease, "lease");
        Objects.requireNonNull(renewInterval, "renewInterval");
        Objects.requireNonNull(remoteWaitCap, "remoteWaitCap");
        Objects.requireNonNull(deadlockDetection, "deadlockDetection");
        if (lease.compareTo(LockLimits.MIN_LEASE) < 0 || lease.compareTo(LockLimits.MAX_LEASE) > 0) {
            throw new IllegalArgumentException("lease must be between " + LockLimits.MIN_LEASE + " and "
                    + LockLimits.MAX_LEASE + ", was " + lease);
        }
        if (renewInterval.isNegative() || renewInterval.isZero() || renewInterval.compareTo(lease) >= 0) {
            throw new IllegalArgumentException("renewInterval must be positive and shorter than the lease ("
                    + lease + "), was " + renewInterval);
        }
        if (maxLocalHandoffs < 0) {
            throw new IllegalArgumentException("maxLocalHandoffs must not be negative, was " + maxLocalHandoffs);
        }
        if (remoteWaitCap.isNegative() || remoteWaitCap.isZero() || remoteWaitCap.compareTo(LockLimits.MAX_WAIT) > 0) {
            throw new IllegalArgumentException("remoteWaitCap must be positive and at most " + LockLimits.MAX_WAIT
                    + ", was " + remoteWaitCap);
        }
    }

    /** @return the defaults, with a fresh random node id */
    public static DistributeLockSettings defaults() {
        return new DistributeLockSettings(randomNodeId(), DEFAULT_LEASE, DEFAULT_LEASE.dividedBy(RENEWALS_PER_LEASE),
                DEFAULT_MAX_LOCAL_HANDOFFS, LockLimits.DEFAULT_WAIT_CAP, DEFAULT_FAIR_LOCAL_LOCK,
                DeadlockDetection.DEFAULT);
    }

    /** @return a node id of {@code node-} and 16 random hex digits */
    public static String randomNodeId() {
        return "node-" + UUID.randomUUID().toString().replace("-", "").substring(0, RANDOM_NODE_ID_HEX_DIGITS);
    }

    /** @return these settings with another node id */
    public DistributeLockSettings withNodeId(String newNodeId) {
        return new DistributeLockSettings(newNodeId, lease, renewInterval, maxLocalHandoffs,
                remoteWaitCap, fairLocalLock, deadlockDetection);
    }

    /** @return these settings with another lease, renewed {@link #RENEWALS_PER_LEASE} times per lease */
    public DistributeLockSettings withLease(Duration newLease) {
        Objects.requireNonNull(newLease, "lease");
        return new DistributeLockSettings(nodeId, newLease, newLease.dividedBy(RENEWALS_PER_LEASE), maxLocalHandoffs,
                remoteWaitCap, fairLocalLock, deadlockDetection);
    }

    /** @return these settings with another renewal interval (call after {@link #withLease}) */
    public DistributeLockSettings withRenewInterval(Duration newRenewInterval) {
        return new DistributeLockSettings(nodeId, lease, newRenewInterval, maxLocalHandoffs,
                remoteWaitCap, fairLocalLock, deadlockDetection);
    }

    /** @return these settings with another bound on consecutive local hand-offs */
    public DistributeLockSettings withMaxLocalHandoffs(int newMaxLocalHandoffs) {
        return new DistributeLockSettings(nodeId, lease, renewInterval, newMaxLocalHandoffs,
                remoteWaitCap, fairLocalLock, deadlockDetection);
    }

    /** @return these settings with another cap on one remote call's wait */
    public DistributeLockSettings withRemoteWaitCap(Duration newRemoteWaitCap) {
        return new DistributeLockSettings(nodeId, lease, renewInterval, maxLocalHandoffs,
                newRemoteWaitCap, fairLocalLock, deadlockDetection);
    }

    /** @return these settings with local threads served first come, first served ({@code true}) or not */
    public DistributeLockSettings withFairLocalLock(boolean newFairLocalLock) {
        return new DistributeLockSettings(nodeId, lease, renewInterval, maxLocalHandoffs, remoteWaitCap,
                newFairLocalLock, deadlockDetection);
    }

    /** @return these settings with deadlock detection on or off, or another check delay */
    public DistributeLockSettings withDeadlockDetection(DeadlockDetection newDeadlockDetection) {
        return new DistributeLockSettings(nodeId, lease, renewInterval, maxLocalHandoffs, remoteWaitCap,
                fairLocalLock, newDeadlockDetection);
    }
}
