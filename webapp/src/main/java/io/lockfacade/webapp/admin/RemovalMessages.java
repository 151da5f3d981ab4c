package io.lockfacade.webapp.admin;

import io.lockfacade.server.admin.RemovalResult;
import io.lockfacade.server.table.LockInfo;
import io.lockfacade.server.table.LockKey;

import java.util.List;

/**
 * The sentences the page and the JSON API use to ask about and report removals, written once.
 */
final class RemovalMessages {

    private RemovalMessages() {
    }

    /** @return the question asked before removing one lock */
    static String question(LockInfo lock) {
        return "Remove lock " + name(lock) + " held by " + lock.owner() + " (token " + lock.fencingToken() + ")? "
                + (lock.waiters() > 0 ? "The oldest of its " + lock.waiters() + " waiting client(s) gets it at once."
                : "Nobody waits for it: it becomes free.")
                + " The former holder's next renew or unlock reports the lock as lost.";
    }

    /** @return the question asked before removing every lock of a type */
    static String typeQuestion(String lockType, int count) {
        return "Remove all " + count + " lock(s) of type " + lockType + "? Locks with waiting clients go to their"
                + " oldest waiter at once; every former holder's next renew or unlock reports its lock as lost.";
    }

    /** @return the outcome of a one-lock removal, for the operator */
    static Notice outcome(RemovalResult result) {
        return switch (result.outcome()) {
            case REMOVED -> Notice.success("Removed lock " + name(result.removed()) + " held by "
                    + result.removed().owner() + " (token " + result.removed().fencingToken() + "). "
                    + (result.current() == null ? "It is free now."
                    : "Its oldest waiter, " + result.current().owner() + ", holds it now (token "
                    + result.current().fencingToken() + ")."));
            case NOT_HELD -> Notice.warning("Lock " + name(result.key()) + " was already released"
                    + " (or expired, or was removed): nothing was removed.");
            case CHANGED_HANDS -> Notice.warning("Lock " + name(result.key()) + " changed hands since the page was"
                    + " shown: it is now held by " + result.current().owner() + " (token "
                    + result.current().fencingToken() + "). Nothing was removed; check the row and remove it again"
                    + " if it still must go.");
        };
    }

    /** @return the outcome of removing every lock of a type */
    static Notice typeOutcome(String lockType, List<LockInfo> removed) {
        if (removed.isEmpty()) {
            return Notice.warning("No lock of type " + lockType + " was held any more: nothing was removed.");
        }
        long handedOver = removed.stream().filter(lock -> lock.waiters() > 0).count();
        return Notice.success("Removed " + removed.size() + " lock(s) of type " + lockType + "."
                + (handedOver > 0 ? " " + handedOver + " of them had waiting clients; the oldest waiter of each holds"
                + " it now." : ""));
    }

    /** @return {@code type/key} */
    static String name(LockInfo lock) {
        return name(new LockKey(lock.lockType(), lock.key()));
    }

    /** @return {@code type/key} */
    static String name(LockKey key) {
        return key.lockType() + "/" + key.key();
    }
}
