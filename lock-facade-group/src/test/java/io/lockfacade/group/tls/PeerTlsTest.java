package io.lockfacade.group.tls;

import io.lockfacade.api.tls.TlsStores;
import io.lockfacade.group.raft.FsyncPolicy;
import io.lockfacade.group.raft.GroupMember;
import io.lockfacade.group.raft.GroupMemberAddress;
import io.lockfacade.group.raft.GroupTopology;
import io.lockfacade.group.raft.RaftTuning;
import io.lockfacade.testsupport.await.Await;
import io.lockfacade.testsupport.tls.PeerOutsider;
import io.lockfacade.testsupport.tls.TestPki;
import io.lockfacade.testsupport.tls.TlsProbe;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A group of three members in this JVM with mutual TLS between them, and outsiders that try to join it through a
 * member's Raft port: none ever appears in a member's view, and the term does not move.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PeerTlsTest {

    private static final String HOST = "127.0.0.1";
    private static final String PASSWORD = TestPki.PASSWORD;
    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final Duration POLL = Duration.ofMillis(50);
    private static final Duration WATCH = OutsiderTrial.WATCH;
    private static final List<String> MEMBERS = List.of("n1", "n2", "n3");

    @TempDir
    static Path dir;

    private TestPki ca;
    private Path truststore;
    private GroupTopology topology;
    private final List<GroupMember> members = new ArrayList<>();

    @BeforeAll
    void startGroup() throws Exception {
        ca = TestPki.create(dir, "group-ca");
        truststore = ca.truststore();
        topology = GroupTopology.onOneHost(HOST, MEMBERS.size());
        for (GroupMemberAddress member : topology.members()) {
            Path keystore = ca.issue(member.id() + ".p12", member.id(), "dns:" + member.id(), "ip:" + HOST);
            members.add(GroupMember.start(topology, member.id(), dir.resolve("data-" + member.id()),
                    FsyncPolicy.DEFAULT, tls(keystore, truststore)));
        }
        Await.until(WAIT, POLL, () -> members.stream().allMatch(m -> m.viewNames().size() == MEMBERS.size())
                && members.stream().anyMatch(GroupMember::isLeader), () -> "the TLS group did not form: "
                + members.stream().map(GroupMember::viewNames).toList());
    }

    @AfterAll
    void stopGroup() {
        members.forEach(GroupMember::close);
    }

    @Test
    void membersFormTheirGroupOverTls() throws IOException {
        assertViewsAreTheMembers();
        GroupMemberAddress n1 = topology.members().get(0);
        Path n2Keystore = dir.resolve("n2.p12");
        assertTrue(MemberNames.namesIn(TlsProbe.handshake(HOST, n1.raftPort(), n2Keystore, truststore))
                .contains("n1"));
    }

    @ParameterizedTest
    @EnumSource(PeerOutsider.class)
    void jgroupsOutsiderNeverJoins(PeerOutsider outsider) throws Exception {
        TlsStores stores = outsider.stores(ca, dir, "n1", HOST);
        OutsiderTrial.assertNeverJoins(members, topology, dir, stores == null ? null : new PeerTls(stores));
    }

    @Test
    void raftPortRefusesPlainTcpAndStrangersCertificates() throws Exception {
        GroupMemberAddress n1 = topology.members().get(0);
        long term = term();
        assertNull(TlsProbe.plainTcpAnswer(HOST, n1.raftPort(), WAIT), "a plain TCP peer gets at most a TLS alert");
        Path stranger = ca.issue("stranger.p12", "stranger", "dns:stranger.example");
        assertNotNull(TlsProbe.refusal(HOST, n1.raftPort(), null, truststore, WATCH));
        assertNotNull(TlsProbe.refusal(HOST, n1.raftPort(), stranger, truststore, WATCH));
        assertViewsAreTheMembers();
        assertEquals(term, term());
    }

    @ParameterizedTest
    @EnumSource(PeerOutsider.class)
    void failureDetectionPortRefusesOutsiders(PeerOutsider outsider) {
        int fdPort = topology.members().get(0).raftPort() + RaftTuning.FD_SOCK_OFFSET;
        TlsStores stores = outsider.stores(ca, dir, "n2", HOST);

        assertNotNull(TlsProbe.refusal(HOST, fdPort, stores == null ? null : stores.keystore(), truststore, WATCH));
    }

    @Test
    void failureDetectionPortAcceptsAMember() {
        int fdPort = topology.members().get(0).raftPort() + RaftTuning.FD_SOCK_OFFSET;

        assertNull(TlsProbe.refusal(HOST, fdPort, dir.resolve("n3.p12"), truststore, WATCH));
    }

    private void assertViewsAreTheMembers() {
        OutsiderTrial.assertViewsAreTheMembers(members);
    }

    private long term() {
        return members.stream().mapToLong(GroupMember::term).max().orElseThrow();
    }

    private static PeerTls tls(Path keystore, Path truststore) {
        return new PeerTls(new TlsStores(keystore, PASSWORD, truststore, PASSWORD));
    }
}
