package io.lockfacade.server.table;

import java.util.concurrent.ConcurrentHashMap;

/**
 * Shares one {@code String} instance per distinct lock type and owner, so a million locks of a few types held
 * by a few hundred threads do not keep a million copies of the same names. Bounded: past its capacity names are
 * kept as they come.
 */
final class NameCanonicalizer {

    private final ConcurrentHashMap<String, String> names = new ConcurrentHashMap<>();
    private final int capacity;

    NameCanonicalizer(int capacity) {
        this.capacity = capacity;
    }

    String canonical(String name) {
        String known = names.get(name);
        if (known != null) {
            return known;
        }
        if (names.size() >= capacity) {
            return name;
        }
        known = names.putIfAbsent(name, name);
        return known == null ? name : known;
    }
}
