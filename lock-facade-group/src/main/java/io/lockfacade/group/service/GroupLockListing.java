package io.lockfacade.group.service;

import io.lockfacade.group.state.ReplicatedLockTable;
import io.lockfacade.server.session.SessionInfo;
import io.lockfacade.server.table.LockInfo;
import io.lockfacade.server.table.LockKey;
import io.lockfacade.server.table.SessionView;
import io.lockfacade.server.table.TableSnapshot;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
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
    private final LongSupplier grantCount;

    /**
     * @param table      the member's replicated table
     * @param waiters    how many calls are parked on this member for a lock
     * @param grantCount the fresh grants this member has applied since it started
     */
    public GroupLockListing(ReplicatedLockTable table, ToIntFunction<LockKey> waiters, LongSupplier grantCount) {
        this.table = table;
        this.waiters = waiters;
        this.grantCount = grantCount;
    }

    /**
     * @param nowEpochMillis the leader's wall clock, for the time left on leases
     * @return a picture of every held lock, by key in the table's canonical order (a lock whose time is over counts
     *         until the next expiry entry frees it, with no time left, as on the single master)
     */
    public Map<LockKey, LockInfo> locks(long nowEpochMillis) {
        TableSnapshot image = table.image().table();
        Map<String, Long> sessionEnds = new HashMap<>();
        for (SessionView session : image.sessions()) {
            sessionEnds.put(session.id(), millis(session.endNanos()));
        }
        Map<LockKey, LockInfo> locks = new LinkedHashMap<>();
        for (TableSnapshot.LockEntry lock : image.locks()) {
            LockKey key = lock.lockKey();
            long endsAt = lock.sessionId() == null ? millis(lock.deadlineNanos())
                    : sessionEnds.getOrDefault(lock.sessionId(), nowEpochMillis);
            locks.put(key, new LockInfo(key.lockType(), key.key(), lock.owner(), lock.fencingToken(),
                    millis(lock.acquiredAtNanos()), Math.max(0, endsAt - nowEpochMillis), waiters.applyAsInt(key)));
        }
        return locks;
    }

    /**
     * @param nowEpochMillis the leader's wall clock, for the time left on each session
     * @return a picture of every open session, by id
     */
    public List<SessionInfo> sessions(long nowEpochMillis) {
        List<SessionView> open = table.image().table().sessions();
        List<SessionInfo> sessions = new ArrayList<>(open.size());
        for (SessionView session : open) {
            sessions.add(new SessionInfo(session.id(), session.ttlMillis(), session.locks(),
                    millis(session.lastKeepAliveNanos()), Math.max(0, millis(session.endNanos()) - nowEpochMillis)));
        }
        return sessions;
    }

    /** The replicated table's time axis is the leader's epoch millis in nanoseconds. */
    private static long millis(long tableNanos) {
        return TimeUnit.NANOSECONDS.toMillis(tableNanos);
    }

    /**
     * @param service a member's lock service
     * @return the listing of that member's applied table, with the waiters parked on it
     */
    public static GroupLockListing of(GroupMemberLockService service) {
        return new GroupLockListing(service.member().stateMachine().table(), service::waitingFor,
                service.member().stateMachine()::grantCount);
    }

    /** @return how many locks the table holds (live or waiting for their expiry entry) */
    public int size() {
        return table.size();
    }

    /**
     * @return fresh grants this member has applied since it started, hand-overs included: on the leader, every grant
     *         the group made meanwhile (the single master's "grants since start")
     */
    public long grantCount() {
        return grantCount.getAsLong();
    }
}
