package io.lockfacade.group.service;

import io.lockfacade.group.state.ReplicatedLockTable;
import io.lockfacade.group.state.TableImage;
import io.lockfacade.server.admin.MasterStats;
import io.lockfacade.server.session.SessionInfo;
import io.lockfacade.server.table.LockInfo;
import io.lockfacade.server.table.LockKey;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToIntFunction;

/**
 * The one place that reads the replicated table's state for the admin pages and turns it into the server's admin
 * types ({@link LockInfo}, {@link SessionInfo}). Everything else in the admin path works with those types, so a
 * change of the table's implementation changes only this class.
 *
 * <p>What it reads is this member's applied state: on the leader, every entry it has committed and applied. Each
 * call copies the state once, under the table's monitor; it never proposes anything.
 */
public final class GroupLockListing {

    private final ReplicatedLockTable table;
    private final ToIntFunction<LockKey> waiters;

    /**
     * @param table   the member's replicated table
     * @param waiters how many calls are parked on this member for a lock
     */
    public GroupLockListing(ReplicatedLockTable table, ToIntFunction<LockKey> waiters) {
        this.table = table;
        this.waiters = waiters;
    }

    /**
     * @param nowEpochMillis the leader's wall clock, for the time left on leases
     * @return a picture of every held lock, by key in the table's canonical order (a lock whose time is over counts
     *         until the next expiry entry frees it, with no time left, as on the single master)
     */
    public Map<LockKey, LockInfo> locks(long nowEpochMillis) {
        TableImage image = table.image();
        Map<String, Long> sessionEnds = new HashMap<>();
        for (TableImage.SessionRow session : image.sessions()) {
            sessionEnds.put(session.id(), session.expiresAt());
        }
        Map<LockKey, LockInfo> locks = new LinkedHashMap<>();
        for (TableImage.LockRow row : image.locks()) {
            LockKey key = new LockKey(row.lockType(), row.key());
            long endsAt = row.sessionId() == null ? row.expiresAt()
                    : sessionEnds.getOrDefault(row.sessionId(), nowEpochMillis);
            locks.put(key, new LockInfo(row.lockType(), row.key(), row.owner(), row.token(), row.grantedAt(),
                    Math.max(0, endsAt - nowEpochMillis), waiters.applyAsInt(key)));
        }
        return locks;
    }

    /**
     * @param nowEpochMillis the leader's wall clock, for the time left on each session
     * @return a picture of every open session, by id
     */
    public List<SessionInfo> sessions(long nowEpochMillis) {
        TableImage image = table.image();
        Map<String, Integer> held = new HashMap<>();
        for (TableImage.LockRow row : image.locks()) {
            if (row.sessionId() != null) {
                held.merge(row.sessionId(), 1, Integer::sum);
            }
        }
        List<SessionInfo> sessions = new ArrayList<>(image.sessions().size());
        for (TableImage.SessionRow row : image.sessions()) {
            sessions.add(new SessionInfo(row.id(), row.ttlMillis(), held.getOrDefault(row.id(), 0),
                    row.expiresAt() - row.ttlMillis(), Math.max(0, row.expiresAt() - nowEpochMillis)));
        }
        return sessions;
    }

    /**
     * @param service a member's lock service
     * @return the listing of that member's applied table, with the waiters parked on it
     */
    public static GroupLockListing of(GroupMemberLockService service) {
        return new GroupLockListing(service.member().stateMachine().table(), service::waitingFor);
    }

    /** @return how many locks the table holds (live or waiting for their expiry entry) */
    public int size() {
        return table.size();
    }

    /** @return grants made since start, or {@link MasterStats#GRANTS_NOT_COUNTED}: this table does not count them */
    public long grantCount() {
        return MasterStats.GRANTS_NOT_COUNTED;
    }
}
