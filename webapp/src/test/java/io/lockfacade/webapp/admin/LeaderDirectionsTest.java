package io.lockfacade.webapp.admin;

import io.lockfacade.group.raft.GroupStatus;
import io.lockfacade.group.raft.MemberRole;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What a master-group member that cannot serve the lock list tells the operator, for each view of the group. */
class LeaderDirectionsTest {

    private static GroupStatus status(String self, String leader, MemberRole selfRole) {
        return new GroupStatus(self, leader, 7, List.of(
                new GroupStatus.Member("n1", "http://10.0.0.1:8080", self.equals("n1") ? selfRole
                        : "n1".equals(leader) ? MemberRole.LEADER : MemberRole.FOLLOWER),
                new GroupStatus.Member("n2", "http://10.0.0.2:8080", self.equals("n2") ? selfRole
                        : "n2".equals(leader) ? MemberRole.LEADER : MemberRole.FOLLOWER)));
    }

    @Test
    void aFollowerNamesTheLeaderAndItsPageWith421() {
        LeaderDirections directions = LeaderDirections.of(status("n1", "n2", MemberRole.FOLLOWER));

        assertEquals(421, directions.status());
        assertEquals("n2", directions.leaderId());
        assertEquals("http://10.0.0.2:8080/admin/locks", directions.leaderUrl());
        assertTrue(directions.message().startsWith("This member (n1) is a follower"), directions.message());
        assertTrue(directions.message().contains("n2, at http://10.0.0.2:8080/admin/locks"), directions.message());
        assertEquals(421, directions.refusal().status());
    }

    @Test
    void withoutAKnownLeaderItIs503AndSaysToTryAgain() {
        LeaderDirections directions = LeaderDirections.of(status("n1", null, MemberRole.CANDIDATE));

        assertEquals(503, directions.status());
        assertNull(directions.leaderUrl());
        assertTrue(directions.message().contains("knows no leader"), directions.message());
        assertTrue(directions.message().endsWith("Nothing was changed."), directions.message());
    }

    @Test
    void aLeaderThatCannotConfirmItsLeadershipIs503AndLinksNowhere() {
        LeaderDirections directions = LeaderDirections.of(status("n2", "n2", MemberRole.LEADER));

        assertEquals(503, directions.status());
        assertNull(directions.leaderUrl());
        assertTrue(directions.message().contains("could not confirm it with a majority"), directions.message());
    }
}
