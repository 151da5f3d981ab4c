package io.lockfacade.webapp.admin;

import io.lockfacade.api.LockGrant;
import io.lockfacade.webapp.MasterServer;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What an operator sees of a 3-member master group (in-process masters on loopback) that a single master shows too:
 * the per-type lock counters of {@code /admin/metrics}, counted by the leader from the entries it applies, and the
 * activity page, served by the leader and pointed to by the followers.
 */
class GroupActivityAndMetersTest extends GroupAdminFixture {

    private static final Duration EVENT_WAIT = Duration.ofSeconds(15);

    @Test
    void theLeaderCountsGrantsReleasesAndExpiriesByTypeAndFollowersDoNot() throws InterruptedException {
        String type = "group-metered";
        LockGrant grant = locks.tryLock(type, "released", "owner-1", 60_000, 0);
        assertNotNull(grant);
        assertNotNull(locks.tryLock(type, "released", "owner-1", 60_000, 0), "the holder's retry: not a new grant");
        assertTrue(locks.unlock(type, "released", "owner-1"));
        assertNotNull(locks.tryLock(type, "expiring", "owner-2", 300, 0));

        await(() -> counter(leader, "lockfacade_master_expiries_total", type) == 1, "the lease's expiry is counted");
        assertEquals(2, counter(leader, "lockfacade_master_grants_total", type));
        assertEquals(1, counter(leader, "lockfacade_master_releases_total", type));
        for (MasterServer follower : followers) {
            assertEquals(0, counter(follower, "lockfacade_master_grants_total", type), "a follower counts nothing");
            assertEquals(0, counter(follower, "lockfacade_master_releases_total", type));
        }
        assertEquals(2, counter(leader, "lockfacade_master_grant_wait_seconds_count", type), "every grant timed");
    }

    @Test
    void theLeaderCountsParkedCallsAndTimesAGrantFromWhenItsCallParked() throws Exception {
        String type = "group-waited";
        assertNotNull(locks.tryLock(type, "k", "holder", 60_000, 0));
        CompletableFuture<LockGrant> waiter = CompletableFuture.supplyAsync(
                () -> locks.tryLock(type, "k", "waiter", 60_000, 10_000));
        await(() -> counter(leader, "lockfacade_master_waits_total", type) == 1, "the parked call is counted");
        long heldMillis = 300;
        Thread.sleep(heldMillis);
        assertTrue(locks.unlock(type, "k", "holder"));

        assertNotNull(waiter.get(EVENT_WAIT.toMillis(), TimeUnit.MILLISECONDS));
        await(() -> counter(leader, "lockfacade_master_grant_wait_seconds_count", type) == 2, "both grants timed");
        double waitedSeconds = counter(leader, "lockfacade_master_grant_wait_seconds_sum", type);
        assertTrue(waitedSeconds >= heldMillis / 1000.0, "the waiter's grant waited " + waitedSeconds + " s");
        for (MasterServer follower : followers) {
            assertEquals(0, counter(follower, "lockfacade_master_waits_total", type), "calls park on the leader");
        }
    }

    @Test
    void theLeaderServesTheActivityPageAndFollowersPointToIt() throws InterruptedException {
        for (int i = 0; i < 5; i++) {
            assertNotNull(locks.tryLock("group-activity", "k" + i, "owner", 60_000, 0));
        }
        await(() -> grantsSampled(AdminClient.json(ok(AdminClient.admin(leader).get(
                ActivityController.ACTIVITY_API_PATH)))) >= 5, "the leader's samples count the grants");
        assertTrue(ok(AdminClient.admin(leader).get(ActivityController.ACTIVITY_PATH)).body()
                .contains("Grants per second"));
        assertTrue(ok(AdminClient.admin(leader).get(AdminPages.LOCKS_PATH)).body().contains("id=\"activity-link\""));

        String leaderBase = "http://127.0.0.1:" + leader.port();
        for (MasterServer follower : followers) {
            HttpResponse<String> page = AdminClient.admin(follower).get(ActivityController.ACTIVITY_PATH);
            assertEquals(302, page.statusCode(), page.body());
            assertEquals(leaderBase + ActivityController.ACTIVITY_PATH,
                    page.headers().firstValue("Location").orElseThrow());
            HttpResponse<String> api = AdminClient.admin(follower).get(ActivityController.ACTIVITY_API_PATH);
            assertEquals(421, api.statusCode(), api.body());
            assertTrue(AdminClient.json(api).get("message").asString()
                    .contains(leaderBase + ActivityController.ACTIVITY_API_PATH), api.body());
            assertFalse(ok(AdminClient.admin(follower).get(AdminPages.LOCKS_PATH)).body()
                    .contains("id=\"activity-link\""), "a follower's page links no activity of its own");
        }
    }

    private static long grantsSampled(JsonNode report) {
        long grants = 0;
        for (JsonNode point : report.get("samples")) {
            grants += point.get("grants").asLong();
        }
        return grants;
    }

    private static void await(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + EVENT_WAIT.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not within " + EVENT_WAIT + ": " + what);
            }
            Thread.sleep(50);
        }
    }

    private static String scrape(MasterServer member) {
        return ok(AdminClient.admin(member).get("/admin/metrics")).body();
    }

    /** @return a per-type counter's value in a member's scrape; 0 if the member has no such series */
    private static double counter(MasterServer member, String name, String type) {
        String prefix = name + "{type=\"" + type + "\"} ";
        return scrape(member).lines().filter(line -> line.startsWith(prefix))
                .mapToDouble(line -> Double.parseDouble(line.substring(prefix.length()).trim())).findFirst()
                .orElse(0);
    }
}
