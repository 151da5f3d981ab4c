package io.lockfacade.server.table;

/**
 * The address of one lock: its type and its key within the type.
 *
 * @param lockType the lock type
 * @param key      the key within the type
 */
public record LockKey(String lockType, String key) {

    @Override
    public String toString() {
        return lockType + "/" + key;
    }
}
