package io.lockfacade.reliability;

import io.lockfacade.testkit.group.GroupChaosLimits;
import io.lockfacade.testkit.group.MasterGroup;
import io.lockfacade.reliability.testing.OutsiderWatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

/**
 * Without TLS, a JGroups process whose raft id is not in {@code --group} never enters the view of a group of 3
 * member JVMs (issue 27), and the group keeps its leader and term and serves.
 */
class PlainMasterGroupOutsiderTest {

    private static final Path LOGS = Path.of(System.getProperty("reliability.logs", "target/reliability-logs"))
            .resolve("group-plain-outsider");

    @TempDir
    Path data;

    @Test
    void aJGroupsProcessOutsideTheGroupNeverEntersAMembersView() throws Exception {
        try (MasterGroup group = MasterGroup.start(GroupChaosLimits.MEMBERS, data, LOGS,
                GroupChaosLimits.ADMIN_PASSWORD, GroupChaosLimits.MEMBER_JVM_OPTIONS)) {
            group.awaitLeader(GroupChaosLimits.LEADER_TIMEOUT);

            OutsiderWatch.assertNeverJoins(group, data.resolve("outsider"), null);
        }
    }
}
