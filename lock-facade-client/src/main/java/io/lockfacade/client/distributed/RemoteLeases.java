package io.lockfacade.client.distributed;

import io.lockfacade.api.LockGrant;
import io.lockfacade.api.LockLimits;
import io.lockfacade.client.LeasedLock;
import io.lockfacade.client.transport.RemoteMemoryLockService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Leased locks of one node: each a plain {@code tryLock} with a lease of its own and an owner of its own
 * ({@code nodeId:lease#N}), outside the node's session, so nothing renews it but its holder.
 */
final class RemoteLeases {

    private static final Logger log = LoggerFactory.getLogger(RemoteLeases.class);
    private static final String OWNER_INFIX = ":lease#";

    private final RemoteMemoryLockService master;
    private final String nodeId;
    private final AtomicLong leases = new AtomicLong();

    RemoteLeases(RemoteMemoryLockService master, String nodeId) {
        this.master = master;
        this.nodeId = nodeId;
    }

    /** @see io.lockfacade.client.LeasedLocks#tryLease */
    Optional<LeasedLock> tryLease(LockId id, Duration lease) {
        long leaseMillis = requireLease(lease);
        String owner = nodeId + OWNER_INFIX + leases.incrementAndGet();
        LockGrant grant;
        try {
            grant = master.tryLock(id.lockType(), id.key(), owner, leaseMillis, 0);
        } catch (IllegalArgumentException e) {
            throw e; // refused before anything changed on the master
        } catch (RuntimeException e) {
            releaseQuietly(id, owner); // the master may have granted before the reply was lost
            throw e;
        }
        return grant == null ? Optional.empty() : Optional.of(new Lease(id, owner, grant.getFencingToken()));
    }

    private static long requireLease(Duration lease) {
        Objects.requireNonNull(lease, "lease");
        if (lease.compareTo(LockLimits.MIN_LEASE) < 0 || lease.compareTo(LockLimits.MAX_LEASE) > 0) {
            throw new IllegalArgumentException("lease must be between " + LockLimits.MIN_LEASE + " and "
                    + LockLimits.MAX_LEASE + ", was " + lease);
        }
        return lease.toMillis();
    }

    private void releaseQuietly(LockId id, String owner) {
        try {
            master.unlock(id.lockType(), id.key(), owner);
        } catch (RuntimeException e) {
            log.warn("Could not release lease {} of {} on {}; its lease frees it: {}", id, owner, master.master(),
                    e.toString());
        }
    }

    /** One lease on the master. */
    private final class Lease implements LeasedLock {

        private final LockId id;
        private final String owner;
        private final long fencingToken;

        Lease(LockId id, String owner, long fencingToken) {
            this.id = id;
            this.owner = owner;
            this.fencingToken = fencingToken;
        }

        @Override
        public String lockType() {
            return id.lockType();
        }

        @Override
        public String key() {
            return id.key();
        }

        @Override
        public long fencingToken() {
            return fencingToken;
        }

        @Override
        public boolean extend(Duration lease) {
            return master.renew(id.lockType(), id.key(), owner, requireLease(lease));
        }

        @Override
        public boolean release() {
            return master.unlock(id.lockType(), id.key(), owner);
        }

        @Override
        public String toString() {
            return "LeasedLock[" + id + " owner=" + owner + " token=" + fencingToken + "]";
        }
    }
}
