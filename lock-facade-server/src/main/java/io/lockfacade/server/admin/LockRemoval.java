package io.lockfacade.server.admin;

import io.lockfacade.server.table.LockInfo;
import io.lockfacade.server.table.LockKey;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The operator's force-removals: one lock, or every lock of a type, whoever holds them.
 *
 * <p>Removing a lock ends its current grant at once. If calls are parked on it, the oldest one that has not given
 * up gets the lock with a new fencing token, in the same step on the single master (on a master group, in the
 * leader's next log entry); otherwise the lock is free. The former holder is
 * not told now: its next {@code renew} or {@code unlock} returns {@code false}, which the Java client reports as
 * {@code LockLostException}. Removal never changes the fencing counter except through that hand-over.
 *
 * <p>A caller that shows a row to an operator passes the row's fencing token, so that a lock which changed hands
 * since the page was drawn is not removed from under its new holder; the table checks the token and removes the
 * lock in one step.
 */
public final class LockRemoval {

    private final AdminLocks table;

    /** @param table the master's lock table */
    public LockRemoval(AdminLocks table) {
        this.table = Objects.requireNonNull(table, "table");
    }

    /**
     * Removes one lock.
     *
     * <p>With an expected token, a lock now held under another token is left alone and reported as
     * {@link RemovalResult.Outcome#CHANGED_HANDS}.
     *
     * @param key           the lock's type and key
     * @param expectedToken the fencing token the operator saw, or empty to remove whatever grant is current
     * @return what happened, with what was held and who holds the lock now
     */
    public RemovalResult remove(LockKey key, OptionalLong expectedToken) {
        Objects.requireNonNull(key, "key");
        Optional<LockInfo> removed = table.forceRemove(key, expectedToken);
        if (removed.isPresent()) {
            return RemovalResult.removed(key, removed.get(), table.describe(key).orElse(null));
        }
        Optional<LockInfo> current = table.describe(key);
        return current.isPresent() ? RemovalResult.changedHands(key, current.get()) : RemovalResult.notHeld(key);
    }

    /**
     * Removes every lock of one type held when the call starts. Each is removed as by {@link #remove}: a lock with
     * parked callers goes to the oldest of them, so the type need not be empty afterwards.
     *
     * @param lockType the exact lock type
     * @return what was held, one entry per lock removed, by key
     */
    public List<LockInfo> removeAllOfType(String lockType) {
        Objects.requireNonNull(lockType, "lockType");
        List<LockKey> keys = new ArrayList<>();
        table.forEachKey(key -> {
            if (key.lockType().equals(lockType)) {
                keys.add(key);
            }
        });
        List<LockInfo> removed = new ArrayList<>(table.forceRemoveAll(keys));
        removed.sort(Comparator.comparing(LockInfo::key));
        return removed;
    }
}
