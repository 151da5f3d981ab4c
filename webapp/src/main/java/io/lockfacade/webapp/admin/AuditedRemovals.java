package io.lockfacade.webapp.admin;

import io.lockfacade.server.admin.LockRemoval;
import io.lockfacade.server.admin.RemovalResult;
import io.lockfacade.server.table.LockInfo;
import io.lockfacade.server.table.LockKey;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * Force-removals on behalf of an admin, each logged at INFO with who asked (admin user, peer address) and what was
 * held (type, key, owner, fencing token, acquisition time, waiters), and who holds the lock afterwards. Requests
 * that removed nothing are logged too, saying why. Logged values are quoted with control characters replaced.
 */
public final class AuditedRemovals {

    private static final Logger LOG = LoggerFactory.getLogger(AuditedRemovals.class);

    private final LockRemoval removal;

    /** @param removal the table's removal operations */
    public AuditedRemovals(LockRemoval removal) {
        this.removal = Objects.requireNonNull(removal, "removal");
    }

    /**
     * Removes one lock; see {@link LockRemoval#remove}.
     *
     * @param who           the admin asking
     * @param key           the lock
     * @param expectedToken the fencing token the admin saw, or empty to remove any grant
     * @return what happened
     */
    public RemovalResult removeOne(Requester who, LockKey key, OptionalLong expectedToken) {
        RemovalResult result = removal.remove(key, expectedToken);
        switch (result.outcome()) {
            case REMOVED -> LOG.info("admin removal: {} removed {}; {}", who, held(result.removed()),
                    result.current() == null ? "the lock is free"
                            : "handed to waiter " + LogText.quote(result.current().owner()) + " with token "
                            + result.current().fencingToken());
            case NOT_HELD -> LOG.info("admin removal: {} asked to remove type={} key={}: not held (already released);"
                    + " nothing removed", who, LogText.quote(key.lockType()), LogText.quote(key.key()));
            case CHANGED_HANDS -> LOG.info("admin removal: {} asked to remove type={} key={} token={}: now held by {}"
                            + " with token {}; nothing removed", who, LogText.quote(key.lockType()),
                    LogText.quote(key.key()), expectedToken.orElse(0), LogText.quote(result.current().owner()),
                    result.current().fencingToken());
        }
        return result;
    }

    /**
     * Removes every lock of a type; see {@link LockRemoval#removeAllOfType}. Logs one line per lock and a summary.
     *
     * @return what was held, by key
     */
    public List<LockInfo> removeAllOfType(Requester who, String lockType) {
        List<LockInfo> removed = removal.removeAllOfType(lockType);
        for (LockInfo lock : removed) {
            LOG.info("admin removal: {} removed {} (remove all of type)", who, held(lock));
        }
        LOG.info("admin removal: {} removed all {} lock(s) of type={}", who, removed.size(), LogText.quote(lockType));
        return removed;
    }

    private static String held(LockInfo lock) {
        return "type=" + LogText.quote(lock.lockType()) + " key=" + LogText.quote(lock.key()) + " owner="
                + LogText.quote(lock.owner()) + " token=" + lock.fencingToken() + " acquiredAt="
                + AdminFormats.iso(lock.acquiredAtEpochMillis()) + " waiters=" + lock.waiters();
    }
}
