package io.lockfacade.client.distributed;

import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The local entries of one {@link DistributeLock}, reference counted: an entry exists while some thread holds
 * or waits for its lock, or while a grant is cached in it for a hand-off.
 *
 * <p>The last thread to leave an entry that still caches a grant (a thread expected to take it gave up) is told
 * to release that grant, so that no grant outlives the threads that wanted it.
 */
final class LocalEntries {

    private final ConcurrentHashMap<LockId, LocalEntry> entries = new ConcurrentHashMap<>();
    private final boolean fair;

    /** @param fair whether each entry's local lock serves threads first come, first served */
    LocalEntries(boolean fair) {
        this.fair = fair;
    }

    /** Counts the calling thread as a user of the entry for {@code id}, creating the entry if needed. */
    LocalEntry join(LockId id) {
        return entries.compute(id, (key, existing) -> {
            LocalEntry entry = existing == null ? new LocalEntry(fair) : existing;
            entry.users++;
            return entry;
        });
    }

    /** @return the entry for {@code id}, or {@code null} if no thread holds or waits for that lock */
    LocalEntry find(LockId id) {
        return entries.get(id);
    }

    /**
     * Stops counting the calling thread as a user of the entry for {@code id}, removing the entry when nobody is left.
     *
     * @return {@code true} if the caller is the last user and the entry still caches a grant: the caller then
     *         stays counted, must release the cached grant (if nobody has taken it meanwhile) and call
     *         {@code leave} again
     */
    boolean leave(LockId id) {
        boolean[] mustReleaseCachedGrant = {false};
        entries.computeIfPresent(id, (key, existing) -> {
            if (existing.users == 1 && existing.hold() != null) {
                mustReleaseCachedGrant[0] = true;
                return existing;
            }
            existing.users--;
            return existing.users == 0 ? null : existing;
        });
        return mustReleaseCachedGrant[0];
    }

    /** @return the ids of the current entries */
    List<LockId> ids() {
        return List.copyOf(entries.keySet());
    }

    /** @return how many locks this node holds, waits for or caches */
    int size() {
        return entries.size();
    }
}
