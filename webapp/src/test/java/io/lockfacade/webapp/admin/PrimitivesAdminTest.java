package io.lockfacade.webapp.admin;

import io.lockfacade.api.LockGrant;
import io.lockfacade.server.service.ParkingPrimitiveService;
import io.lockfacade.webapp.MasterServer;
import io.lockfacade.webapp.testing.Masters;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.net.http.HttpResponse;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The page of read-write locks, semaphores and leaderships against a real master: what it lists, and its forms
 * (CSRF-checked, answered with a notice) that force-release, revoke and set a capacity.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class PrimitivesAdminTest {

    private static MasterServer master;
    private static ParkingPrimitiveService primitives;

    @BeforeAll
    static void startMaster() {
        master = Masters.start();
        primitives = master.service().primitives().orElseThrow();
    }

    @AfterAll
    static void stopMaster() {
        master.close();
    }

    @Test
    void thePageListsEveryPrimitiveAndItsFormsActAfterTheCsrfCheck() {
        master.service().openSession("node-a/1", 60_000);
        master.service().openSession("node-b/1", 60_000);
        LockGrant writer = primitives.tryWriteLockInSession("report", "q3", "node-a:t#1", "node-a/1", 0);
        primitives.tryAcquirePermits("pool", "db", "node-a:t#2", 2, 3, "node-a/1", 0);
        LockGrant leader = primitives.joinLeadership("nightly", "node-a", "node-a/1", 0);
        primitives.joinLeadership("nightly", "node-b", "node-b/1", 0);
        AdminClient admin = AdminClient.admin(master);

        String page = admin.get("/admin/primitives").body();
        assertTrue(page.contains("node-a:t#1 (token " + writer.getFencingToken() + ")"), page);
        assertTrue(page.contains("node-a:t#2 (token") && page.contains("2 permits"), page);
        assertTrue(page.contains("node-a, node-b"), page);
        assertTrue(admin.get("/admin/locks").body().contains("/admin/primitives"), "the lock page links to it");

        HttpResponse<String> forged = admin.post("/admin/primitives/release-read-write",
                AdminClient.form("type", "report", "key", "q3"));
        assertEquals(403, forged.statusCode(), "no CSRF token");
        assertNull(primitives.tryReadLockInSession("report", "q3", "node-b:t#1", "node-b/1", 0), "still written");

        String csrf = admin.csrfToken();
        HttpResponse<String> released = admin.post("/admin/primitives/release-read-write",
                AdminClient.form("_csrf", csrf, "type", "report", "key", "q3", "token",
                        String.valueOf(writer.getFencingToken())));
        assertEquals(303, released.statusCode(), released.body());
        assertTrue(admin.get(released.headers().firstValue("Location").orElseThrow()).body()
                .contains("Done: force-released read-write lock"));
        assertNotNull(primitives.tryReadLockInSession("report", "q3", "node-b:t#1", "node-b/1", 0));

        assertEquals(303, admin.post("/admin/primitives/capacity", AdminClient.form("_csrf", csrf, "type", "pool",
                "key", "db", "capacity", "5")).statusCode());
        assertEquals(3, primitives.availablePermits("pool", "db"));
        assertEquals(303, admin.post("/admin/primitives/release-permits", AdminClient.form("_csrf", csrf,
                "type", "pool", "key", "db")).statusCode());
        assertEquals(5, primitives.availablePermits("pool", "db"));

        HttpResponse<String> revoked = admin.post("/admin/primitives/revoke", AdminClient.form("_csrf", csrf,
                "name", "nightly", "epoch", String.valueOf(leader.getFencingToken())));
        assertEquals(303, revoked.statusCode());
        assertTrue(primitives.leadershipEpoch("nightly", "node-b") > leader.getFencingToken());
        HttpResponse<String> again = admin.post("/admin/primitives/revoke", AdminClient.form("_csrf", csrf,
                "name", "nightly", "epoch", String.valueOf(leader.getFencingToken())));
        assertTrue(admin.get(again.headers().firstValue("Location").orElseThrow()).body()
                .contains("Nothing changed"), "a stale epoch revokes nothing");
        assertEquals(400, admin.post("/admin/primitives/capacity", AdminClient.form("_csrf", csrf, "type", "pool",
                "key", "db", "capacity", "0")).statusCode());
    }
}
