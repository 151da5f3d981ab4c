package io.lockfacade.server.table;

import java.util.concurrent.ConcurrentHashMap;

/**
 * Counts held locks per lock type, so {@code isLockTypeEmpty} answers without scanning. Types with no held lock
 * are dropped, so the map stays as small as the set of live types.
 */
final class LiveTypeCounter {

    private final ConcurrentHashMap<String, Integer> counts = new ConcurrentHashMap<>();

    void increment(String lockType) {
        counts.merge(lockType, 1, Integer::sum);
    }

    void decrement(String lockType) {
        counts.computeIfPresent(lockType, (type, count) -> count == 1 ? null : count - 1);
    }

    boolean isEmpty(String lockType) {
        return !counts.containsKey(lockType);
    }
}
