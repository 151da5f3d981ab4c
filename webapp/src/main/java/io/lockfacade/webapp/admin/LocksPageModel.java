package io.lockfacade.webapp.admin;

import io.lockfacade.server.admin.LockPage;
import io.lockfacade.server.admin.MasterStats;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Everything {@code locks.jsp} shows, prepared so that the JSP only escapes and lays out.
 *
 * @param stats        the master's figures
 * @param types        lock counts per type, for the totals panel and the type filter
 * @param filterType   the type filter, or {@code null}
 * @param filterQ      the key filter, or {@code null}
 * @param sort         the {@code sort} parameter's value
 * @param rows         the locks on this page
 * @param matching     how many locks match the filter over all pages
 * @param page         this page's number, from 1
 * @param pageCount    how many pages the matching locks fill, at least 1
 * @param firstRow     the number of this page's first row, from 1 (0 when the page is empty)
 * @param lastRow      the number of this page's last row
 * @param previousUrl  the previous page's URL, or {@code null} on the first
 * @param nextUrl      the next page's URL, or {@code null} on the last
 * @param lastPageUrl  the last page's URL, for a page past the end
 * @param tableEmpty   whether the master holds no lock at all
 * @param filtered     whether a type or key filter is set
 * @param csrfToken    the token every form carries
 * @param backQuery    this listing's query string, carried by forms to come back to it
 * @param notice       the outcome of the previous action, or {@code null}
 * @param refreshSeconds the auto-refresh period
 * @param renderedAt   when the page was drawn, UTC time of day
 */
public record LocksPageModel(Stats stats, List<TypeTotal> types, String filterType, String filterQ, String sort,
                             List<LockRowView> rows, int matching, int page, int pageCount, int firstRow, int lastRow,
                             String previousUrl, String nextUrl, String lastPageUrl, boolean tableEmpty,
                             boolean filtered, String csrfToken, String backQuery, Notice notice,
                             long refreshSeconds, String renderedAt) {

    /** How often the page reloads itself when auto-refresh is on. */
    public static final Duration AUTO_REFRESH = Duration.ofSeconds(5);

    /**
     * @param listing   the page of locks
     * @param params    the parameters it answers
     * @param stats     the master's figures
     * @param csrfToken the token for the forms
     * @param notice    the previous action's outcome, or {@code null}
     * @param nowMillis the wall clock now
     * @return the model
     */
    public static LocksPageModel of(LockPage listing, ListingParams params, MasterStats stats, String csrfToken,
                                    Notice notice, long nowMillis) {
        List<LockRowView> rows = listing.rows().stream().map(lock -> LockRowView.of(lock, nowMillis)).toList();
        int first = rows.isEmpty() ? 0 : (params.page() - ListingParams.FIRST_PAGE) * params.size() + 1;
        int pageCount = listing.pageCount();
        String previous = params.page() > ListingParams.FIRST_PAGE
                ? params.onPage(Math.min(params.page() - 1, pageCount)).url(AdminPages.LOCKS_PATH) : null;
        String next = params.page() < pageCount ? params.onPage(params.page() + 1).url(AdminPages.LOCKS_PATH) : null;
        return new LocksPageModel(Stats.of(stats), types(listing.totalsPerType(), params.type()), params.type(),
                params.q(), params.sortName(), rows, listing.matching(), params.page(), pageCount, first,
                first == 0 ? 0 : first + rows.size() - 1, previous, next,
                params.onPage(pageCount).url(AdminPages.LOCKS_PATH), listing.totalsPerType().isEmpty(),
                params.filtered(), csrfToken, params.query(), notice, AUTO_REFRESH.toSeconds(),
                AdminFormats.clock(nowMillis));
    }

    private static List<TypeTotal> types(Map<String, Integer> totals, String selected) {
        List<TypeTotal> types = new ArrayList<>();
        totals.forEach((type, count) -> types.add(TypeTotal.of(type, count, type.equals(selected))));
        if (selected != null && !totals.containsKey(selected)) {
            types.add(TypeTotal.of(selected, 0, true));
        }
        return List.copyOf(types);
    }

    /**
     * The header's figures, written for people.
     *
     * @param uptime     time since the master started
     * @param startedAt  when it started, UTC
     * @param lockCount  locks held now
     * @param grantCount grants since start, or a dash where the table does not count them (a group member)
     */
    public record Stats(String uptime, String startedAt, int lockCount, String grantCount) {

        /** What the page shows for a grant count the table does not keep. */
        public static final String NOT_COUNTED = "\u2014";

        static Stats of(MasterStats stats) {
            return new Stats(AdminFormats.duration(stats.uptime().toMillis()),
                    AdminFormats.instant(stats.startedAtEpochMillis()), stats.lockCount(),
                    stats.grantsCounted() ? Long.toString(stats.grantCount()) : NOT_COUNTED);
        }
    }

    /**
     * One lock type's total.
     *
     * @param type      the lock type
     * @param count     locks of that type held now
     * @param filterUrl the listing of that type
     * @param selected  whether the listing is filtered on it
     * @param question  the confirmation question of its "Remove all" button
     */
    public record TypeTotal(String type, int count, String filterUrl, boolean selected, String question) {

        static TypeTotal of(String type, int count, boolean selected) {
            String url = new ListingParams(type, null, ListingParams.defaults().sort(), ListingParams.FIRST_PAGE,
                    ListingParams.defaults().size()).url(AdminPages.LOCKS_PATH);
            return new TypeTotal(type, count, url, selected, RemovalMessages.typeQuestion(type, count));
        }
    }
}
