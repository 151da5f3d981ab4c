package io.lockfacade.server.admin;

import io.lockfacade.server.service.LiveTable;
import io.lockfacade.server.table.LockInfo;
import io.lockfacade.server.table.LockKey;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Consumer;

/**
 * The held locks as {@link LockListing} and {@link LockRemoval} need them: visit the keys, picture some locks,
 * force-remove one. The single master's {@link LiveTable} is one ({@link #of}); a master-group leader's replicated
 * table is another, whose removals go through the Raft log.
 */
public interface AdminLocks {

    /** Visits the key of every held lock; weakly consistent. */
    void forEachKey(Consumer<LockKey> visitor);

    /** @return a consistent picture of one lock, or empty if it is not held */
    Optional<LockInfo> describe(LockKey key);

    /**
     * Pictures of the locks at these keys that are still held, in no particular order. Implementations whose
     * single-key read is costly read once for all of them.
     *
     * @return one picture per key still held
     */
    default List<LockInfo> describeAll(Collection<LockKey> keys) {
        List<LockInfo> pictures = new ArrayList<>(keys.size());
        for (LockKey key : keys) {
            describe(key).ifPresent(pictures::add);
        }
        return pictures;
    }

    /**
     * Removes a lock if it is still held under the grant an operator saw; check and removal are one step.
     *
     * @param expectedToken the fencing token of the grant to remove, or empty for whatever grant is current
     * @return what was held and removed, or empty if the lock was not held or is held under another token
     */
    Optional<LockInfo> forceRemove(LockKey key, OptionalLong expectedToken);

    /**
     * Removes whatever grant holds each of these locks, one after the other, as by {@link #forceRemove} with no
     * expected token. Implementations whose single-key read is costly read once for all of them.
     *
     * @return what was held and removed, one picture per lock removed, in no particular order
     */
    default List<LockInfo> forceRemoveAll(Collection<LockKey> keys) {
        List<LockInfo> removed = new ArrayList<>(keys.size());
        for (LockKey key : keys) {
            forceRemove(key, OptionalLong.empty()).ifPresent(removed::add);
        }
        return removed;
    }

    /** @return the single master's live table seen as admin locks */
    static AdminLocks of(LiveTable table) {
        return new AdminLocks() {
            @Override
            public void forEachKey(Consumer<LockKey> visitor) {
                table.forEachKey(visitor);
            }

            @Override
            public Optional<LockInfo> describe(LockKey key) {
                return table.describe(key);
            }

            @Override
            public Optional<LockInfo> forceRemove(LockKey key, OptionalLong expectedToken) {
                return table.forceRemove(key, expectedToken);
            }
        };
    }
}
