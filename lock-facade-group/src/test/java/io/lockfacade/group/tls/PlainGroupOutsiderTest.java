package io.lockfacade.group.tls;

import io.lockfacade.group.raft.FsyncPolicy;
import io.lockfacade.group.raft.GroupMember;
import io.lockfacade.group.raft.GroupMemberAddress;
import io.lockfacade.group.raft.GroupTopology;
import io.lockfacade.testsupport.await.Await;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** Without TLS, a JGroups process whose raft id is not in {@code --group} still never joins the group. */
class PlainGroupOutsiderTest {

    private static final Duration WAIT = Duration.ofSeconds(30);

    @TempDir
    Path dir;

    @Test
    void outsiderWithARaftIdOutsideTheGroupNeverJoins() throws Exception {
        GroupTopology topology = GroupTopology.onOneHost("127.0.0.1", 3);
        List<GroupMember> members = new ArrayList<>();
        try {
            for (GroupMemberAddress member : topology.members()) {
                members.add(GroupMember.start(topology, member.id(), dir.resolve(member.id()), FsyncPolicy.DEFAULT));
            }
            Await.until(WAIT, Duration.ofMillis(50), () -> members.stream().allMatch(m -> m.viewNames().size() == 3)
                    && members.stream().anyMatch(GroupMember::isLeader), () -> "the group did not form");

            OutsiderTrial.assertNeverJoins(members, topology, dir, null);
        } finally {
            members.forEach(GroupMember::close);
        }
    }
}
