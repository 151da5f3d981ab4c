package io.lockfacade.group.tls;

import io.lockfacade.group.raft.FsyncPolicy;
import io.lockfacade.group.raft.GroupMember;
import io.lockfacade.group.raft.GroupMemberAddress;
import io.lockfacade.group.raft.GroupTopology;
import io.lockfacade.group.raft.LoopbackPorts;
import io.lockfacade.group.raft.RaftTuning;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Starts an outsider that knows a running group's Raft ports and cluster name (its own list names the members and
 * itself, raft id {@code intruder}) and watches, for longer than the longest merge interval, that it never enters a
 * member's view nor they its, and that the term does not move.
 */
final class OutsiderTrial {

    /** Longer than the longest merge interval: an outsider that could join would have been merged by then. */
    static final Duration WATCH = RaftTuning.MERGE_MAX.plusSeconds(1);

    private static final String HOST = "127.0.0.1";
    private static final Duration POLL = Duration.ofMillis(50);

    private OutsiderTrial() {
    }

    static void assertNeverJoins(List<GroupMember> members, GroupTopology topology, Path dir, PeerTls outsiderTls)
            throws Exception {
        long term = term(members);
        List<Integer> ports = LoopbackPorts.reserve(HOST, 2);
        List<GroupMemberAddress> withIntruder = new ArrayList<>(topology.members());
        withIntruder.add(new GroupMemberAddress("intruder", HOST, ports.get(0), ports.get(1)));
        try (GroupMember intruder = GroupMember.start(new GroupTopology(withIntruder), "intruder",
                dir.resolve("intruder-" + System.nanoTime()), FsyncPolicy.DEFAULT, outsiderTls)) {
            long until = System.nanoTime() + WATCH.toNanos();
            while (System.nanoTime() < until) {
                assertViewsAreTheMembers(members);
                assertEquals(List.of("intruder"), intruder.viewNames());
                Thread.sleep(POLL.toMillis());
            }
        }
        assertEquals(term, term(members), "the group's term");
    }

    static void assertViewsAreTheMembers(List<GroupMember> members) {
        List<String> ids = members.stream().map(m -> m.self().id()).sorted().toList();
        for (GroupMember member : members) {
            assertEquals(ids, member.viewNames().stream().sorted().toList(), "view of " + member.self().id());
        }
    }

    static long term(List<GroupMember> members) {
        return members.stream().mapToLong(GroupMember::term).max().orElseThrow();
    }
}
