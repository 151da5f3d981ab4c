package io.lockfacade.server.admin;

import io.lockfacade.server.table.LockInfo;
import io.lockfacade.server.table.LockKey;

import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Answers the admin page's questions about live locks: filtered, sorted, paged.
 *
 * <p>It filters on the immutable keys first and reads a consistent picture only of the locks that match, so a
 * master holding 100,000 locks answers a filtered page without locking them all. It never blocks lock traffic
 * for longer than one key's read.
 */
public final class LockListing {

    private final AdminLocks table;

    /** @param table the table to list */
    public LockListing(AdminLocks table) {
        this.table = table;
    }

    /** @return the requested page; an out-of-range page is empty */
    public LockPage list(LockQuery query) {
        SortedMap<String, Integer> totals = new TreeMap<>();
        List<LockKey> matchingKeys = new ArrayList<>();
        table.forEachKey(key -> {
            totals.merge(key.lockType(), 1, Integer::sum);
            if (query.matches(key.lockType(), key.key())) {
                matchingKeys.add(key);
            }
        });
        List<LockInfo> matching = new ArrayList<>(table.describeAll(matchingKeys));
        matching.sort(query.sort().order());
        int from = (int) Math.min(matching.size(), (long) query.page() * query.pageSize());
        int to = Math.min(matching.size(), from + query.pageSize());
        return new LockPage(List.copyOf(matching.subList(from, to)), query.page(), query.pageSize(),
                matching.size(), totals);
    }
}
