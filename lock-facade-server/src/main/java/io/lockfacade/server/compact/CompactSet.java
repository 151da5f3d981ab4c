package io.lockfacade.server.compact;

import java.util.Arrays;

/**
 * A thread-safe set of entries kept in flat arrays, for the master's per-lock indexes (a session's locks, an expiry
 * slot's grants) where a {@code ConcurrentHashMap} would cost a 32-byte node and a table slot per entry.
 *
 * <p>An entry is a key and, in a {@linkplain #stamped() stamped} set, a {@code long} stamp (a fencing token) that
 * is part of its identity; stamps live in a parallel {@code long[]} instead of a wrapper object per entry. Open
 * addressing with linear probing and backward-shift deletion: about 4 bytes per entry for a plain set and 12 for a
 * stamped one, divided by the load (between {@value #MIN_LOAD_PERCENT}% and {@value #MAX_LOAD_PERCENT}%).
 *
 * <p>Every method takes the set's monitor for O(1) expected time, except {@link #forEach} and {@link #drain},
 * which copy the entries under it (O(n)) and visit the copy after letting it go, so a visitor may run transitions
 * that change this set.
 *
 * @param <K> the keys; {@code equals} and {@code hashCode} give their identity, {@code null} is not allowed
 */
public final class CompactSet<K> {

    /** Visits one entry of a set. */
    @FunctionalInterface
    public interface Visitor<K> {
        /**
         * @param key   the entry's key
         * @param stamp the entry's stamp, 0 in a plain set
         */
        void visit(K key, long stamp);
    }

    private static final int MIN_CAPACITY = 8;
    private static final int MAX_LOAD_PERCENT = 75;
    private static final int MIN_LOAD_PERCENT = 10;
    private static final int PERCENT = 100;
    private static final int GOLDEN_GAMMA = 0x9E3779B9;

    private final boolean stamped;
    private Object[] keys = new Object[MIN_CAPACITY];
    private long[] stamps;
    private int size;

    private CompactSet(boolean stamped) {
        this.stamped = stamped;
        this.stamps = stamped ? new long[MIN_CAPACITY] : null;
    }

    /** @return an empty set of keys without stamps */
    public static <K> CompactSet<K> plain() {
        return new CompactSet<>(false);
    }

    /** @return an empty set of (key, stamp) entries */
    public static <K> CompactSet<K> stamped() {
        return new CompactSet<>(true);
    }

    /** @return whether the entry was added (false if it was there already) */
    public synchronized boolean add(K key, long stamp) {
        int at = find(key, stamp);
        if (keys[at] != null) {
            return false;
        }
        if ((size + 1) * PERCENT > keys.length * MAX_LOAD_PERCENT) {
            resize(keys.length * 2);
            at = find(key, stamp);
        }
        keys[at] = key;
        if (stamped) {
            stamps[at] = stamp;
        }
        size++;
        return true;
    }

    /** Adds a key to a plain set; see {@link #add(Object, long)}. */
    public boolean add(K key) {
        return add(key, 0);
    }

    /** @return whether the entry was there */
    public synchronized boolean remove(K key, long stamp) {
        int at = find(key, stamp);
        if (keys[at] == null) {
            return false;
        }
        deleteAt(at);
        size--;
        if (keys.length > MIN_CAPACITY && size * PERCENT < keys.length * MIN_LOAD_PERCENT) {
            resize(keys.length / 2);
        }
        return true;
    }

    /** Removes a key from a plain set; see {@link #remove(Object, long)}. */
    public boolean remove(K key) {
        return remove(key, 0);
    }

    /** @return how many entries the set holds */
    public synchronized int size() {
        return size;
    }

    /** Visits a copy of the entries, taken atomically; the set's monitor is not held while visiting. */
    public void forEach(Visitor<? super K> visitor) {
        visitCopy(false, visitor);
    }

    /** Empties the set atomically and then visits what it held, outside the set's monitor. */
    public void drain(Visitor<? super K> visitor) {
        visitCopy(true, visitor);
    }

    @SuppressWarnings("unchecked")
    private void visitCopy(boolean clear, Visitor<? super K> visitor) {
        Object[] copiedKeys;
        long[] copiedStamps;
        synchronized (this) {
            if (size == 0) {
                return; // the reaper drains its late entries every round: an empty set costs no allocation
            }
            copiedKeys = new Object[size];
            copiedStamps = stamped ? new long[size] : null;
            int n = 0;
            for (int i = 0; i < keys.length; i++) {
                if (keys[i] != null) {
                    copiedKeys[n] = keys[i];
                    if (stamped) {
                        copiedStamps[n] = stamps[i];
                    }
                    n++;
                }
            }
            if (clear) {
                keys = new Object[MIN_CAPACITY];
                stamps = stamped ? new long[MIN_CAPACITY] : null;
                size = 0;
            }
        }
        for (int i = 0; i < copiedKeys.length; i++) {
            visitor.visit((K) copiedKeys[i], stamped ? copiedStamps[i] : 0);
        }
    }

    /** @return the index holding the entry, or the empty index where it would go */
    private int find(Object key, long stamp) {
        int mask = keys.length - 1;
        int at = home(key, stamp, mask);
        while (keys[at] != null && !(keys[at].equals(key) && (!stamped || stamps[at] == stamp))) {
            at = (at + 1) & mask;
        }
        return at;
    }

    private int home(Object key, long stamp, int mask) {
        int h = (key.hashCode() + (stamped ? Long.hashCode(stamp) * GOLDEN_GAMMA : 0)) * GOLDEN_GAMMA;
        return (h ^ (h >>> 16)) & mask;
    }

    /** Backward-shift deletion: moves later entries of the probe run into the hole so no tombstone is needed. */
    private void deleteAt(int hole) {
        int mask = keys.length - 1;
        int next = hole;
        keys[hole] = null;
        while (true) {
            next = (next + 1) & mask;
            Object key = keys[next];
            if (key == null) {
                return;
            }
            int want = home(key, stamped ? stamps[next] : 0, mask);
            boolean staysPut = hole <= next ? hole < want && want <= next : hole < want || want <= next;
            if (!staysPut) {
                keys[hole] = key;
                if (stamped) {
                    stamps[hole] = stamps[next];
                }
                keys[next] = null;
                hole = next;
            }
        }
    }

    private void resize(int capacity) {
        Object[] oldKeys = keys;
        long[] oldStamps = stamps;
        keys = new Object[capacity];
        stamps = stamped ? new long[capacity] : null;
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldKeys[i] != null) {
                int at = find(oldKeys[i], stamped ? oldStamps[i] : 0);
                keys[at] = oldKeys[i];
                if (stamped) {
                    stamps[at] = oldStamps[i];
                }
            }
        }
    }

    @Override
    public synchronized String toString() {
        return "CompactSet" + Arrays.toString(Arrays.stream(keys).filter(k -> k != null).toArray());
    }
}
