package io.lockfacade.server.table;

import java.util.Comparator;

/**
 * The address of one lock: its type and its key within the type.
 *
 * @param lockType the lock type
 * @param key      the key within the type
 */
public record LockKey(String lockType, String key) {

    /**
     * The canonical order of locks, by type then key: a transition that visits many locks visits them in this
     * order, so that which waiter gets which fencing token never depends on a hash table's layout.
     */
    public static final Comparator<LockKey> ORDER = Comparator.comparing(LockKey::lockType)
            .thenComparing(LockKey::key);

    @Override
    public String toString() {
        return lockType + "/" + key;
    }
}
