package io.lockfacade.webapp;

import io.lockfacade.api.MemoryLockService;
import io.lockfacade.api.NotLeaderException;
import io.lockfacade.group.raft.GroupMemberAddress;
import io.lockfacade.group.raft.GroupTopology;
import io.lockfacade.webapp.testing.HessianClients;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Three group members as in-process masters on loopback: the group status and the follower's fault. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class MasterGroupTest {

    private static final String PASSWORD = "group-test";
    private static final Duration LEADER_WAIT = Duration.ofSeconds(30);
    /**
     * The contract's fields in its order, each member with exactly its three fields; fields added after
     * {@code members} are let through.
     */
    private static final Pattern STATUS = Pattern.compile("\\{\"self\":\"(n\\d)\",\"leader\":(null|\"n\\d\"),"
            + "\"term\":(\\d+),\"members\":\\[(\\{\"id\":\"n\\d\",\"url\":\"http://127\\.0\\.0\\.1:\\d+\","
            + "\"role\":\"(LEADER|FOLLOWER|CANDIDATE|UNKNOWN)\"},?){3}](,.*)?}", Pattern.DOTALL);

    @TempDir
    Path dataRoot;

    private final List<MasterServer> masters = new ArrayList<>();
    private final HttpClient http = HttpClient.newHttpClient();
    private GroupTopology topology;

    @BeforeEach
    void startGroup() throws IOException {
        topology = GroupTopology.onOneHost("127.0.0.1", 3);
        for (GroupMemberAddress member : topology.members()) {
            MasterOptions options = MasterOptions.defaults(PASSWORD).withPort(member.httpPort());
            masters.add(MasterServer.start(new MasterOptions(options.host(), options.port(), options.defaultLease(),
                    options.waitCap(), null, options.adminUser(), PASSWORD, false,
                    new MasterGroupOptions(member.id(), topology, dataRoot.resolve(member.id())))));
        }
    }

    @AfterEach
    void stopGroup() {
        masters.forEach(MasterServer::stop);
    }

    @Test
    void everyMemberAnswersTheGroupStatusInTheContractsShapeAndAgreesOnTheLeader() throws Exception {
        String leader = awaitLeader();
        for (MasterServer master : masters) {
            String body = get(master.groupStatusUri().orElseThrow(), true).body();
            Matcher matcher = STATUS.matcher(body);
            assertTrue(matcher.matches(), body);
            assertEquals("\"" + leader + "\"", matcher.group(2), body);
            assertTrue(body.contains("{\"id\":\"" + leader + "\",\"url\":\""
                    + topology.require(leader).httpUri() + "\",\"role\":\"LEADER\""), body);
        }
    }

    @Test
    void theGroupStatusNeedsTheAdminCredentials() throws Exception {
        assertEquals(401, get(masters.get(0).groupStatusUri().orElseThrow(), false).statusCode());
    }

    @Test
    void aFollowerAnswersEveryHessianCallWithTheNotLeaderFaultNamingTheLeaderWithinOneSecond() throws Exception {
        String leader = awaitLeader();
        MasterServer leaderMaster = masters.get(Integer.parseInt(leader.substring(1)) - 1);
        MemoryLockService onLeader = HessianClients.proxy(leaderMaster.serviceUri());
        awaitServing(onLeader);
        for (MasterServer master : masters) {
            if (master == leaderMaster) {
                continue;
            }
            MemoryLockService follower = HessianClients.proxy(master.serviceUri());
            long start = System.nanoTime();
            NotLeaderException refused = assertThrows(NotLeaderException.class,
                    () -> follower.tryLock("orders", "k", "o", 0, 5_000));
            assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(1));
            assertEquals("not leader; leader is " + leaderMaster.serviceUri(), refused.getMessage());
            assertThrows(NotLeaderException.class, () -> follower.isLockTypeEmpty("orders"));
            assertThrows(NotLeaderException.class, () -> follower.openSession("node-a-1", 0));
        }
        assertNotNull(onLeader.tryLock("orders", "k", "o", 0, 0));
    }

    private void awaitServing(MemoryLockService leader) throws InterruptedException {
        long deadline = System.nanoTime() + LEADER_WAIT.toNanos();
        while (System.nanoTime() < deadline) {
            try {
                leader.isLockTypeEmpty("probe");
                return;
            } catch (NotLeaderException notYet) {
                Thread.sleep(50);
            }
        }
        throw new AssertionError("the leader did not serve within " + LEADER_WAIT);
    }

    private String awaitLeader() throws Exception {
        long deadline = System.nanoTime() + LEADER_WAIT.toNanos();
        while (System.nanoTime() < deadline) {
            List<String> leaders = new ArrayList<>();
            for (MasterServer master : masters) {
                Matcher matcher = STATUS.matcher(get(master.groupStatusUri().orElseThrow(), true).body());
                if (matcher.matches()) {
                    leaders.add(matcher.group(2));
                }
            }
            if (leaders.size() == masters.size() && !leaders.get(0).equals("null")
                    && leaders.stream().distinct().count() == 1) {
                return leaders.get(0).replace("\"", "");
            }
            Thread.sleep(100);
        }
        throw new AssertionError("the members did not agree on a leader within " + LEADER_WAIT);
    }

    private HttpResponse<String> get(URI uri, boolean withCredentials) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(5)).GET();
        if (withCredentials) {
            request.header("Authorization", "Basic " + Base64.getEncoder()
                    .encodeToString(("admin:" + PASSWORD).getBytes(StandardCharsets.UTF_8)));
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

}
