package io.lockfacade.bench.baseline;

import java.time.Duration;
import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The article's lock table: a {@code putIfAbsent} map of lock type, then key, every change made under one global
 * {@code synchronized} semaphore, and expired locks removed only by {@link #expireAll}, which scans every lock
 * under that semaphore. Thread-safe.
 */
public final class ArticleLockTable {

    /** How often the article's expiry thread scanned the whole table. */
    public static final Duration EXPIRY_SCAN_INTERVAL = Duration.ofMillis(600);

    /** The article's global semaphore. */
    private final Object semaphore = new Object();
    private final ConcurrentHashMap<String, ConcurrentHashMap<String, ArticleLockEntry>> locks =
            new ConcurrentHashMap<>();
    private long grants;

    /**
     * Takes the lock if free; the owner already holding it gets its entry back with the lease extended.
     *
     * @return the owner's entry, or {@code null} if another owner holds the lock
     */
    public ArticleLockEntry tryLock(String lockType, String key, String owner, long leaseMillis) {
        synchronized (semaphore) {
            Map<String, ArticleLockEntry> ofType = locks.computeIfAbsent(lockType, type -> new ConcurrentHashMap<>());
            long expiresAt = System.currentTimeMillis() + leaseMillis;
            ArticleLockEntry fresh = new ArticleLockEntry(owner, grants + 1, leaseMillis, expiresAt);
            ArticleLockEntry existing = ofType.putIfAbsent(key, fresh);
            if (existing == null) {
                grants++;
                return fresh;
            }
            if (existing.owner().equals(owner)) {
                existing.extend(expiresAt);
                return existing;
            }
            return null;
        }
    }

    /** @return whether {@code owner} held the lock and released it */
    public boolean unlock(String lockType, String key, String owner) {
        synchronized (semaphore) {
            Map<String, ArticleLockEntry> ofType = locks.get(lockType);
            ArticleLockEntry entry = ofType == null ? null : ofType.get(key);
            return entry != null && entry.owner().equals(owner) && ofType.remove(key, entry);
        }
    }

    /** @return whether {@code owner} holds the lock; its lease is then extended */
    public boolean renew(String lockType, String key, String owner, long leaseMillis) {
        synchronized (semaphore) {
            Map<String, ArticleLockEntry> ofType = locks.get(lockType);
            ArticleLockEntry entry = ofType == null ? null : ofType.get(key);
            if (entry == null || !entry.owner().equals(owner)) {
                return false;
            }
            entry.extend(System.currentTimeMillis() + leaseMillis);
            return true;
        }
    }

    /** @return whether no lock of this type is held (expired ones count until the scan removes them) */
    public boolean isLockTypeEmpty(String lockType) {
        Map<String, ArticleLockEntry> ofType = locks.get(lockType);
        return ofType == null || ofType.isEmpty();
    }

    /**
     * The article's expiry pass: scans every lock of every type under the global semaphore.
     *
     * @return how many locks were removed
     */
    public int expireAll() {
        int removed = 0;
        synchronized (semaphore) {
            long now = System.currentTimeMillis();
            for (ConcurrentHashMap<String, ArticleLockEntry> ofType : locks.values()) {
                Iterator<ArticleLockEntry> entries = ofType.values().iterator();
                while (entries.hasNext()) {
                    if (entries.next().expiresAtMillis() <= now) {
                        entries.remove();
                        removed++;
                    }
                }
            }
        }
        return removed;
    }

    /** @return how many locks are held (expired ones included until scanned) */
    public long size() {
        return locks.values().stream().mapToLong(Map::size).sum();
    }

    /** @return how many grants were made */
    public long grantCount() {
        synchronized (semaphore) {
            return grants;
        }
    }
}
