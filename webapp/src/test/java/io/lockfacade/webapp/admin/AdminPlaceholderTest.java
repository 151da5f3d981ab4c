package io.lockfacade.webapp.admin;

import io.lockfacade.webapp.MasterServer;
import io.lockfacade.webapp.testing.Masters;
import io.lockfacade.webapp.testing.RawHessian;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The admin placeholder: behind HTTP Basic with the admin credentials, rendered through the JSP set-up. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class AdminPlaceholderTest {

    private static MasterServer master;

    @BeforeAll
    static void startMaster() {
        master = Masters.start();
    }

    @AfterAll
    static void stopMaster() {
        master.close();
    }

    @Test
    void withoutCredentialsTheAdminPageAsksForThem() {
        HttpResponse<byte[]> response = get(master.adminUri().toString(), null);
        assertEquals(401, response.statusCode());
        assertTrue(response.headers().firstValue("WWW-Authenticate").orElse("").startsWith("Basic realm="));
    }

    @Test
    void aWrongPasswordIsRefused() {
        assertEquals(401, get(master.adminUri().toString(), basic("admin", "guess")).statusCode());
        assertEquals(401, get(master.adminUri().toString(), basic("root", Masters.ADMIN_PASSWORD)).statusCode());
        assertEquals(401, get(master.adminUri().toString(), "Basic not-base64!").statusCode());
    }

    @Test
    void everythingUnderAdminIsProtected() {
        assertEquals(401, get(master.adminUri().resolve("/admin/api/locks").toString(), null).statusCode());
    }

    @Test
    void theRightCredentialsShowThePlaceholderRenderedByJsp() {
        HttpResponse<byte[]> response = get(master.adminUri().toString(), basic("admin", Masters.ADMIN_PASSWORD));
        String body = new String(response.body(), StandardCharsets.UTF_8);
        assertEquals(200, response.statusCode(), body);
        assertTrue(body.contains("The admin page comes in a later release."), body);
        assertTrue(body.contains("Locks held now: 0"), "the EL expression was evaluated: " + body);
    }

    private static String basic(String user, String password) {
        return "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    }

    private static HttpResponse<byte[]> get(String uri, String authorization) {
        HttpRequest.Builder request = HttpRequest.newBuilder(java.net.URI.create(uri)).GET();
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        return RawHessian.send(request.build());
    }
}
