package io.lockfacade.webapp.admin;

import io.lockfacade.server.service.PrimitiveOperations;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Objects;
import java.util.function.Supplier;

/**
 * An admin's actions on read-write locks, semaphores and leaderships (force-release, revoke, set a capacity), each
 * logged at INFO like a lock removal: who asked (admin user, peer address), what was named, and what changed. A
 * request that changed nothing is logged too. A bad argument is answered 400 and changes nothing.
 */
public final class AuditedPrimitiveActions {

    private static final Logger LOG = LoggerFactory.getLogger(AuditedPrimitiveActions.class);

    private final PrimitiveOperations operations;

    /** @param operations the master's own actions (through the log on a group) */
    public AuditedPrimitiveActions(PrimitiveOperations operations) {
        this.operations = Objects.requireNonNull(operations, "operations");
    }

    /** @return the message for the page; see {@link PrimitiveOperations#forceReleaseReadWrite} */
    public Notice releaseReadWrite(Requester who, String lockType, String key, long token) {
        boolean released = checked(() -> operations.forceReleaseReadWrite(lockType, key, token));
        return logged(who, released, "force-released read-write lock " + named(lockType, key, token));
    }

    /** @return the message for the page; see {@link PrimitiveOperations#forceReleasePermits} */
    public Notice releasePermits(Requester who, String lockType, String key, long token) {
        boolean released = checked(() -> operations.forceReleasePermits(lockType, key, token));
        return logged(who, released, "force-released permits of semaphore " + named(lockType, key, token));
    }

    /** @return the message for the page; see {@link PrimitiveOperations#revokeLeadership} */
    public Notice revoke(Requester who, String name, long epoch) {
        boolean revoked = checked(() -> operations.revokeLeadership(name, epoch));
        return logged(who, revoked, "revoked the leader of leadership name=" + LogText.quote(name) + " epoch="
                + epoch);
    }

    /** @return the message for the page; see {@link PrimitiveOperations#setCapacity} */
    public Notice setCapacity(Requester who, String lockType, String key, int capacity) {
        checked(() -> {
            operations.setCapacity(lockType, key, capacity);
            return true;
        });
        return logged(who, true, "set the capacity of semaphore type=" + LogText.quote(lockType) + " key="
                + LogText.quote(key) + " to " + capacity);
    }

    private static Notice logged(Requester who, boolean changed, String action) {
        if (changed) {
            LOG.info("admin primitive action: {} {}", who, action);
            return Notice.success("Done: " + action + ".");
        }
        LOG.info("admin primitive action: {} asked: {}: not held (already released or changed hands); nothing"
                + " changed", who, action);
        return Notice.warning("Nothing changed: " + action + " found no such grant (already released or changed"
                + " hands).");
    }

    private static boolean checked(Supplier<Boolean> action) {
        try {
            return action.get();
        } catch (IllegalArgumentException e) {
            throw AdminRequestException.badRequest(e.getMessage());
        }
    }

    private static String named(String lockType, String key, long token) {
        return "type=" + LogText.quote(lockType) + " key=" + LogText.quote(key) + " token=" + token;
    }
}
