package io.lockfacade.webapp.admin;

import io.lockfacade.server.table.Handout;
import io.lockfacade.webapp.MasterServer;
import io.lockfacade.webapp.testing.Masters;
import io.lockfacade.webapp.testing.TableProbe;
import io.lockfacade.webapp.testing.TableSnapshot;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.JsonNode;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static io.lockfacade.webapp.admin.AdminClient.encode;
import static io.lockfacade.webapp.admin.AdminClient.json;
import static io.lockfacade.webapp.admin.LockFixtures.hold;
import static io.lockfacade.webapp.admin.LockFixtures.park;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The JSON API at /admin/api/locks against a real master: listing, paging, removal and its error answers. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class AdminApiTest {

    private static final String API = "/admin/api/locks";

    private static MasterServer master;
    private static AdminClient admin;

    @BeforeAll
    static void startMaster() {
        master = Masters.start();
        admin = AdminClient.admin(master);
    }

    @AfterAll
    static void stopMaster() {
        master.close();
    }

    @AfterEach
    void clearTable() {
        LockFixtures.clear(master);
    }

    @Test
    void listsEveryLockWithTheMastersFigures() {
        long token = hold(master, "order", "A-42", "node-7f3a:pool-1-thread-3#57");
        park(master, "order", "A-42", "node-b:worker#9");

        JsonNode body = ok(API);

        JsonNode lock = body.path("locks").get(0);
        assertEquals("order", lock.path("type").asString());
        assertEquals("A-42", lock.path("key").asString());
        assertEquals("node-7f3a:pool-1-thread-3#57", lock.path("owner").asString());
        assertEquals("node-7f3a", lock.path("ownerNode").asString());
        assertEquals("pool-1-thread-3#57", lock.path("ownerThread").asString());
        assertEquals(token, lock.path("fencingToken").asLong());
        assertEquals(1, lock.path("waiters").asInt());
        assertTrue(lock.path("acquiredAt").asString().endsWith("Z"));
        assertTrue(lock.path("leaseRemainingMillis").asLong() > 0);
        assertEquals(1, body.path("master").path("lockCount").asInt());
        assertTrue(body.path("master").path("grantCount").asLong() >= 1);
        assertTrue(body.path("master").path("uptimeMillis").asLong() >= 0);
        assertEquals(1, body.path("totalsPerType").path("order").asInt());
        assertEquals(1, body.path("matching").asInt());
        assertEquals("age", body.path("query").path("sort").asString());
        assertTrue(body.path("query").path("type").isNull());
    }

    @Test
    void filtersByTypeAndKeySubstringWhileTotalsCountEverything() {
        hold(master, "order", "A-1", "n:t#1");
        hold(master, "order", "B-2", "n:t#1");
        hold(master, "stock", "A-3", "n:t#1");

        JsonNode body = ok(API + "?type=order&q=A");

        assertEquals(List.of("A-1"), keys(body));
        assertEquals(1, body.path("matching").asInt());
        assertEquals(2, body.path("totalsPerType").path("order").asInt());
        assertEquals(1, body.path("totalsPerType").path("stock").asInt());
    }

    @Test
    void pagesTwoHundredFiftyLocksByOneHundred() {
        for (int i = 0; i < 250; i++) {
            hold(master, "bulk", String.format("k%03d", i), "n:t#1");
        }

        JsonNode first = ok(API);
        JsonNode third = ok(API + "?page=3");

        assertEquals(100, first.path("locks").size());
        assertEquals(3, first.path("pageCount").asInt());
        assertEquals(250, first.path("matching").asInt());
        assertEquals(50, third.path("locks").size());
        assertEquals("k200", third.path("locks").get(0).path("key").asString());
        assertEquals(0, ok(API + "?page=4").path("locks").size());
        assertEquals(10, ok(API + "?size=10").path("locks").size());
    }

    @Test
    void sortsByAgeOrSoonestExpiry() throws InterruptedException {
        hold(master, "order", "long-lease", "n:t#1", LockFixtures.LEASE_MILLIS);
        Thread.sleep(5);
        hold(master, "order", "short-lease", "n:t#1", 60_000);

        assertEquals(List.of("long-lease", "short-lease"), keys(ok(API + "?sort=age")));
        assertEquals(List.of("short-lease", "long-lease"), keys(ok(API + "?sort=lease")));
    }

    @Test
    void deleteRemovesOneLockAndTheOldestWaiterGetsIt() throws Exception {
        long token = hold(master, "order", "1", "node-a:main#1");
        CompletableFuture<Handout> waiter = park(master, "order", "1", "node-b:main#1");
        TableProbe.awaitWaiters(master, "order", "1", 1);

        HttpResponse<String> response = admin.delete(API + "?type=order&key=1&token=" + token);

        assertEquals(200, response.statusCode(), response.body());
        JsonNode body = json(response);
        assertEquals(1, body.path("count").asInt());
        assertEquals("node-a:main#1", body.path("removed").get(0).path("owner").asString());
        assertEquals(token, body.path("removed").get(0).path("fencingToken").asLong());
        assertEquals("node-b:main#1", body.path("heldNow").path("owner").asString());
        assertEquals("node-b:main#1", waiter.get(5, TimeUnit.SECONDS).grant().getOwner());
        assertFalse(master.service().renew("order", "1", "node-a:main#1", 0));
    }

    @Test
    void deleteOfALockNotHeldIsA404SayingItWasAlreadyReleased() {
        HttpResponse<String> response = admin.delete(API + "?type=order&key=gone");

        assertEquals(404, response.statusCode());
        assertTrue(json(response).path("message").asString().contains("was already released"), response.body());
    }

    @Test
    void deleteWithAnOutdatedTokenIsA409AndRemovesNothing() {
        long old = hold(master, "order", "1", "n:a#1");
        master.service().unlock("order", "1", "n:a#1");
        hold(master, "order", "1", "n:b#2");
        TableSnapshot before = TableSnapshot.of(master);

        HttpResponse<String> response = admin.delete(API + "?type=order&key=1&token=" + old);

        assertEquals(409, response.statusCode());
        assertTrue(json(response).path("message").asString().contains("changed hands"));
        assertEquals(before, TableSnapshot.of(master));
    }

    @Test
    void deleteWithAllTrueRemovesEveryLockOfTheType() {
        hold(master, "order", "1", "n:t#1");
        hold(master, "order", "2", "n:t#1");
        hold(master, "stock", "1", "n:t#1");

        HttpResponse<String> response = admin.delete(API + "?type=order&all=true");

        assertEquals(200, response.statusCode());
        assertEquals(2, json(response).path("count").asInt());
        assertEquals(List.of("1", "2"), keysOf(json(response).path("removed")));
        assertEquals(1, master.service().table().size());
        assertEquals(0, json(admin.delete(API + "?type=order&all=true")).path("count").asInt());
    }

    @Test
    void keysWithReservedCharactersAreAddressedExactly() {
        String key = "a&b=c d+e/%<>";
        hold(master, "order", key, "n:t#1");

        assertEquals(List.of(key), keys(ok(API + "?q=" + encode("&b=c d+"))));
        assertEquals(200, admin.delete(API + "?type=order&key=" + encode(key)).statusCode());
        assertEquals(0, master.service().table().size());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "GET|?page=0|page must be a whole number from 1",
        "GET|?page=two|page must be a whole number from 1",
        "GET|?page=99999999999|page must be a whole number from 1",
        "GET|?size=5000|size must be a whole number from 1 to 1000",
        "GET|?sort=random|sort must be \"age\" or \"lease\"",
        "GET|?type=a%01b|type must not contain control characters",
        "DELETE|?key=1|type is required",
        "DELETE|?type=order|name the lock with key=..., or pass all=true",
        "DELETE|?type=order&key=|key must not be empty",
        "DELETE|?type=order&key=1&all=true|give either key or all=true",
        "DELETE|?type=order&key=1&token=-3|token must be a fencing token",
        "DELETE|?type=order&key=1&token=abc|token must be a fencing token",
    })
    void badParametersAreA400NamingTheParameter(String method, String query, String message) {
        hold(master, "order", "1", "n:t#1");
        TableSnapshot before = TableSnapshot.of(master);

        HttpResponse<String> response = "GET".equals(method) ? admin.get(API + query) : admin.delete(API + query);

        assertEquals(400, response.statusCode(), response.body());
        assertTrue(response.headers().firstValue("Content-Type").orElse("").startsWith("application/json"));
        JsonNode body = json(response);
        assertEquals(400, body.path("status").asInt());
        assertTrue(body.path("message").asString().startsWith(message), body.path("message").asString());
        assertEquals(before, TableSnapshot.of(master));
    }

    @Test
    void aTooLongTypeIsA400() {
        HttpResponse<String> response = admin.get(API + "?type=" + "t".repeat(257));
        assertEquals(400, response.statusCode());
        assertTrue(json(response).path("message").asString().startsWith("type must be at most 256 characters"));
    }

    @Test
    void otherMethodsAndUnknownPathsAnswerInJson() {
        HttpResponse<String> post = admin.post(API, AdminClient.form("_csrf", admin.csrfToken()));
        assertEquals(405, post.statusCode());
        assertEquals("GET, HEAD, DELETE", post.headers().firstValue("Allow").orElse(null));
        assertEquals(405, json(post).path("status").asInt());
        HttpResponse<String> unknown = admin.get("/admin/api/nothing");
        assertEquals(404, unknown.statusCode());
        assertEquals(404, json(unknown).path("status").asInt());
    }

    @Test
    void aHostileKeyComesBackAsJsonTextNotMarkup() {
        hold(master, "order", "<script>alert(1)</script>", "n:t#1");

        HttpResponse<String> response = admin.get(API);

        assertTrue(response.headers().firstValue("Content-Type").orElse("").startsWith("application/json"));
        assertEquals("nosniff", response.headers().firstValue("X-Content-Type-Options").orElse(null));
        assertEquals("<script>alert(1)</script>", json(response).path("locks").get(0).path("key").asString());
    }

    @Test
    void aHundredThousandLocksStillAnswerAFilteredPageQuickly() {
        int locks = 100_000;
        for (int i = 0; i < locks; i++) {
            master.service().tryLock(i % 2 == 0 ? "even" : "odd", "k" + i, "n:t#1", LockFixtures.LEASE_MILLIS, 0);
        }
        ok(API + "?type=even&q=k99");

        long start = System.nanoTime();
        JsonNode body = ok(API + "?q=k1234");
        Duration took = Duration.ofNanos(System.nanoTime() - start);

        assertEquals(locks, body.path("master").path("lockCount").asInt());
        assertEquals(List.of("k1234", "k12340"), keys(body).subList(0, 2));
        assertTrue(took.compareTo(Duration.ofSeconds(5)) < 0, "took " + took);
    }

    private static JsonNode ok(String pathAndQuery) {
        HttpResponse<String> response = admin.get(pathAndQuery);
        assertEquals(200, response.statusCode(), response.body());
        return json(response);
    }

    private static List<String> keys(JsonNode listing) {
        return keysOf(listing.path("locks"));
    }

    private static List<String> keysOf(JsonNode locks) {
        List<String> keys = new ArrayList<>();
        locks.forEach(lock -> keys.add(lock.path("key").asString()));
        return keys;
    }
}
