package io.lockfacade.group.service;

import io.lockfacade.api.NotLeaderException;
import io.lockfacade.server.admin.AdminLocks;
import io.lockfacade.server.admin.AdminSource;
import io.lockfacade.server.admin.MasterStats;
import io.lockfacade.server.deadlock.DeadlockDetector;
import io.lockfacade.server.session.SessionInfo;
import io.lockfacade.server.session.SessionRegistry;
import io.lockfacade.server.table.LockInfo;
import io.lockfacade.server.table.LockKey;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.function.Consumer;

/**
 * The admin pages' source on a master-group member: served only by the leader, from its replicated table, with
 * every change going through the Raft log.
 *
 * <ul>
 *   <li><b>Reads</b> ({@link #requireCurrent()} first): the leader confirms it still leads by committing a query
 *       entry (the same linearizable read {@code isLockTypeEmpty} makes), after which its applied state holds every
 *       entry committed before the request; the pages then list that state ({@link GroupLockListing}). A member that is
 *       not the leader, or a leader that can no longer reach a majority, refuses with {@link NotLeaderException}
 *       naming the leader it knows.</li>
 *   <li><b>Lock removal</b> proposes {@code FORCE_REMOVE} with the fencing token of the grant to remove, so a lock
 *       that changed hands meanwhile is never removed from under its new holder. Parked callers are served by the
 *       leader's waiter queue as soon as the entry is applied.</li>
 *   <li><b>Session force-expiry</b> proposes the session's end ({@code CLOSE_SESSION}): its locks are released and
 *       the node learns at its next keep-alive that the session is gone.</li>
 * </ul>
 * Every change first checks that this member leads (locally; the proposal is then refused by Raft on a member
 * that does not): on a follower it fails with {@link NotLeaderException} and changes nothing, never answering
 * from the follower's own copy. Reads do not check by themselves: callers call {@link #requireCurrent()} once
 * before a page of reads or a change (the admin pages do), which also confirms the leadership with a majority.
 */
public final class GroupAdminSource implements AdminSource {

    /** The lock type of the query entry that confirms leadership; any valid name serves. */
    static final String LEADERSHIP_PROBE_TYPE = "lock-facade-admin-probe";

    /** Removals of "whatever grant is current" retried when the lock changed hands between read and removal. */
    static final int REMOVE_ATTEMPTS = 3;

    /**
     * Longest a one-lock removal waits for the leader to hand the lock to its oldest parked waiter (the entry after
     * the removal), so that the answer names the new holder as on the single master.
     */
    static final Duration HANDOVER_WAIT = Duration.ofSeconds(1);

    private static final long HANDOVER_POLL_MILLIS = 5;

    private final GroupMemberLockService service;
    private final GroupLockListing listing;
    private final Clock clock;
    private final long startedAtEpochMillis;
    private final AdminLocks locks = new ReplicatedLocks();
    private final SessionRegistry sessions = new ReplicatedSessions();

    /**
     * @param service the member's lock service, through which removals are proposed
     * @param clock   the wall clock (the leader's time is the group's time)
     */
    public GroupAdminSource(GroupMemberLockService service, Clock clock) {
        this.service = service;
        this.listing = GroupLockListing.of(service);
        this.clock = clock;
        this.startedAtEpochMillis = clock.millis();
    }

    /**
     * {@inheritDoc}
     *
     * <p>Here: this member leads and a query entry it proposed was committed within the service's commit timeout.
     */
    @Override
    public void requireCurrent() {
        service.isLockTypeEmpty(LEADERSHIP_PROBE_TYPE);
    }

    @Override
    public AdminLocks locks() {
        return locks;
    }

    @Override
    public SessionRegistry sessions() {
        return sessions;
    }

    @Override
    public MasterStats stats(long nowEpochMillis) {
        return MasterStats.at(startedAtEpochMillis, listing.size(), listing.grantCount(), nowEpochMillis);
    }

    @Override
    public DeadlockDetector deadlocks() {
        return service.deadlocks();
    }

    /**
     * The cheap local check every change makes first, so that a follower never answers from its own copy; the
     * proposal itself is refused by Raft on any member that does not lead.
     *
     * @throws NotLeaderException naming the leader this member knows
     */
    private void requireLeader() {
        if (!service.member().isLeader()) {
            String self = service.member().self().id();
            throw NotLeaderException.pointingTo(service.member().leaderId().filter(id -> !id.equals(self))
                    .flatMap(id -> service.member().leaderEndpoint()).orElse(null));
        }
    }

    private final class ReplicatedLocks implements AdminLocks {

        @Override
        public void forEachKey(Consumer<LockKey> visitor) {
            listing.locks(clock.millis()).keySet().forEach(visitor);
        }

        @Override
        public Optional<LockInfo> describe(LockKey key) {
            return Optional.ofNullable(listing.locks(clock.millis()).get(key));
        }

        @Override
        public List<LockInfo> describeAll(Collection<LockKey> keys) {
            Map<LockKey, LockInfo> now = listing.locks(clock.millis());
            List<LockInfo> pictures = new ArrayList<>(keys.size());
            for (LockKey key : keys) {
                LockInfo lock = now.get(key);
                if (lock != null) {
                    pictures.add(lock);
                }
            }
            return pictures;
        }

        /** Reads the grant, then proposes its removal under its token: what is reported is what was removed. */
        @Override
        public Optional<LockInfo> forceRemove(LockKey key, OptionalLong expectedToken) {
            requireLeader();
            for (int attempt = 0; attempt < REMOVE_ATTEMPTS; attempt++) {
                Optional<LockInfo> held = describe(key);
                if (held.isEmpty() || (expectedToken.isPresent()
                        && expectedToken.getAsLong() != held.get().fencingToken())) {
                    return Optional.empty();
                }
                int waiting = service.waitingFor(key);
                if (removeGrant(held.get())) {
                    awaitHandover(key, waiting);
                    return held;
                }
            }
            return Optional.empty();
        }

        /** One read of the table for all of them; a lock that changed hands meanwhile is read again on its own. */
        @Override
        public List<LockInfo> forceRemoveAll(Collection<LockKey> keys) {
            requireLeader();
            Map<LockKey, LockInfo> now = listing.locks(clock.millis());
            List<LockInfo> removed = new ArrayList<>(keys.size());
            for (LockKey key : keys) {
                LockInfo held = now.get(key);
                if (held != null && removeGrant(held)) {
                    removed.add(held);
                } else if (held != null) {
                    forceRemove(key, OptionalLong.empty()).ifPresent(removed::add);
                }
            }
            return removed;
        }

        private boolean removeGrant(LockInfo held) {
            return service.forceRemove(held.lockType(), held.key(), held.fencingToken());
        }

        /**
         * Waits, within {@link #HANDOVER_WAIT}, until fewer calls wait for the lock than before the removal: the
         * oldest waiter has been answered (granted, or failed), and a grant is then applied on this leader.
         */
        private void awaitHandover(LockKey key, int waitingBefore) {
            if (waitingBefore == 0) {
                return;
            }
            long deadline = System.nanoTime() + HANDOVER_WAIT.toNanos();
            while (service.waitingFor(key) >= waitingBefore && System.nanoTime() < deadline) {
                try {
                    Thread.sleep(HANDOVER_POLL_MILLIS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    private final class ReplicatedSessions implements SessionRegistry {

        @Override
        public OptionalInt end(String sessionId) {
            requireLeader();
            Optional<SessionInfo> open = describe().stream().filter(s -> s.id().equals(sessionId)).findFirst();
            if (open.isEmpty() || !service.closeSession(sessionId)) {
                return OptionalInt.empty();
            }
            return OptionalInt.of(open.get().locks());
        }

        @Override
        public List<SessionInfo> describe() {
            return listing.sessions(clock.millis());
        }
    }
}
