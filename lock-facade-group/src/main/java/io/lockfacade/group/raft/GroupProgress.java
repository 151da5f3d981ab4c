package io.lockfacade.group.raft;

import org.apache.ratis.proto.RaftProtos.RaftPeerRole;
import org.apache.ratis.proto.RaftProtos.RoleInfoProto;
import org.apache.ratis.proto.RaftProtos.ServerRpcProto;
import org.apache.ratis.server.DivisionInfo;
import org.apache.ratis.server.RaftServer;
import org.apache.ratis.server.protocol.TermIndex;
import org.apache.ratis.server.raftlog.RaftLog;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
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
 * @param leaderContactMillis    on a follower, how long ago it last heard from the leader, else {@code null}
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
     * @param lastResponseMillis how long ago the follower last answered the leader
     */
    public record Follower(long matchIndex, long lagEntries, long lastResponseMillis) {
    }

    /**
     * Reads the member's Raft state now.
     *
     * @param member         the member
     * @param nowEpochMillis the wall clock now, to turn elapsed times into instants
     * @return its progress, or empty while its Raft server is not running
     */
    public static Optional<GroupProgress> of(GroupMember member, long nowEpochMillis) {
        RaftServer.Division division;
        try {
            division = member.server().getDivision(member.groupId());
        } catch (IOException | RuntimeException notRunning) {
            return Optional.empty();
        }
        DivisionInfo info = division.getInfo();
        RaftLog log = division.getRaftLog();
        TermIndex last = log.getLastEntryTermIndex();
        long lastIndex = last == null ? 0 : last.getIndex();
        RoleInfoProto role = info.getRoleInfoProto();
        long roleSince = nowEpochMillis - role.getRoleElapsedTimeMs();
        boolean leads = role.getRole() == RaftPeerRole.LEADER;
        Long leaderContact = role.getRole() == RaftPeerRole.FOLLOWER && role.hasFollowerInfo()
                && role.getFollowerInfo().hasLeaderInfo()
                ? role.getFollowerInfo().getLeaderInfo().getLastRpcElapsedTimeMs() : null;
        Map<String, Follower> followers = leads && role.hasLeaderInfo()
                ? followers(role.getLeaderInfo().getFollowerInfoList(), info.getFollowerMatchIndices(), lastIndex)
                : Map.of();
        return Optional.of(new GroupProgress(log.getLastCommittedIndex(), info.getLastAppliedIndex(), lastIndex,
                roleSince, leads ? roleSince : null, leaderContact, followers));
    }

    /**
     * Pairs the leader's follower list with its match indices: Ratis builds both from the same list of log
     * appenders, in the same order. If the two disagree in length (a follower added or removed between the two
     * reads), the match indices are left out rather than paired wrongly.
     */
    private static Map<String, Follower> followers(List<ServerRpcProto> rpcs, long[] matchIndices, long lastIndex) {
        Map<String, Follower> followers = new LinkedHashMap<>();
        boolean paired = matchIndices != null && matchIndices.length == rpcs.size();
        for (int i = 0; i < rpcs.size(); i++) {
            ServerRpcProto rpc = rpcs.get(i);
            long match = paired ? matchIndices[i] : -1;
            followers.put(rpc.getId().getId().toStringUtf8(), new Follower(match,
                    paired ? Math.max(0, lastIndex - match) : -1, rpc.getLastRpcElapsedTimeMs()));
        }
        return followers;
    }
}
