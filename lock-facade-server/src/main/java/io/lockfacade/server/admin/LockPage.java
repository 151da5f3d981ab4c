package io.lockfacade.server.admin;

import io.lockfacade.server.table.LockInfo;

import java.util.List;
import java.util.SortedMap;

/**
 * One page of the admin listing.
 *
 * @param rows          the locks on this page, in the query's order
 * @param page          zero-based page number
 * @param pageSize      rows per page
 * @param matching      how many locks match the filter, over all pages
 * @param totalsPerType how many locks each type holds, regardless of the filter
 */
public record LockPage(List<LockInfo> rows, int page, int pageSize, int matching,
                       SortedMap<String, Integer> totalsPerType) {

    /** @return how many pages the matching locks fill (at least 1) */
    public int pageCount() {
        return Math.max(1, (matching + pageSize - 1) / pageSize);
    }
}
