package io.lockfacade.webapp.activity;

import io.lockfacade.webapp.MasterServer;
import io.lockfacade.webapp.admin.ActivityController;
import io.lockfacade.webapp.admin.AdminClient;
import io.lockfacade.webapp.testing.ActivityLoad;
import io.lockfacade.webapp.testing.Masters;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * {@code /admin/api/activity} and {@code /admin/activity} of a real master over HTTP, fed by real Hessian calls:
 * the sampler's figures follow what clients do.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ActivityApiTest {

    private static final Duration PATIENCE = Duration.ofSeconds(20);

    private MasterServer master;
    private AdminClient admin;

    @BeforeEach
    void startMaster() {
        master = Masters.start();
        admin = AdminClient.admin(master);
    }

    @AfterEach
    void stopMaster() {
        master.close();
    }

    private JsonNode awaitReport(String what, Predicate<JsonNode> wanted) throws InterruptedException {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        JsonNode report;
        do {
            HttpResponse<String> response = admin.get(ActivityController.ACTIVITY_API_PATH);
            assertEquals(200, response.statusCode(), response.body());
            report = AdminClient.json(response);
            if (wanted.test(report)) {
                return report;
            }
            Thread.sleep(100);
        } while (System.nanoTime() < deadline);
        fail("the activity never showed " + what + ": " + report);
        return report;
    }

    @Test
    void parkedCallsShowAsWaitersAndTheirTypeAsTheHottest() throws Exception {
        try (ActivityLoad load = ActivityLoad.on(master)) {
            load.parkWaiters("order", "ORD-1", 3);
            load.parkWaiters("invoice", "INV-1", 1);
            JsonNode report = awaitReport("4 waiters and 1 s of waiting", r -> r.get("waiters").asInt() == 4
                    && r.get("longestWaitMillis").asLong() >= 1_000);
            JsonNode hottest = report.get("hottestTypes");
            assertEquals("order", hottest.get(0).get("type").asString());
            assertEquals("invoice", hottest.get(1).get("type").asString());
            assertTrue(hottest.get(0).get("waitMillis").asLong() > hottest.get(1).get("waitMillis").asLong());
        }
        awaitReport("no waiters once the locks are released", r -> r.get("waiters").asInt() == 0);
    }

    @Test
    void grantsShowInTheSecondTheyWereMade() throws Exception {
        try (ActivityLoad load = ActivityLoad.on(master)) {
            load.grants("burst", 25);
        }
        JsonNode report = awaitReport("the 25 grants", r -> {
            long total = 0;
            for (JsonNode point : r.get("samples")) {
                total += point.get("grants").asLong();
            }
            return total == 25;
        });
        assertTrue(report.get("samples").size() <= 300, "five minutes of samples at most");
    }

    @Test
    void thePageShowsTheFiguresWithoutScript() throws Exception {
        try (ActivityLoad load = ActivityLoad.on(master)) {
            load.parkWaiters("report", "daily", 2);
            awaitReport("2 waiters", r -> r.get("waiters").asInt() == 2);
            HttpResponse<String> page = admin.get(ActivityController.ACTIVITY_PATH);
            assertEquals(200, page.statusCode());
            assertTrue(page.body().contains("<span class=\"value\" id=\"waiters\">2</span>"), page.body());
            assertTrue(page.body().contains("<td class=\"type\">report</td>"), page.body());
        }
    }

    @Test
    void withoutTheRightCredentialsNothingIsShown() {
        for (String path : new String[] {ActivityController.ACTIVITY_PATH, ActivityController.ACTIVITY_API_PATH}) {
            HttpResponse<String> none = AdminClient.withAuthorization(master, null).get(path);
            assertEquals(401, none.statusCode());
            HttpResponse<String> wrong = AdminClient.as(master, "admin", "guess").get(path);
            assertEquals(401, wrong.statusCode());
            assertFalse(wrong.body().contains("waiters"));
        }
    }
}
