package io.lockfacade.client.cluster;

import io.lockfacade.api.LockLostException;
import io.lockfacade.client.distributed.DistributeLock;
import io.lockfacade.client.distributed.DistributeLockSettings;
import io.lockfacade.client.transport.ClientTransportSettings;
import io.lockfacade.client.transport.MemoryLockServiceProxies;
import org.junit.jupiter.api.AfterEach;
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
import java.util.Base64;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The admin API of a master group of three member JVMs, with locks taken by the Java client given every member's
 * URL: the leader lists the node's lock, a follower refuses (421) naming the leader and removes nothing, and the
 * leader's removal (through the Raft log) is reported to the holding node as a lost lock while another node
 * takes it.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class GroupAdminJavaClientTest {

    private static final Duration LEADER_WAIT = Duration.ofSeconds(60);
    private static final String TYPE = "invoice";
    private static final String KEY = "2026-0117";
    private static final Pattern TOKEN = Pattern.compile("\"fencingToken\":(\\d+)");

    @TempDir
    Path dataRoot;

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private GroupProcesses group;

    @AfterEach
    void stopGroup() throws InterruptedException {
        if (group != null) {
            group.close();
        }
    }

    @Test
    void theLeaderListsAndRemovesAJavaClientsLockAndAFollowerPointsToTheLeader() throws Exception {
        group = GroupProcesses.start(dataRoot, 3);
        int leader = group.awaitLeader(LEADER_WAIT);
        int follower = (leader + 1) % group.size();
        try (DistributeLock holder = node("node-gadm-a"); DistributeLock other = node("node-gadm-b")) {
            holder.lock(TYPE, KEY, TimeUnit.SECONDS.toMillis(30));

            HttpResponse<String> listing = admin(leader, "GET", "/admin/api/locks?type=" + TYPE);
            assertEquals(200, listing.statusCode(), listing.body());
            assertTrue(listing.body().contains("\"ownerNode\":\"node-gadm-a\""), listing.body());
            Matcher token = TOKEN.matcher(listing.body());
            assertTrue(token.find(), listing.body());
            assertEquals(holder.fencingToken(TYPE, KEY).orElseThrow(), Long.parseLong(token.group(1)));

            HttpResponse<String> onFollower = admin(follower, "DELETE", "/admin/api/locks?type=" + TYPE + "&key="
                    + KEY);
            assertEquals(421, onFollower.statusCode(), onFollower.body());
            assertTrue(onFollower.body().contains(adminBase(leader) + "/admin/locks"), onFollower.body());
            assertEquals(200, admin(leader, "GET", "/admin/api/locks?type=" + TYPE).statusCode());
            assertTrue(admin(leader, "GET", "/admin/api/locks?type=" + TYPE).body().contains("node-gadm-a"),
                    "the follower removed nothing");

            HttpResponse<String> removal = admin(leader, "DELETE", "/admin/api/locks?type=" + TYPE + "&key=" + KEY
                    + "&token=" + token.group(1));
            assertEquals(200, removal.statusCode(), removal.body());

            assertTrue(other.tryLock(TYPE, KEY, 30, TimeUnit.SECONDS), "another node takes the removed lock");
            assertThrows(LockLostException.class, () -> holder.unlock(TYPE, KEY),
                    "the holding node learns its lock was removed");
            other.unlock(TYPE, KEY);
        }
    }

    private DistributeLock node(String nodeId) {
        return new DistributeLock(MemoryLockServiceProxies.create(group.masterUrls(),
                ClientTransportSettings.defaults().withConnectTimeout(Duration.ofSeconds(1))),
                DistributeLockSettings.defaults().withNodeId(nodeId));
    }

    private String adminBase(int member) {
        URI endpoint = group.endpoint(member);
        return "http://" + endpoint.getHost() + ":" + endpoint.getPort();
    }

    private HttpResponse<String> admin(int member, String method, String pathAndQuery)
            throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(URI.create(adminBase(member) + pathAndQuery))
                .timeout(Duration.ofSeconds(30))
                .header("Authorization", "Basic " + Base64.getEncoder().encodeToString(
                        ("admin:" + GroupProcesses.ADMIN_PASSWORD).getBytes(StandardCharsets.UTF_8)))
                .header("X-Requested-By", "group-admin-test")
                .method(method, HttpRequest.BodyPublishers.noBody()).build();
        return http.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    }
}
