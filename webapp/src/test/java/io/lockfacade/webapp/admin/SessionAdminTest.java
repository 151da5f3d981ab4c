package io.lockfacade.webapp.admin;

import io.lockfacade.webapp.MasterServer;
import io.lockfacade.webapp.testing.Masters;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

import java.net.http.HttpResponse;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static io.lockfacade.webapp.admin.AdminClient.encode;
import static io.lockfacade.webapp.admin.AdminClient.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The sessions page and the sessions part of the JSON API against a real master: listing, force-expiry, refusals. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SessionAdminTest {

    private static final String API = "/admin/api/sessions";
    private static final String SESSION = "node-7f3a/0b5e";

    private static MasterServer master;

    @BeforeAll
    static void startMaster() {
        master = Masters.start();
    }

    @AfterAll
    static void stopMaster() {
        master.close();
    }

    @AfterEach
    void closeSessions() {
        master.service().sessions().sessions().forEach(s -> master.service().closeSession(s.id()));
    }

    @Test
    void listsOpenSessionsWithTheirNodeAndLocks() {
        master.service().openSession(SESSION, 30_000);
        master.service().tryLockInSession("order", "1", "node-7f3a:t#1", SESSION, 0);
        master.service().tryLockInSession("order", "2", "node-7f3a:t#1", SESSION, 0);

        HttpResponse<String> response = AdminClient.admin(master).get(API);

        assertEquals(200, response.statusCode(), response.body());
        JsonNode session = json(response).get(0);
        assertEquals(SESSION, session.path("id").asString());
        assertEquals("node-7f3a", session.path("node").asString());
        assertEquals(2, session.path("locks").asInt());
        assertEquals(30_000, session.path("ttlMillis").asLong());
        assertTrue(session.path("expiresInMillis").asLong() > 0);
        assertTrue(session.path("lastKeepAlive").asString().endsWith("Z"));
    }

    @Test
    void forceExpiryReleasesEveryLockOfTheSessionAndHandsThemToWaiters() {
        master.service().openSession(SESSION, 30_000);
        master.service().tryLockInSession("order", "1", "node-7f3a:t#1", SESSION, 0);
        master.service().tryLockInSession("order", "2", "node-7f3a:t#1", SESSION, 0);

        HttpResponse<String> response = AdminClient.admin(master).delete(API + "?id=" + encode(SESSION));

        assertEquals(200, response.statusCode(), response.body());
        assertEquals(2, json(response).path("locksReleased").asInt());
        assertTrue(master.service().isLockTypeEmpty("order"));
        assertEquals(-1, master.service().keepAliveSession(SESSION));
        assertEquals(404, AdminClient.admin(master).delete(API + "?id=" + encode(SESSION)).statusCode());
    }

    @Test
    void thePageListsSessionsAndItsFormExpiresOneAfterTheCsrfCheck() {
        master.service().openSession(SESSION, 30_000);
        master.service().tryLockInSession("order", "1", "node-7f3a:t#1", SESSION, 0);
        AdminClient admin = AdminClient.admin(master);

        String page = admin.get("/admin/sessions").body();
        assertTrue(page.contains(SESSION) && page.contains("node-7f3a"), page);
        assertTrue(admin.get("/admin/locks").body().contains("/admin/sessions"), "the lock page links to sessions");

        HttpResponse<String> forged = admin.post("/admin/sessions/expire", AdminClient.form("id", SESSION));
        assertEquals(403, forged.statusCode(), "no CSRF token");
        assertEquals(0, master.service().keepAliveSession(SESSION));

        HttpResponse<String> done = admin.post("/admin/sessions/expire",
                AdminClient.form("_csrf", admin.csrfToken(), "id", SESSION));
        assertEquals(303, done.statusCode(), done.body());
        String location = done.headers().firstValue("Location").orElseThrow();
        assertTrue(location.startsWith("/admin/sessions?notice="), location);
        assertEquals(-1, master.service().keepAliveSession(SESSION));
        assertTrue(master.service().isLockTypeEmpty("order"));
        String after = admin.get(location).body();
        assertTrue(after.contains("Session " + SESSION + " expired: 1 lock(s) released."), after);
        assertTrue(after.contains("No open session."), after);
    }

    @Test
    void refusalsChangeNothing() {
        master.service().openSession(SESSION, 30_000);
        master.service().tryLockInSession("order", "1", "node-7f3a:t#1", SESSION, 0);
        AdminClient admin = AdminClient.admin(master);

        assertEquals(400, admin.delete(API).statusCode(), "no id");
        assertEquals(403, admin.delete(API + "?id=" + encode(SESSION), Map.of()).statusCode(), "no X-Requested-By");
        assertEquals(401, AdminClient.as(master, "admin", "wrong").delete(API + "?id=" + encode(SESSION))
                .statusCode());

        assertEquals(0, master.service().keepAliveSession(SESSION));
        assertNull(master.service().tryLock("order", "1", "other", 0, 0));
    }
}
