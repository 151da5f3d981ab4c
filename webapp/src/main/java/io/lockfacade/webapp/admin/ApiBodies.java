package io.lockfacade.webapp.admin;

import io.lockfacade.server.admin.LockPage;
import io.lockfacade.server.admin.MasterStats;
import io.lockfacade.server.table.LockInfo;

import java.util.List;
import java.util.Map;

/**
 * The JSON API's bodies. Times are ISO-8601 UTC strings with the epoch milliseconds beside them; durations are
 * milliseconds; fencing tokens stay below 2^53, so JavaScript reads them exactly.
 */
public final class ApiBodies {

    private ApiBodies() {
    }

    /**
     * One live lock.
     *
     * @param type                 the lock type
     * @param key                  the key
     * @param owner                the whole owner string
     * @param ownerNode            the owner's node id (before the first colon)
     * @param ownerThread          the owner's thread (after it), or empty
     * @param fencingToken         the current grant's fencing token
     * @param acquiredAt           when the grant was made
     * @param acquiredAtEpochMillis the same in epoch milliseconds
     * @param leaseRemainingMillis time left on the lease unless renewed
     * @param waiters              calls waiting for the lock
     */
    public record Lock(String type, String key, String owner, String ownerNode, String ownerThread, long fencingToken,
                       String acquiredAt, long acquiredAtEpochMillis, long leaseRemainingMillis, int waiters) {

        /** @return the lock's JSON form */
        public static Lock of(LockInfo lock) {
            OwnerName owner = OwnerName.parse(lock.owner());
            return new Lock(lock.lockType(), lock.key(), lock.owner(), owner.node(), owner.thread(),
                    lock.fencingToken(), AdminFormats.iso(lock.acquiredAtEpochMillis()), lock.acquiredAtEpochMillis(),
                    lock.leaseRemainingMillis(), lock.waiters());
        }

        /** @return the JSON form of each lock, in order */
        public static List<Lock> of(List<LockInfo> locks) {
            return locks.stream().map(Lock::of).toList();
        }
    }

    /**
     * The master's figures.
     *
     * @param startedAt            when it started
     * @param startedAtEpochMillis the same in epoch milliseconds
     * @param uptimeMillis         time since then
     * @param lockCount            locks held now
     * @param grantCount           grants since start (on a master-group member, the fresh grants it has applied
     *                             since it started); {@code null} where they are not counted
     */
    public record Master(String startedAt, long startedAtEpochMillis, long uptimeMillis, int lockCount,
                         Long grantCount) {

        /** @return the figures' JSON form */
        public static Master of(MasterStats stats) {
            return new Master(AdminFormats.iso(stats.startedAtEpochMillis()), stats.startedAtEpochMillis(),
                    stats.uptime().toMillis(), stats.lockCount(),
                    stats.grantsCounted() ? stats.grantCount() : null);
        }
    }

    /**
     * The listing's parameters as understood (defaults filled in).
     *
     * @param type the type filter, or {@code null}
     * @param q    the key filter, or {@code null}
     * @param sort {@code age} or {@code lease}
     * @param page the page, from 1
     * @param size rows per page
     */
    public record Query(String type, String q, String sort, int page, int size) {

        /** @return the parameters' JSON form */
        public static Query of(ListingParams params) {
            return new Query(params.type(), params.q(), params.sortName(), params.page(), params.size());
        }
    }

    /**
     * {@code GET /admin/api/locks}.
     *
     * @param master        the master's figures
     * @param query         the parameters as understood
     * @param matching      locks matching the filter over all pages
     * @param pageCount     pages they fill, at least 1
     * @param totalsPerType locks held per type, regardless of the filter
     * @param locks         this page's locks
     */
    public record Listing(Master master, Query query, int matching, int pageCount, Map<String, Integer> totalsPerType,
                          List<Lock> locks) {

        /** @return the listing's JSON form */
        public static Listing of(MasterStats stats, ListingParams params, LockPage page) {
            return new Listing(Master.of(stats), Query.of(params), page.matching(), page.pageCount(),
                    page.totalsPerType(), Lock.of(page.rows()));
        }
    }

    /**
     * A successful {@code DELETE /admin/api/locks}.
     *
     * @param count    how many locks were removed
     * @param removed  what was held, by key (at most {@value #MAX_LISTED} entries)
     * @param heldNow  who holds the lock now (one-lock removal whose lock went to a waiter), else {@code null}
     * @param message  the outcome in words
     */
    public record Removal(int count, List<Lock> removed, Lock heldNow, String message) {

        /** Most removed locks listed in one answer; {@code count} still counts them all. */
        public static final int MAX_LISTED = 1_000;

        /** @return the removal's JSON form */
        public static Removal of(List<LockInfo> removed, LockInfo heldNow, String message) {
            return new Removal(removed.size(), Lock.of(removed.subList(0, Math.min(MAX_LISTED, removed.size()))),
                    heldNow == null ? null : Lock.of(heldNow), message);
        }
    }

    /**
     * Any refusal or failure.
     *
     * @param status  the HTTP status, repeated
     * @param error   the status's reason phrase
     * @param message what was wrong, for people
     */
    public record Error(int status, String error, String message) {
    }
}
