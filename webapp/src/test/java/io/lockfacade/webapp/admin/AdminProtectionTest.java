package io.lockfacade.webapp.admin;

import io.lockfacade.api.LockLimits;
import io.lockfacade.server.table.LockKey;
import io.lockfacade.webapp.MasterServer;
import io.lockfacade.webapp.testing.Masters;
import io.lockfacade.webapp.testing.TableSnapshot;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static io.lockfacade.webapp.admin.AdminClient.form;
import static io.lockfacade.webapp.admin.LockFixtures.hold;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Who may reach the admin surface and what a refused request leaves behind: nothing changed. Credentials (401),
 * CSRF (403), methods (405), security headers, and separation from the Hessian endpoint and its secret.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class AdminProtectionTest {

    private static final String SECRET = "hessian-secret";

    private static MasterServer master;
    private static AdminClient admin;
    private long token;

    @BeforeAll
    static void startMaster() {
        master = Masters.start(options -> options.withSecret(SECRET));
        admin = AdminClient.admin(master);
    }

    @AfterAll
    static void stopMaster() {
        master.close();
    }

    @BeforeEach
    void holdALock() {
        token = hold(master, "order", "1", "node-a:main#1");
    }

    @AfterEach
    void clearTable() {
        LockFixtures.clear(master);
    }

    @ParameterizedTest
    @ValueSource(strings = {"/admin/locks", "/admin/api/locks", "/admin/static/admin.css", "/admin", "/admin/x"})
    void withoutCredentialsEverythingUnderAdminAsksForThem(String path) {
        HttpResponse<String> response = AdminClient.withAuthorization(master, null).get(path);
        assertEquals(401, response.statusCode());
        assertTrue(response.headers().firstValue("WWW-Authenticate").orElse("").startsWith("Basic realm="));
        assertFalse(response.body().contains("order"), "no data in a refusal");
    }

    @Test
    void wrongCredentialsAreRefused() {
        assertEquals(401, AdminClient.as(master, "admin", "guess").get("/admin/locks").statusCode());
        assertEquals(401, AdminClient.as(master, "root", Masters.ADMIN_PASSWORD).get("/admin/locks").statusCode());
        assertEquals(401, AdminClient.withAuthorization(master, "Basic not-base64!").get("/admin/locks").statusCode());
        assertEquals(401, AdminClient.withAuthorization(master, "Bearer x").get("/admin/api/locks").statusCode());
    }

    @Test
    void removalsWithoutTheRightCredentialsChangeNothing() {
        TableSnapshot before = TableSnapshot.of(master);
        AdminClient stranger = AdminClient.as(master, "admin", "guess");

        assertEquals(401, stranger.delete("/admin/api/locks?type=order&key=1").statusCode());
        assertEquals(401, stranger.post("/admin/locks/remove", form("_csrf", admin.csrfToken(), "type", "order",
                "key", "1", "confirm", "yes")).statusCode());
        assertEquals(401, AdminClient.withAuthorization(master, null)
                .delete("/admin/api/locks?type=order&all=true").statusCode());

        assertEquals(before, TableSnapshot.of(master));
    }

    @Test
    void theHessianSecretDoesNotOpenTheAdminPages() {
        HttpResponse<String> response = AdminClient.withAuthorization(master, null)
                .method("GET", "/admin/locks", Map.of(LockLimits.SECRET_HEADER, SECRET));
        assertEquals(401, response.statusCode());
    }

    @Test
    void theAdminSurfaceIsNotReachableThroughTheHessianEndpoint() {
        for (String path : new String[] {"/remoting/MemoryLockService/admin/locks", "/remoting/admin/locks",
                "/remoting/MemoryLockService/../../admin/locks"}) {
            HttpResponse<String> response = admin.method("GET", path, Map.of(LockLimits.SECRET_HEADER, SECRET));
            assertTrue(response.statusCode() >= 400, path + " answered " + response.statusCode());
            assertFalse(response.body().contains("class=\"brand\"") || response.body().contains("order"),
                    path + " answered " + response.statusCode() + ": " + response.body());
        }
    }

    @Test
    void aPostWithoutCsrfTokenIsRefusedAndRemovesNothing() {
        HttpResponse<String> response = admin.post("/admin/locks/remove",
                form("type", "order", "key", "1", "token", Long.toString(token), "confirm", "yes"));

        assertEquals(403, response.statusCode());
        assertTrue(response.body().contains("the form carries no CSRF token; nothing was changed"), response.body());
        assertHeld();
    }

    @Test
    void aPostWithAWrongOrForeignCsrfTokenIsRefusedAndRemovesNothing() {
        String foreign;
        try (MasterServer other = Masters.start()) {
            foreign = AdminClient.admin(other).csrfToken();
        }
        String genuine = admin.csrfToken();
        String tampered = genuine.substring(0, genuine.length() - 2) + (genuine.endsWith("AA") ? "BB" : "AA");

        for (String bad : new String[] {foreign, tampered, "", "x.y", "zzzzzzzzzzzzz.abc"}) {
            HttpResponse<String> response = admin.post("/admin/locks/remove-type",
                    form("_csrf", bad, "type", "order", "confirm", "yes"));
            assertEquals(403, response.statusCode(), bad);
        }
        assertHeld();
    }

    @Test
    void aJsonDeleteWithoutTheRequestedByHeaderIsRefusedAndRemovesNothing() {
        HttpResponse<String> response = admin.delete("/admin/api/locks?type=order&key=1", Map.of());

        assertEquals(403, response.statusCode());
        assertTrue(AdminClient.json(response).path("message").asString().contains("X-Requested-By"));
        assertHeld();
    }

    @Test
    void aGetNeverRemovesAnything() {
        String query = "?type=order&key=1&token=" + token + "&confirm=yes&all=true&_csrf=" + admin.csrfToken();
        assertEquals(405, admin.get("/admin/locks/remove" + query).statusCode());
        assertEquals(405, admin.get("/admin/locks/remove-type" + query).statusCode());
        assertEquals(200, admin.get("/admin/locks" + query).statusCode());
        assertEquals(200, admin.get("/admin/api/locks" + query).statusCode());
        assertEquals(405, admin.method("HEAD", "/admin/locks/remove" + query, Map.of()).statusCode());
        assertHeld();
    }

    @ParameterizedTest
    @ValueSource(strings = {"TRACE", "PUT", "PATCH", "OPTIONS"})
    void otherMethodsAreRefused(String method) {
        HttpResponse<String> response = admin.method(method, "/admin/api/locks?type=order&key=1",
                Map.of("X-Requested-By", "test"));
        assertEquals(405, response.statusCode());
        assertFalse(response.body().contains("Basic "), "TRACE must not echo the credentials");
        assertHeld();
    }

    @Test
    void everyAdminResponseCarriesTheSecurityHeaders() {
        for (HttpResponse<String> response : List.of(admin.get("/admin/locks"), admin.get("/admin/api/locks"),
                AdminClient.withAuthorization(master, null).get("/admin/locks"), admin.get("/admin/locks?page=x"))) {
            assertEquals(AdminRequestPolicyFilter.CONTENT_SECURITY_POLICY,
                    response.headers().firstValue("Content-Security-Policy").orElse(null), response.uri().toString());
            assertEquals("DENY", response.headers().firstValue("X-Frame-Options").orElse(null));
            assertEquals("nosniff", response.headers().firstValue("X-Content-Type-Options").orElse(null));
            assertEquals("no-store", response.headers().firstValue("Cache-Control").orElse(null));
        }
        assertFalse(AdminRequestPolicyFilter.CONTENT_SECURITY_POLICY.contains("unsafe-inline"));
    }

    @Test
    void thePageHasNoInlineScriptOrStyle() {
        String page = admin.get("/admin/locks").body();
        assertFalse(page.matches("(?s).*<script(?![^>]*\\ssrc=)[^>]*>.*"), "inline script");
        assertFalse(page.contains("style="), "inline style");
        assertFalse(page.contains(" onclick=") || page.contains(" onsubmit="), "inline handlers");
    }

    @Test
    void theJspsCannotBeRequestedDirectly() {
        assertEquals(404, admin.get("/WEB-INF/jsp/locks.jsp").statusCode());
        assertEquals(404, admin.get("/admin/../WEB-INF/jsp/locks.jsp").statusCode());
        assertEquals(404, admin.get("/admin/WEB-INF/jsp/locks.jsp").statusCode());
    }

    private void assertHeld() {
        assertEquals(token, master.service().table().describe(new LockKey("order", "1"))
                .orElseThrow(() -> new AssertionError("the lock was removed")).fencingToken());
    }
}
