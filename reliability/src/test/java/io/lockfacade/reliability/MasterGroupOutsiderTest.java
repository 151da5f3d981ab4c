package io.lockfacade.reliability;

import io.lockfacade.api.tls.TlsStores;
import io.lockfacade.group.raft.RaftTuning;
import io.lockfacade.testkit.group.GroupChaosLimits;
import io.lockfacade.testkit.group.GroupTls;
import io.lockfacade.reliability.group.LoggedViews;
import io.lockfacade.testkit.group.MasterGroup;
import io.lockfacade.testkit.master.MasterProcess;
import io.lockfacade.reliability.testing.LoopbackTlsGroup;
import io.lockfacade.reliability.testing.OutsiderWatch;
import io.lockfacade.testsupport.tls.PeerOutsider;
import io.lockfacade.testsupport.tls.TlsProbe;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * Outsiders in the test's JVM against a master group of 3 member JVMs started with {@code --tls-keystore} and
 * {@code --tls-truststore} (issue 27): plain TCP to a Raft port, JGroups channels without a certificate, with one of
 * another CA, and with one of the members' CA naming no member never enter a member's view (read from the views each
 * member process logs), and the group keeps its leader and term and serves; the failure-detection port refuses the
 * same outsiders, yet a member's crash is still detected at once. One group serves the tests, in order.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class MasterGroupOutsiderTest {

    private static final String HOST = MasterProcess.LOOPBACK;

    @RegisterExtension
    static final LoopbackTlsGroup GROUP = new LoopbackTlsGroup("group-outsiders");

    @Test
    @Order(1)
    void everyRaftPortAnswersPlainTcpWithAtMostATlsAlert() throws Exception {
        MasterGroup group = GROUP.group();
        for (String id : group.ids()) {
            assertNull(TlsProbe.plainTcpAnswer(HOST, group.raftPort(id), OutsiderWatch.WATCH), id + "'s Raft port");
        }
        OutsiderWatch.assertLoggedViewsHoldOnlyMembers(group);
        OutsiderWatch.assertServes(group);
    }

    @ParameterizedTest
    @EnumSource(PeerOutsider.class)
    @Order(2)
    void aJGroupsOutsiderNeverEntersAMembersViewAndTheTermStays(PeerOutsider outsider) throws Exception {
        TlsStores stores = outsider.stores(GROUP.tls().ca(), GROUP.data(), "n1", HOST);

        OutsiderWatch.assertNeverJoins(GROUP.group(), GROUP.data().resolve("outsider-" + outsider), stores);
    }

    @ParameterizedTest
    @EnumSource(PeerOutsider.class)
    @Order(3)
    void theFailureDetectionPortRefusesOutsidersAndAcceptsAMember(PeerOutsider outsider) {
        GroupTls tls = GROUP.tls();
        String target = GROUP.group().ids().get(0);
        int fdPort = GROUP.group().raftPort(target) + RaftTuning.FD_SOCK_OFFSET;
        TlsStores stores = outsider.stores(tls.ca(), GROUP.data(), "n2", HOST);

        assertNull(TlsProbe.refusal(HOST, fdPort, tls.keystore("n2"), tls.truststore(), OutsiderWatch.WATCH),
                "n2 at " + target + "'s failure-detection port");
        assertNotNull(TlsProbe.refusal(HOST, fdPort, stores == null ? null : stores.keystore(), tls.truststore(),
                OutsiderWatch.WATCH), outsider + " at " + target + "'s failure-detection port");
    }

    @Test
    @Order(4)
    void aKilledMemberIsDroppedFromTheOthersViewsAndANewLeaderNamedAtOnce() throws Exception {
        MasterGroup group = GROUP.group();
        String leader = group.awaitLeader(GroupChaosLimits.SETTLE_TIMEOUT);
        List<String> others = group.ids().stream().filter(id -> !id.equals(leader)).toList();
        for (String id : others) {
            assertEquals(group.ids(), LoggedViews.last(group.jvm(id)).stream().sorted().toList(), id + "'s view");
        }

        long killed = System.nanoTime();
        group.kill(leader);
        long deadline = killed + GroupChaosLimits.CRASH_DETECTION.toNanos();
        while (others.stream().anyMatch(id -> LoggedViews.last(group.jvm(id)).contains(leader))) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError(leader + " still in the views of " + others + " "
                        + GroupChaosLimits.CRASH_DETECTION + " after its crash");
            }
            Thread.sleep(20);
        }
        long droppedMillis = Duration.ofNanos(System.nanoTime() - killed).toMillis();
        String next = group.awaitLeader(others, Duration.ofNanos(Math.max(0, deadline - System.nanoTime())));
        long electedMillis = Duration.ofNanos(System.nanoTime() - killed).toMillis();

        System.out.println("RELIABILITY group-tls outsiders: leader " + leader + " SIGKILL -> dropped from the views "
                + droppedMillis + " ms, " + next + " leader " + electedMillis + " ms");
    }
}
