package io.lockfacade.reliability;

import io.lockfacade.reliability.testing.CorrectClient;
import io.lockfacade.reliability.testing.ReplyChecks;
import io.lockfacade.reliability.testing.TableLines;
import io.lockfacade.testsupport.http.RawHttp;
import io.lockfacade.webapp.MasterOptions;
import io.lockfacade.webapp.MasterServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Hostile requests to the admin surface of an in-process master, most with valid credentials so they get past the
 * login: random paths, methods, parameters (huge, control characters, markup, traversal, numbers out of range) and
 * bodies. None may get a 5xx or a stack trace, and none may change the lock table. {@code -Dfuzz.admin.requests=N}
 * sends more.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class AdminHostileInputTest {

    private static final String ADMIN_PASSWORD = "fuzz-admin-password";
    private static final int REQUESTS = Integer.getInteger("fuzz.admin.requests", 1_000);

    private static MasterServer master;

    @BeforeAll
    static void startMasterHoldingALock() throws IOException {
        master = MasterServer.start(MasterOptions.defaults(ADMIN_PASSWORD).withPort(0));
        assertNotNull(master.service().tryLock("held", "k", "sentinel", TimeUnit.MINUTES.toMillis(10), 0));
    }

    @AfterAll
    static void stopMaster() {
        master.close();
    }

    @Test
    void theAdminSurfaceAnswersHostileRequestsWithoutA5xxOrAStackTrace() {
        List<String> tableBefore = TableLines.of(master, CorrectClient.TYPE);
        Random random = new Random(99);
        String auth = basicAuth();
        String[] paths = {"/admin/locks", "/admin/api/locks", "/admin/locks/remove", "/admin/locks/remove-type",
                "/admin/", "/admin", "/admin/api/", "/admin/api/locks/x", "/admin/%2e%2e/WEB-INF/web.xml",
                "/admin/WEB-INF/jsp/locks.jsp", "/admin/locks;jsessionid=1", "/admin/api/locks.json"};
        String[] names = {"type", "key", "q", "sort", "page", "size", "token", "all", "confirm", "back", "notice",
                "_csrf"};
        String[] methods = {"GET", "POST", "DELETE", "PUT", "PATCH", "OPTIONS", "TRACE", "HEAD"};
        Map<Integer, AtomicInteger> statuses = new TreeMap<>();
        int requests = REQUESTS;
        for (int i = 0; i < requests; i++) {
            StringBuilder query = new StringBuilder();
            for (int p = random.nextInt(5); p > 0; p--) {
                query.append(query.length() == 0 ? "" : "&").append(names[random.nextInt(names.length)]).append('=')
                        .append(hostileValue(random));
            }
            String path = paths[random.nextInt(paths.length)] + (query.length() == 0 ? "" : "?" + query);
            String method = methods[random.nextInt(methods.length)];
            HttpRequest.Builder request = HttpRequest.newBuilder(
                    master.adminUri().resolve(path)).timeout(RawHttp.REQUEST_TIMEOUT);
            if (random.nextInt(10) > 0) {
                request.header("Authorization", auth);
            }
            if (random.nextBoolean()) {
                request.header("X-Requested-By", "fuzz");
            }
            boolean form = random.nextBoolean();
            byte[] body = random.nextInt(3) > 0 ? new byte[0] : form
                    ? formBody(random, names).getBytes(StandardCharsets.UTF_8)
                    : randomBytes(random, random.nextInt(5_000));
            request.header("Content-Type", form ? "application/x-www-form-urlencoded" : "application/json");
            request.method(method, body.length == 0 ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofByteArray(body));
            HttpResponse<byte[]> response;
            try {
                response = RawHttp.send(request.build());
            } catch (UncheckedIOException noAnswer) {
                throw new AssertionError(method + " " + path + " got no answer", noAnswer);
            }
            statuses.computeIfAbsent(response.statusCode(), k -> new AtomicInteger()).incrementAndGet();
            assertTrue(response.statusCode() < 500, method + " " + path + " -> " + response.statusCode() + " "
                    + RawHttp.text(response.body()));
            assertEquals(null, ReplyChecks.leak(response.body()), method + " " + path + ": "
                    + RawHttp.text(response.body()));
        }
        System.out.println("RELIABILITY admin fuzz: requests=" + requests + " statuses=" + statuses);
        assertEquals(tableBefore, TableLines.of(master, CorrectClient.TYPE), "hostile admin requests changed the table");
    }

    /**
     * A query or form value that is not UTF-8 once decoded ({@code %FF}): Jetty's parameter parsing throws its own
     * 400 exception ({@code HttpException}), which the admin error mapping answers with its own 4xx code.
     */
    @Test
    void parametersThatAreNotUtf8AreRefusedWithA4xx() {
        String auth = basicAuth();
        HttpResponse<byte[]> form = RawHttp.send(HttpRequest.newBuilder(
                        master.adminUri().resolve("/admin/locks/remove")).timeout(RawHttp.REQUEST_TIMEOUT)
                .header("Authorization", auth).header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("type=held&key=%FF")).build());
        HttpResponse<byte[]> query = RawHttp.send(HttpRequest.newBuilder(
                        master.adminUri().resolve("/admin/api/locks?type=%FF")).timeout(RawHttp.REQUEST_TIMEOUT)
                .header("Authorization", auth).header("X-Requested-By", "test").DELETE().build());
        assertTrue(form.statusCode() >= 400 && form.statusCode() < 500, "form: status " + form.statusCode());
        assertTrue(query.statusCode() >= 400 && query.statusCode() < 500, "query: status " + query.statusCode());
    }

    private static String formBody(Random random, String[] names) {
        StringBuilder form = new StringBuilder();
        for (int p = 1 + random.nextInt(6); p > 0; p--) {
            String value = hostileValue(random);
            form.append(form.length() == 0 ? "" : "&").append(names[random.nextInt(names.length)]).append('=')
                    .append(value);
        }
        return form.toString();
    }

    private static byte[] randomBytes(Random random, int length) {
        byte[] bytes = new byte[length];
        random.nextBytes(bytes);
        return bytes;
    }

    private static String hostileValue(Random random) {
        String[] values = {"", "held", "k", "-1", "0", "99999999999999999999", "NaN", "1e9", "%00", "%0d%0aX:1",
                "%3Cscript%3Ealert(1)%3C%2Fscript%3E", "..%2F..%2Fetc%2Fpasswd", "%E2%80%AE", "%F0%9F%94%92",
                "x".repeat(1 + random.nextInt(5_000)), "yes", "true", "age", "lease", "%25%25"};
        return values[random.nextInt(values.length)];
    }

    private static String basicAuth() {
        return "Basic " + Base64.getEncoder().encodeToString(("admin:" + ADMIN_PASSWORD).getBytes(StandardCharsets.UTF_8));
    }
}
