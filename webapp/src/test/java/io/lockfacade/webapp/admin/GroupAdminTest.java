package io.lockfacade.webapp.admin;

import io.lockfacade.api.LockGrant;
import io.lockfacade.api.MemoryLockService;
import io.lockfacade.group.service.GroupLockListing;
import io.lockfacade.server.table.LockInfo;
import io.lockfacade.server.table.LockKey;
import io.lockfacade.webapp.MasterServer;
import io.lockfacade.webapp.testing.HessianClients;
import io.lockfacade.webapp.testing.StderrCapture;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static io.lockfacade.webapp.admin.AdminClient.encode;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The admin page and API on a 3-member master group of in-process masters on loopback: the leader lists and
 * removes through the Raft log, followers point to the leader and change nothing. Every test uses its own lock
 * keys, on one group for the class. A leader change in the middle of a test (seen here only under heavy load)
 * fails that test with {@code NotLeaderException}: it asserts on one leader's answers.
 */
class GroupAdminTest extends GroupAdminFixture {

    private static final long LEASE_MILLIS = 60_000;
    private static final Duration REPLICATION_WAIT = Duration.ofSeconds(10);

    @Test
    void theLeadersPageAndApiListALockTakenThroughHessianWithTheGroupPanel() {
        LockGrant grant = locks.tryLock("listed", "order-1", "node-a:main#1", LEASE_MILLIS, 0);
        assertNotNull(grant);

        JsonNode listing = AdminClient.json(ok(AdminClient.admin(leader).get("/admin/api/locks?type=listed")));
        assertEquals(1, listing.get("matching").asInt());
        JsonNode row = listing.get("locks").get(0);
        assertEquals("order-1", row.get("key").asString());
        assertEquals("node-a:main#1", row.get("owner").asString());
        assertEquals(grant.getFencingToken(), row.get("fencingToken").asLong());
        assertTrue(row.get("leaseRemainingMillis").asLong() > 0 && row.get("leaseRemainingMillis").asLong()
                <= LEASE_MILLIS, row.toString());
        assertTrue(listing.get("master").get("grantCount").asLong() >= 1, listing.toString());

        String page = ok(AdminClient.admin(leader).get("/admin/locks?type=listed")).body();
        assertTrue(page.contains("id=\"group-panel\""), page);
        assertTrue(page.contains(">order-1<"), page);
        assertTrue(page.contains("id=\"group-leader-since\""), page);
        assertTrue(page.contains("(this member)"), page);
    }

    @Test
    void aFollowersPageShowsTheGroupAndLinksToTheLeadersPageWithoutListingLocks() {
        assertNotNull(locks.tryLock("hidden", "on-follower", "node-a:main#1", LEASE_MILLIS, 0));
        String leaderPage = leaderPageUrl();
        for (MasterServer follower : followers) {
            String page = ok(AdminClient.admin(follower).get("/admin/locks")).body();
            assertTrue(page.contains("id=\"group-panel\""), page);
            assertTrue(page.contains("is a follower"), page);
            assertTrue(page.contains("id=\"leader-link\" href=\"" + leaderPage + "\""), page);
            assertFalse(page.contains("on-follower"), page);
            assertFalse(page.contains("id=\"locks\""), page);

            String sessions = ok(AdminClient.admin(follower).get("/admin/sessions")).body();
            assertTrue(sessions.contains("id=\"leader-link\""), sessions);
            assertFalse(sessions.contains("No open session"), sessions);
        }
    }

    @Test
    void aFollowersApiAnswers421NamingTheLeaderAndRemovesNothing() throws Exception {
        LockGrant grant = locks.tryLock("guarded", "k", "node-a:main#1", LEASE_MILLIS, 0);
        String sessionId = "node-s/" + "f".repeat(8);
        locks.openSession(sessionId, 30_000);
        for (MasterServer follower : followers) {
            AdminClient admin = AdminClient.admin(follower);
            HttpResponse<String> listing = admin.get("/admin/api/locks");
            assertEquals(421, listing.statusCode(), listing.body());
            assertTrue(AdminClient.json(listing).get("message").asString().contains(leaderPageUrl()),
                    listing.body());

            HttpResponse<String> removal = admin.delete("/admin/api/locks?type=guarded&key=k&token="
                    + grant.getFencingToken());
            assertEquals(421, removal.statusCode(), removal.body());
            assertEquals(421, admin.delete("/admin/api/locks?type=guarded&all=true").statusCode());
            assertEquals(421, admin.delete("/admin/api/sessions?id=" + encode(sessionId)).statusCode());
            assertEquals(421, admin.get("/admin/api/sessions").statusCode());
            // A page form without this member's CSRF token is refused before anything else.
            assertEquals(403, admin.post("/admin/locks/remove", AdminClient.form("type", "guarded", "key", "k",
                    "confirm", "yes")).statusCode());
        }
        Thread.sleep(200); // would let a wrongly proposed removal reach every member
        for (MasterServer member : group.members()) {
            assertEquals(Optional.of(grant.getFencingToken()), heldToken(member, "guarded", "k"));
        }
        assertTrue(locks.keepAliveSession(sessionId) >= 0, "the session is still open");
    }

    @Test
    void removalOnTheLeaderGoesThroughTheLogFreesTheLockOnEveryMemberHandsItToTheWaiterAndIsAudited()
            throws Exception {
        LockGrant first = locks.tryLock("removed", "order-7", "node-a:main#1", LEASE_MILLIS, 0);
        MemoryLockService second = HessianClients.proxy(leader.serviceUri());
        CompletableFuture<LockGrant> waiting = CompletableFuture.supplyAsync(
                () -> second.tryLock("removed", "order-7", "node-b:main#1", LEASE_MILLIS, 20_000));
        awaitWaiter(new LockKey("removed", "order-7"));

        HttpResponse<String> removal;
        String log;
        try (StderrCapture stderr = StderrCapture.start()) {
            removal = AdminClient.admin(leader).delete("/admin/api/locks?type=removed&key=order-7&token="
                    + first.getFencingToken());
            log = stderr.text();
        }
        assertEquals(200, removal.statusCode(), removal.body());
        JsonNode body = AdminClient.json(removal);
        assertEquals(1, body.get("count").asInt());
        assertEquals(first.getFencingToken(), body.get("removed").get(0).get("fencingToken").asLong());
        assertEquals("node-b:main#1", body.get("heldNow").get("owner").asString(), "the answer names the waiter");
        assertTrue(log.contains("admin removal: user \"admin\"") && log.contains("type=\"removed\" key=\"order-7\""
                + " owner=\"node-a:main#1\" token=" + first.getFencingToken()), log);

        LockGrant handedOver = waiting.get(20, TimeUnit.SECONDS);
        assertNotNull(handedOver, "the waiting owner gets the removed lock");
        assertEquals("node-b:main#1", handedOver.getOwner());
        assertTrue(handedOver.getFencingToken() > first.getFencingToken());
        for (MasterServer member : group.members()) {
            awaitHeldToken(member, "removed", "order-7", handedOver.getFencingToken());
        }
        assertFalse(locks.renew("removed", "order-7", "node-a:main#1", LEASE_MILLIS), "the former holder lost it");
    }

    @Test
    void aStaleTokenOrAFreedLockRemovesNothingOnTheLeader() {
        LockGrant held = locks.tryLock("stale", "k", "node-a:main#1", LEASE_MILLIS, 0);
        AdminClient admin = AdminClient.admin(leader);
        assertEquals(409, admin.delete("/admin/api/locks?type=stale&key=k&token=" + (held.getFencingToken() - 1))
                .statusCode());
        assertEquals(404, admin.delete("/admin/api/locks?type=stale&key=never-held").statusCode());
        assertEquals(Optional.of(held.getFencingToken()), heldToken(leader, "stale", "k"));
    }

    @Test
    void thePageRemovalOnTheLeaderTakesTheCsrfTokenAndComesBackWithTheOutcome() {
        LockGrant held = locks.tryLock("paged", "k", "node-a:main#1", LEASE_MILLIS, 0);
        AdminClient admin = AdminClient.admin(leader);
        String token = admin.csrfToken();
        HttpResponse<String> removed = admin.post("/admin/locks/remove", AdminClient.form("_csrf", token,
                "type", "paged", "key", "k", "token", Long.toString(held.getFencingToken()), "back", "",
                "confirm", "yes"));
        assertEquals(303, removed.statusCode(), removed.body());
        String outcome = admin.get(removed.headers().firstValue("Location").orElseThrow()).body();
        assertTrue(outcome.contains("Removed lock paged/k held by node-a:main#1 (token " + held.getFencingToken()),
                outcome);
        assertEquals(Optional.empty(), heldToken(leader, "paged", "k"));
    }

    @Test
    void forceExpiringASessionOnTheLeaderReleasesItsLocksOnEveryMember() throws Exception {
        String sessionId = "node-x/" + "a".repeat(8);
        locks.openSession(sessionId, 30_000);
        assertNotNull(locks.tryLockInSession("sessioned", "k1", "node-x:main#1", sessionId, 0));
        assertNotNull(locks.tryLockInSession("sessioned", "k2", "node-x:main#1", sessionId, 0));

        JsonNode sessions = AdminClient.json(ok(AdminClient.admin(leader).get("/admin/api/sessions")));
        JsonNode listed = null;
        for (JsonNode session : sessions) {
            if (session.get("id").asString().equals(sessionId)) {
                listed = session;
            }
        }
        assertNotNull(listed, sessions.toString());
        assertEquals(2, listed.get("locks").asInt());
        assertEquals("node-x", listed.get("node").asString());

        HttpResponse<String> expired = AdminClient.admin(leader).delete("/admin/api/sessions?id=" + encode(sessionId));
        assertEquals(200, expired.statusCode(), expired.body());
        assertEquals(2, AdminClient.json(expired).get("locksReleased").asInt());
        for (MasterServer member : group.members()) {
            awaitFree(member, "sessioned", "k1");
            awaitFree(member, "sessioned", "k2");
        }
        assertTrue(locks.keepAliveSession(sessionId) < 0, "the node learns its session ended");
        assertEquals(404, AdminClient.admin(leader).delete("/admin/api/sessions?id=" + encode(sessionId))
                .statusCode());
    }

    @Test
    void aMemberServesItsCallMeters() {
        locks.isLockTypeEmpty("metered");
        HttpResponse<String> scrape = ok(AdminClient.admin(leader).get("/admin/metrics"));
        assertTrue(scrape.body().contains("lockfacade_master_calls_seconds_count{method=\"isLockTypeEmpty\""),
                scrape.body());
    }

    @Test
    void everyMemberCountsItsRaftLogsAppendsAndEntriesForEntriesPerFsync() {
        locks.isLockTypeEmpty("log-counted");
        for (MasterServer member : group.members()) {
            String body = ok(AdminClient.admin(member).get("/admin/metrics")).body();
            double appends = counter(body, "lockfacade_group_log_appends_total");
            double entries = counter(body, "lockfacade_group_log_entries_total");
            assertTrue(appends > 0 && entries >= appends, "appends " + appends + ", entries " + entries);
        }
    }

    @Test
    void theLeaderServesLocksHeldAndGrantsSinceStartFromTheReplicatedTableAndFollowersDoNot() throws Exception {
        long grantsBefore = grantCount();
        assertNotNull(locks.tryLock("counted", "k", "counter", 60_000, 0));
        assertNotNull(locks.tryLock("counted", "k", "counter", 60_000, 0)); // the holder's retry: not a new grant
        assertEquals(grantsBefore + 1, grantCount());
        assertTrue(ok(AdminClient.admin(leader).get("/admin/locks")).body().contains("id=\"grant-count\">"
                + (grantsBefore + 1) + "<"), "the lock page shows grants since start");
        assertTrue(counter(ok(AdminClient.admin(leader).get("/admin/metrics")).body(),
                "lockfacade_master_locks_held") >= 1);
        for (MasterServer follower : group.followersOf(leader)) {
            assertTrue(Double.isNaN(counter(ok(AdminClient.admin(follower).get("/admin/metrics")).body(),
                    "lockfacade_master_locks_held")), "a follower leaves the gauge to the leader");
        }
        assertTrue(locks.unlock("counted", "k", "counter"));
    }

    private long grantCount() {
        return AdminClient.json(ok(AdminClient.admin(leader).get("/admin/api/locks"))).get("master")
                .get("grantCount").asLong();
    }

    private static double counter(String scrape, String name) {
        return scrape.lines().filter(line -> line.startsWith(name + " ")).mapToDouble(line ->
                Double.parseDouble(line.substring(name.length() + 1).trim())).findFirst()
                .orElseThrow(() -> new AssertionError(name + " is missing from the scrape:\n" + scrape));
    }

    @Test
    void wrongOrMissingCredentialsAre401OnEveryMember() {
        for (MasterServer member : group.members()) {
            assertEquals(401, AdminClient.as(member, "admin", "wrong").get("/admin/locks").statusCode());
            assertEquals(401, AdminClient.withAuthorization(member, null).get("/admin/api/locks").statusCode());
            assertEquals(401, AdminClient.withAuthorization(member, null).get("/admin/api/group").statusCode());
        }
    }

    @Test
    void badInputIsAClearErrorAndChangesNothing() {
        LockGrant held = locks.tryLock("bad", "k", "node-a:main#1", LEASE_MILLIS, 0);
        AdminClient admin = AdminClient.admin(leader);
        HttpResponse<String> noKey = admin.delete("/admin/api/locks?type=bad");
        assertEquals(400, noKey.statusCode());
        assertTrue(AdminClient.json(noKey).get("message").asString().contains("all=true"), noKey.body());
        assertEquals(400, admin.delete("/admin/api/locks?type=bad&key=k&token=abc").statusCode());
        assertEquals(400, admin.get("/admin/api/locks?page=0").statusCode());
        assertEquals(400, admin.delete("/admin/api/sessions?id=").statusCode());
        assertEquals(400, AdminClient.admin(followers.get(0)).delete("/admin/api/sessions").statusCode());
        assertEquals(Optional.of(held.getFencingToken()), heldToken(leader, "bad", "k"));
    }

    @Test
    void theGroupStatusKeepsTheContractsFieldsAndAddsTheLeadersViewOfEachFollower() {
        JsonNode status = AdminClient.json(ok(AdminClient.admin(leader).get("/admin/api/group")));
        String leaderId = status.get("self").asString();
        assertEquals(leaderId, status.get("leader").asString());
        assertTrue(status.get("term").asLong() > 0);
        assertTrue(status.get("commitIndex").asLong() > 0 && status.get("appliedIndex").asLong() > 0, status.toString());
        assertTrue(status.get("leaderSinceEpochMillis").asLong() <= System.currentTimeMillis());
        for (JsonNode member : status.get("members")) {
            assertEquals(3, member.size(), "a member keeps exactly the contract's fields: " + member);
            assertEquals(member.get("id").asString().equals(leaderId) ? "LEADER" : "FOLLOWER",
                    member.get("role").asString());
        }
        assertEquals(status.get("members").size() - 1, status.get("followers").size(), status.toString());
        for (JsonNode follower : status.get("followers")) {
            assertFalse(follower.get("id").asString().equals(leaderId), follower.toString());
            assertTrue(follower.get("lagEntries").asLong() >= 0, follower.toString());
            assertTrue(follower.get("matchIndex").asLong() > 0, follower.toString());
            assertTrue(follower.get("lastResponseMillis").asLong() >= 0, follower.toString());
        }
        JsonNode onFollower = AdminClient.json(ok(AdminClient.admin(followers.get(0)).get("/admin/api/group")));
        assertEquals(leaderId, onFollower.get("leader").asString());
        assertTrue(onFollower.get("leaderSince").isNull());
        assertEquals(0, onFollower.get("followers").size());
        assertTrue(onFollower.get("leaderContactMillis").asLong() >= 0, onFollower.toString());
    }

    private String leaderPageUrl() {
        return "http://127.0.0.1:" + leader.port() + AdminPages.LOCKS_PATH;
    }

    private static Optional<Long> heldToken(MasterServer member, String type, String key) {
        Map<LockKey, LockInfo> held = GroupLockListing.of(member.groupService().orElseThrow())
                .locks(System.currentTimeMillis());
        return Optional.ofNullable(held.get(new LockKey(type, key))).map(LockInfo::fencingToken);
    }

    private static void awaitHeldToken(MasterServer member, String type, String key, long token)
            throws InterruptedException {
        long deadline = System.nanoTime() + REPLICATION_WAIT.toNanos();
        while (!Optional.of(token).equals(heldToken(member, type, key))) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError(type + "/" + key + " is not held under token " + token + " on " + member
                        .port() + " within " + REPLICATION_WAIT + ": " + heldToken(member, type, key));
            }
            Thread.sleep(20);
        }
    }

    private static void awaitFree(MasterServer member, String type, String key) throws InterruptedException {
        long deadline = System.nanoTime() + REPLICATION_WAIT.toNanos();
        while (heldToken(member, type, key).isPresent()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError(type + "/" + key + " still held on " + member.port());
            }
            Thread.sleep(20);
        }
    }

    private void awaitWaiter(LockKey key) throws InterruptedException {
        long deadline = System.nanoTime() + REPLICATION_WAIT.toNanos();
        while (leader.groupService().orElseThrow().waitingFor(key) == 0) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("no waiter parked on " + key);
            }
            Thread.sleep(20);
        }
    }

}
