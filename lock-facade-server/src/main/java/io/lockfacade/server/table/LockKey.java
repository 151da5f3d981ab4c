package io.lockfacade.server.table;

import io.lockfacade.api.LockArguments;

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
     * order, so that which waiter gets which fencing token never depends on a hash table's layout. Written out
     * rather than composed from key extractors: ending a session sorts its keys, and the table's canonical type
     * names compare by identity first.
     */
    public static final Comparator<LockKey> ORDER = (a, b) -> {
        int byType = a.lockType == b.lockType ? 0 : a.lockType.compareTo(b.lockType);
        return byType != 0 ? byType : a.key.compareTo(b.key);
    };

    /**
     * @return the address of a lock a caller named
     * @throws IllegalArgumentException naming the argument, if the type or the key breaks the naming rules
     */
    public static LockKey checked(String lockType, String key) {
        return new LockKey(LockArguments.requireName("lockType", lockType), LockArguments.requireName("key", key));
    }

    @Override
    public String toString() {
        return lockType + "/" + key;
    }
}
