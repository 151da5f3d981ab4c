package io.lockfacade.group.raft;

import org.jgroups.protocols.raft.RAFT;
import org.jgroups.raft.util.CommitTable;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * How far one member's Raft log has come, as its own Raft server reports it, for the admin page's group panel and
 * the added fields of {@code GET /admin/api/group}.
 *
 * @param commitIndex            the highest log index this member knows to be committed
 * @param appliedIndex           the highest log index its state machine has applied
 * @param lastIndex              the index of the last entry in its log
 * @param roleSinceEpochMillis   when it took its current role (leader, follower, candidate), wall clock
 * @param leaderSinceEpochMillis when it became leader, on the leader only, else {@code null}
 * @param leaderContactMillis    on a follower, how long ago it last heard from the leader (any message, heartbeats
 *                               included), else {@code null}
 * @param followers              on the leader only: each follower's progress by member id, else empty
 */
public record GroupProgress(long commitIndex, long appliedIndex, long lastIndex, long roleSinceEpochMillis,
                            Long leaderSinceEpochMillis, Long leaderContactMillis,
                            Map<String, Follower> followers) {

    /** Copies the map. */
    public GroupProgress {
        followers = Map.copyOf(followers);
    }

    /**
     * One follower as the leader sees it.
     *
     * @param matchIndex         the highest index the leader knows the follower has in its log, -1 if not known
     * @param lagEntries         how many entries of the leader's log the follower lacks, -1 if not known
     * @param lastResponseMillis how long ago the leader last heard from the follower, -1 if never
     */
    public record Follower(long matchIndex, long lagEntries, long lastResponseMillis) {
    }

    /**
     * Reads the member's Raft state now.
     *
     * @param member         the member
     * @param nowEpochMillis the wall clock now, to turn elapsed times into instants
     * @return its progress, or empty while it is not in a group
     */
    public static Optional<GroupProgress> of(GroupMember member, long nowEpochMillis) {
        RAFT raft = member.raft();
        if (raft.log() == null) {
            return Optional.empty();
        }
        long lastIndex = raft.lastAppended();
        boolean leads = raft.isLeader();
        long roleSince = member.roleSinceEpochMillis();
        Optional<String> leader = member.leaderId();
        Long leaderContact = !leads && leader.isPresent()
                ? member.millisSinceHeardFrom(leader.get()).orElse(null) : null;
        Map<String, Follower> followers = new LinkedHashMap<>();
        CommitTable table = leads ? raft.commitTable() : null;
        if (table != null) {
            table.forEach((address, entry) -> GroupMember.raftId(address).ifPresent(id -> followers.put(id,
                    new Follower(entry.matchIndex(), Math.max(0, lastIndex - entry.matchIndex()),
                            member.millisSinceHeardFrom(id).orElse(-1L)))));
        }
        return Optional.of(new GroupProgress(raft.commitIndex(), member.stateMachine().appliedIndex(), lastIndex,
                roleSince, leads ? roleSince : null, leaderContact, followers));
    }
}
