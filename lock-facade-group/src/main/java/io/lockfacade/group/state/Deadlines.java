package io.lockfacade.group.state;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Things that end at a time (epoch millis, leader time), ordered by it: finding those due is O(log n + due).
 *
 * @param <T> what ends
 */
final class Deadlines<T> {

    private final TreeMap<Long, Set<T>> byTime = new TreeMap<>();

    void add(long at, T item) {
        byTime.computeIfAbsent(at, time -> new LinkedHashSet<>()).add(item);
    }

    void remove(long at, T item) {
        Set<T> items = byTime.get(at);
        if (items != null && items.remove(item) && items.isEmpty()) {
            byTime.remove(at);
        }
    }

    void move(long from, long to, T item) {
        if (from != to) {
            remove(from, item);
            add(to, item);
        }
    }

    boolean anyDue(long now) {
        return !byTime.isEmpty() && byTime.firstKey() <= now;
    }

    /** @return the items due at {@code now}, which stay scheduled until removed */
    List<T> due(long now) {
        List<T> due = new ArrayList<>();
        for (Map.Entry<Long, Set<T>> entry : byTime.headMap(now, true).entrySet()) {
            due.addAll(entry.getValue());
        }
        return due;
    }

    void clear() {
        byTime.clear();
    }
}
