package io.lockfacade.reliability;

import io.lockfacade.api.LockGrant;
import io.lockfacade.api.LockLimits;
import io.lockfacade.api.LockServiceUnavailableException;
import io.lockfacade.client.transport.ClientTransportSettings;
import io.lockfacade.client.transport.MemoryLockServiceProxies;
import io.lockfacade.client.transport.RemoteMemoryLockService;
import io.lockfacade.testkit.master.MasterProcess;
import io.lockfacade.reliability.testing.BytecodeAudit;
import io.lockfacade.reliability.testing.ReplyChecks;
import io.lockfacade.server.transport.SecretCheck;
import io.lockfacade.testsupport.hessian.HessianCalls;
import io.lockfacade.testsupport.http.RawHttp;
import io.lockfacade.webapp.admin.AdminCredentials;
import io.lockfacade.webapp.admin.CsrfTokens;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Authentication against a real master JVM started with a secret and an admin password (from the environment, as
 * docs/security.md recommends), its own loggers at TRACE: wrong or missing secrets on {@code /remoting}, wrong admin
 * credentials and admin changes without their CSRF proof are all refused and change nothing; the comparisons are
 * timing-safe by construction; and neither secret ever reaches the master's log, whatever was sent.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class AuthenticationTest {

    private static final String SECRET = "s3cret-" + UUID.randomUUID();
    private static final String ADMIN_USER = "admin";
    private static final String ADMIN_PASSWORD = "pw-" + UUID.randomUUID();
    private static final String TYPE = "guarded";
    private static final String KEY = "k";
    private static final String HOLDER = "holder";
    private static final long LEASE = Duration.ofMinutes(5).toMillis();

    private static MasterProcess master;
    private static RemoteMemoryLockService trusted;
    private static long heldToken;

    @BeforeAll
    static void startMasterHoldingALock() {
        Path logs = Path.of(System.getProperty("reliability.logs", "target/reliability-logs")).resolve("auth");
        master = MasterProcess.start(new MasterProcess.Settings("master", logs, SECRET, ADMIN_PASSWORD,
                List.of("-Xmx128m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
                        "-Dorg.slf4j.simpleLogger.log.io.lockfacade=trace"), List.of()));
        trusted = MemoryLockServiceProxies.create(master.serviceUri(),
                ClientTransportSettings.defaults().withSecret(SECRET));
        LockGrant grant = trusted.tryLock(TYPE, KEY, HOLDER, LEASE, 0);
        assertNotNull(grant);
        heldToken = grant.getFencingToken();
    }

    @AfterAll
    static void stopMaster() {
        master.close();
    }

    @Test
    @Order(1)
    void callsWithoutTheRightSecretAreRefusedWith401AndChangeNothing() {
        byte[] steal = HessianCalls.call("unlock", TYPE, KEY, HOLDER);
        byte[] grab = HessianCalls.call("tryLock", TYPE, KEY, "intruder", LEASE, 0L);
        List<Map<String, String>> wrongHeaders = List.of(Map.of(),
                Map.of(LockLimits.SECRET_HEADER, ""),
                Map.of(LockLimits.SECRET_HEADER, SECRET + "x"),
                Map.of(LockLimits.SECRET_HEADER, SECRET.substring(0, SECRET.length() - 1)),
                Map.of(LockLimits.SECRET_HEADER, SECRET.toUpperCase()),
                Map.of(LockLimits.SECRET_HEADER, SECRET + "," + SECRET),
                Map.of("X-Lock-Secrets", SECRET),
                Map.of("Authorization", "Bearer " + SECRET));
        for (Map<String, String> headers : wrongHeaders) {
            for (byte[] call : List.of(steal, grab)) {
                HttpResponse<byte[]> response = RawHttp.post(master.serviceUri(), call, headers);
                assertEquals(401, response.statusCode(), "headers " + headers.keySet());
                assertNull(ReplyChecks.leak(response.body()));
                assertFalse(RawHttp.text(response.body()).contains(SECRET));
            }
        }
        RemoteMemoryLockService wrongSecret = MemoryLockServiceProxies.create(master.serviceUri(),
                ClientTransportSettings.defaults().withSecret(SECRET + "!"));
        LockServiceUnavailableException refused = assertThrows(LockServiceUnavailableException.class,
                () -> wrongSecret.unlock(TYPE, KEY, HOLDER));
        assertTrue(refused.getMessage().contains("401"), refused.getMessage());
        assertFalse(refused.getMessage().contains(SECRET), "the client's error names the secret");

        assertLockStillHeldByHolder();
    }

    @Test
    @Order(2)
    void theAdminPagesRefuseWrongCredentials() {
        List<Map<String, String>> wrong = List.of(Map.of(),
                Map.of("Authorization", basic(ADMIN_USER, ADMIN_PASSWORD + "x")),
                Map.of("Authorization", basic(ADMIN_USER, "")),
                Map.of("Authorization", basic("root", ADMIN_PASSWORD)),
                Map.of("Authorization", basic(ADMIN_USER, SECRET)),
                Map.of("Authorization", "Basic !!!not-base64!!!"),
                Map.of("Authorization", "Bearer " + ADMIN_PASSWORD),
                Map.of(LockLimits.SECRET_HEADER, SECRET));
        for (String path : List.of("/admin/locks", "/admin/api/locks", "/admin/", "/admin/locks/remove")) {
            for (Map<String, String> headers : wrong) {
                HttpResponse<byte[]> response = RawHttp.send(request(path, headers).GET().build());
                assertEquals(401, response.statusCode(), path + " with " + headers.keySet());
                assertNull(ReplyChecks.leak(response.body()), path);
            }
        }
        HttpResponse<byte[]> wrongPasswordDelete = RawHttp.send(request("/admin/api/locks?type=" + TYPE + "&key="
                + KEY, Map.of("Authorization", basic(ADMIN_USER, "guess"), "X-Requested-By", "attacker"))
                .DELETE().build());
        assertEquals(401, wrongPasswordDelete.statusCode());
        assertEquals(200, RawHttp.send(request("/admin/api/locks", admin()).GET().build()).statusCode(),
                "the right credentials are let in (so the refusals above are about the credentials)");
        assertLockStillHeldByHolder();
    }

    @Test
    @Order(3)
    void adminChangesWithoutTheirCsrfProofAreRefusedAndChangeNothing() {
        String form = "type=" + TYPE + "&key=" + KEY + "&token=" + heldToken + "&confirm=yes&back=%2Fadmin%2Flocks";
        List<HttpRequest> forged = List.of(
                post("/admin/locks/remove", form, Map.of()),
                post("/admin/locks/remove", form + "&" + CsrfTokens.FIELD + "=", Map.of()),
                post("/admin/locks/remove", form + "&" + CsrfTokens.FIELD + "=0.AAAA", Map.of()),
                post("/admin/locks/remove", form + "&" + CsrfTokens.FIELD + "=" + forgedToken(),
                        Map.of("Origin", "https://evil.example", "Referer", "https://evil.example/")),
                post("/admin/locks/remove-type", "type=" + TYPE + "&confirm=yes", Map.of()),
                request("/admin/api/locks?type=" + TYPE + "&key=" + KEY, admin()).DELETE().build(),
                request("/admin/api/locks?type=" + TYPE + "&all=true", admin()).DELETE().build(),
                request("/admin/api/locks?type=" + TYPE + "&key=" + KEY, with(admin(), "X-Requested-By", " "))
                        .DELETE().build());
        for (HttpRequest request : forged) {
            HttpResponse<byte[]> response = RawHttp.send(request);
            assertEquals(403, response.statusCode(), request.method() + " " + request.uri());
            assertNull(ReplyChecks.leak(response.body()), request.uri().toString());
            assertLockStillHeldByHolder();
        }

        // The same removal with its proof works, so the refusals above are about the missing proof.
        assertNotNull(trusted.tryLock("throwaway", "k", "someone", LEASE, 0));
        HttpResponse<byte[]> scripted = RawHttp.send(request("/admin/api/locks?type=throwaway&key=k",
                with(admin(), "X-Requested-By", "reliability-test")).DELETE().build());
        assertEquals(200, scripted.statusCode(), RawHttp.text(scripted.body()));
        assertFalse(trusted.unlock("throwaway", "k", "someone"), "the scripted removal did not remove");
    }

    @Test
    @Order(4)
    void secretAndPasswordChecksCompareInConstantTime() {
        // Timing is not measured (too noisy to mean anything here); the code is: each check hashes both sides and
        // compares the digests with MessageDigest.isEqual, and never with an early-exit equals.
        List<String> earlyExit = List.of("java/lang/String.equals", "java/lang/String.equalsIgnoreCase",
                "java/lang/String.contentEquals", "java/lang/String.compareTo", "java/util/Arrays.equals",
                "java/util/Objects.equals", "java/lang/String.regionMatches");
        Map<Class<?>, String> checks = Map.of(SecretCheck.class, "admits", AdminCredentials.class, "admits",
                CsrfTokens.class, "verify");
        checks.forEach((type, method) -> {
            List<String> invoked = BytecodeAudit.invokedBy(type, method);
            assertTrue(invoked.contains("java/security/MessageDigest.isEqual"),
                    type.getSimpleName() + "." + method + " calls " + invoked);
            assertTrue(invoked.stream().noneMatch(earlyExit::contains),
                    type.getSimpleName() + "." + method + " compares with an early-exit equals: " + invoked);
        });

        SecretCheck check = SecretCheck.requiring(SECRET);
        assertTrue(check.admits(SECRET));
        for (String wrong : new String[] {null, "", SECRET + "x", SECRET.substring(1), SECRET.toUpperCase()}) {
            assertFalse(check.admits(wrong), String.valueOf(wrong));
        }
        assertFalse(check.toString().contains(SECRET));
        assertFalse(new AdminCredentials(ADMIN_USER, ADMIN_PASSWORD).toString().contains(ADMIN_PASSWORD));
        assertFalse(ClientTransportSettings.defaults().withSecret(SECRET).toString().contains(SECRET));
    }

    @Test
    @Order(5)
    void neitherSecretEverReachesTheMastersLog() throws Exception {
        // A correct client's traffic too, and refused calls that carry the right secret (the master logs those at
        // DEBUG), so that the log holds every kind of request the master saw.
        assertTrue(trusted.unlock(TYPE, KEY, HOLDER));
        assertNotNull(trusted.tryLock(TYPE, KEY, HOLDER, LEASE, 0));
        Map<String, String> rightSecret = Map.of(LockLimits.SECRET_HEADER, SECRET);
        assertEquals(200, RawHttp.post(master.serviceUri(), HessianCalls.call("shutdown", SECRET), rightSecret)
                .statusCode());
        assertEquals(200, RawHttp.post(master.serviceUri(), HessianCalls.call("renew", TYPE, KEY, HOLDER, 1L),
                rightSecret).statusCode());
        assertEquals(200, RawHttp.post(master.serviceUri(), new byte[] {'H', 2, 0, 'C', 'x'}, rightSecret)
                .statusCode());
        String log = String.join("\n", master.jvm().lines());
        assertTrue(log.contains("secret required"), "the master log was not captured: " + log);
        List<String> secrets = List.of(SECRET, ADMIN_PASSWORD,
                Base64.getEncoder().encodeToString((ADMIN_USER + ":" + ADMIN_PASSWORD).getBytes(StandardCharsets.UTF_8)),
                SECRET.substring(7)); // the random part alone
        for (String secret : secrets) {
            assertFalse(log.contains(secret), "the master's log contains a secret");
        }
        System.out.println("RELIABILITY auth: 401 for " + 8 * 2 + " wrong-secret calls and " + 4 * 8
                + " wrong admin logins, 403 for 8 CSRF-less changes, constant-time checks in SecretCheck,"
                + " AdminCredentials and CsrfTokens, secrets absent from " + log.lines().count() + " log lines");
    }

    private static void assertLockStillHeldByHolder() {
        assertNull(trusted.tryLock(TYPE, KEY, "prober", LEASE, 0), "the guarded lock was freed");
        assertEquals(heldToken, trusted.tryLock(TYPE, KEY, HOLDER, LEASE, 0).getFencingToken(),
                "the guarded lock changed hands");
    }

    private static HttpRequest.Builder request(String path, Map<String, String> headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(base().resolve(path)).timeout(RawHttp.REQUEST_TIMEOUT);
        headers.forEach(request::header);
        return request;
    }

    private static HttpRequest post(String path, String form, Map<String, String> extraHeaders) {
        return request(path, with(admin(), "Content-Type", "application/x-www-form-urlencoded", extraHeaders))
                .POST(HttpRequest.BodyPublishers.ofString(form)).build();
    }

    private static Map<String, String> admin() {
        return Map.of("Authorization", basic(ADMIN_USER, ADMIN_PASSWORD));
    }

    private static Map<String, String> with(Map<String, String> headers, String name, String value) {
        return with(headers, name, value, Map.of());
    }

    private static Map<String, String> with(Map<String, String> headers, String name, String value,
                                            Map<String, String> more) {
        Map<String, String> all = new java.util.HashMap<>(headers);
        all.put(name, value);
        all.putAll(more);
        return all;
    }

    /** A token in the right shape, made with a key the master does not have. */
    private static String forgedToken() {
        byte[] key = new byte[32];
        return new CsrfTokens(key, java.time.Clock.systemUTC()).issue(ADMIN_USER);
    }

    private static String basic(String user, String password) {
        return "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    }

    private static URI base() {
        return master.serviceUri().resolve("/");
    }
}
