package io.lockfacade.group.tls;

import io.lockfacade.api.tls.TlsStores;
import io.lockfacade.group.raft.FsyncPolicy;
import io.lockfacade.group.raft.GroupMember;
import io.lockfacade.group.raft.GroupMemberAddress;
import io.lockfacade.group.raft.GroupTopology;
import io.lockfacade.group.raft.LoopbackPorts;
import io.lockfacade.group.raft.RaftTuning;
import io.lockfacade.testsupport.await.Await;
import io.lockfacade.testsupport.tls.TestPki;
import io.lockfacade.testsupport.tls.TlsProbe;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
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
    private static final byte TLS_ALERT_RECORD = 21;

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

    @Test
    void jgroupsOutsiderWithoutCertificateNeverJoins() throws Exception {
        assertOutsiderNeverJoins(null);
    }

    @Test
    void outsiderWithCertificateOfAnotherCaNeverJoins() throws Exception {
        TestPki otherCa = TestPki.create(dir, "other-ca");
        Path keystore = otherCa.issue("other-n1.p12", "n1", "dns:n1", "ip:" + HOST);
        assertOutsiderNeverJoins(tls(keystore, otherCa.truststore()));
    }

    @Test
    void outsiderWithTheMembersCaButNoMembersNameNeverJoins() throws Exception {
        Path keystore = ca.issue("intruder.p12", "intruder", "dns:intruder.example");
        assertOutsiderNeverJoins(tls(keystore, truststore));
    }

    @Test
    void raftPortRefusesPlainTcpAndStrangersCertificates() throws Exception {
        GroupMemberAddress n1 = topology.members().get(0);
        long term = term();
        try (Socket plain = new Socket(HOST, n1.raftPort()); OutputStream out = plain.getOutputStream()) {
            out.write("GET / HTTP/1.1\r\nHost: n1\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            plain.setSoTimeout((int) WAIT.toMillis());
            byte[] reply = plain.getInputStream().readAllBytes(); // until the member closes the connection
            assertTrue(reply.length == 0 || reply[0] == TLS_ALERT_RECORD,
                    "a plain TCP peer gets at most a TLS alert back, got " + reply.length + " bytes");
        }
        Path stranger = ca.issue("stranger.p12", "stranger", "dns:stranger.example");
        assertNotNull(TlsProbe.refusal(HOST, n1.raftPort(), null, truststore, WATCH));
        assertNotNull(TlsProbe.refusal(HOST, n1.raftPort(), stranger, truststore, WATCH));
        assertViewsAreTheMembers();
        assertEquals(term, term());
    }

    @Test
    void failureDetectionPortAcceptsOnlyMembers() {
        int fdPort = topology.members().get(0).raftPort() + RaftTuning.FD_SOCK_OFFSET;
        TestPki otherCa = TestPki.create(dir, "fd-other-ca");
        Path foreign = otherCa.issue("fd-foreign.p12", "n2", "dns:n2", "ip:" + HOST);
        Path stranger = ca.issue("fd-stranger.p12", "stranger", "dns:stranger.example");

        assertNotNull(TlsProbe.refusal(HOST, fdPort, null, truststore, WATCH), "no certificate");
        assertNotNull(TlsProbe.refusal(HOST, fdPort, stranger, truststore, WATCH), "no member's name");
        assertNotNull(TlsProbe.refusal(HOST, fdPort, foreign, truststore, WATCH), "another CA");
        assertNull(TlsProbe.refusal(HOST, fdPort, dir.resolve("n3.p12"), truststore, WATCH), "a member");
    }

    private void assertOutsiderNeverJoins(PeerTls outsiderTls) throws Exception {
        OutsiderTrial.assertNeverJoins(members, topology, dir, outsiderTls);
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
