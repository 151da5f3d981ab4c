package io.lockfacade.webapp.metrics;

import io.lockfacade.api.LockGrant;
import io.lockfacade.api.LockLimits;
import io.lockfacade.api.MemoryLockService;
import io.lockfacade.webapp.HttpServerSizing;
import io.lockfacade.webapp.MasterServer;
import io.lockfacade.webapp.admin.AdminClient;
import io.lockfacade.webapp.admin.MetricsController;
import io.lockfacade.webapp.testing.HessianClients;
import io.lockfacade.webapp.testing.Masters;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * {@code /admin/metrics} of a real master on a free port, over real HTTP, after known Hessian calls from a real
 * client: every figure read back through Prometheus' own parser (see {@link PrometheusParser}).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class MetricsEndpointTest {

    private static final long LEASE = 60_000;
    private static final long WAIT = 20_000;
    private static final Duration WAITER_HELD_BACK = Duration.ofMillis(300);
    private static final Duration PATIENCE = Duration.ofSeconds(20);
    private static final String TYPE = "invoice";
    private static final String HOLDER = "node-1:main#1";
    private static final String WAITER = "node-2:main#1";

    private static MasterServer master;
    private static AdminClient admin;

    @BeforeAll
    static void startMasterAndRunKnownCalls() throws Exception {
        PrometheusParser.assumeAvailable();
        master = Masters.start();
        admin = AdminClient.admin(master);
        runKnownCalls(HessianClients.proxy(master.serviceUri()), HessianClients.proxy(master.serviceUri()));
    }

    @AfterAll
    static void stopMaster() {
        if (master != null) {
            master.close();
        }
    }

    /**
     * Three grants (one to a waiter held back {@link #WAITER_HELD_BACK}), one busy answer, one bad argument,
     * two releases, one refused unlock and one lookup. One lock stays held.
     */
    private static void runKnownCalls(MemoryLockService holder, MemoryLockService waiter) throws Exception {
        assertNotNull(holder.tryLock(TYPE, "A", HOLDER, LEASE, 0));
        assertNotNull(holder.tryLock(TYPE, "B", HOLDER, LEASE, 0));
        assertNull(waiter.tryLock(TYPE, "A", WAITER, LEASE, 0));
        CompletableFuture<LockGrant> parked = CompletableFuture.supplyAsync(
                () -> waiter.tryLock(TYPE, "A", WAITER, LEASE, WAIT));
        awaitWaiters(1);
        Thread.sleep(WAITER_HELD_BACK.toMillis());
        assertTrue(holder.unlock(TYPE, "A", HOLDER));
        assertEquals(WAITER, parked.get(PATIENCE.toSeconds(), TimeUnit.SECONDS).getOwner());
        assertFalse(holder.unlock(TYPE, "B", "node-9:main#1"));
        assertTrue(holder.unlock(TYPE, "B", HOLDER));
        assertThrows(IllegalArgumentException.class, () -> holder.tryLock("", "x", HOLDER, LEASE, 0));
        assertFalse(holder.isLockTypeEmpty(TYPE));
    }

    private static void awaitWaiters(int expected) throws InterruptedException {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        while (scrape().value("lockfacade_master_waiters") != expected) {
            if (System.nanoTime() > deadline) {
                fail("never saw " + expected + " waiter(s) in the scrape");
            }
            Thread.sleep(20);
        }
    }

    private static ParsedScrape scrape() {
        return ParsedScrape.of(master);
    }

    @Test
    void callsAreCountedByMethodAndOutcome() {
        ParsedScrape scrape = scrape();
        String count = "lockfacade_master_calls_seconds_count";
        assertEquals(3, scrape.value(count, "method", "tryLock", "outcome", "granted"));
        assertEquals(1, scrape.value(count, "method", "tryLock", "outcome", "not_granted"));
        assertEquals(1, scrape.value(count, "method", "tryLock", "outcome", "bad_argument"));
        assertEquals(2, scrape.value(count, "method", "unlock", "outcome", "ok"));
        assertEquals(1, scrape.value(count, "method", "unlock", "outcome", "refused"));
        assertEquals(1, scrape.value(count, "method", "isLockTypeEmpty", "outcome", "ok"));
        assertEquals("histogram", scrape.typeOf("lockfacade_master_calls_seconds"));
    }

    @Test
    void grantsReleasesAndWaitsAreCountedPerLockType() {
        ParsedScrape scrape = scrape();
        assertEquals(3, scrape.value("lockfacade_master_grants_total", "type", TYPE));
        assertEquals(2, scrape.value("lockfacade_master_releases_total", "type", TYPE));
        assertEquals(1, scrape.value("lockfacade_master_waits_total", "type", TYPE));
        assertEquals("counter", scrape.typeOf("lockfacade_master_grants"));
        assertEquals("counter", scrape.typeOf("lockfacade_master_releases"));
    }

    @Test
    void aLeaseThatRunsOutIsCountedAsAnExpiry() throws InterruptedException {
        assertNotNull(master.service().tryLock("short-lease", "k", HOLDER, LockLimits.MIN_LEASE.toMillis(), 0));
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        while (scrape().find("lockfacade_master_expiries_total", "type", "short-lease").orElse(0.0) != 1.0) {
            if (System.nanoTime() > deadline) {
                fail("the expiry was never counted");
            }
            Thread.sleep(50);
        }
        assertEquals(1, scrape().value("lockfacade_master_grants_total", "type", "short-lease"));
    }

    @Test
    void aLockTypeWithQuotesBackslashesAndAccentsComesBackAsItWas() {
        String type = "quote\" back\\slash ünïcödé {le=\"x\"}";
        assertNotNull(master.service().tryLock(type, "k", HOLDER, LEASE, 0));
        assertTrue(master.service().unlock(type, "k", HOLDER));
        ParsedScrape scrape = scrape();
        assertEquals(1, scrape.value("lockfacade_master_grants_total", "type", type));
        assertEquals(1, scrape.value("lockfacade_master_releases_total", "type", type));
    }

    @Test
    void theTableIsReadAsItIs() {
        ParsedScrape scrape = scrape();
        assertEquals(1, scrape.value("lockfacade_master_locks_held"));
        assertEquals("gauge", scrape.typeOf("lockfacade_master_locks_held"));
        assertEquals(0, scrape.value("lockfacade_master_waiters"));
        assertEquals(0, scrape.value("lockfacade_master_longest_wait_seconds"));
    }

    @Test
    void theWaitUntilAGrantIsAHistogramPerLockType() {
        ParsedScrape scrape = scrape();
        String wait = "lockfacade_master_grant_wait_seconds";
        assertEquals(3, scrape.value(wait + "_count", "type", TYPE));
        assertEquals(3, scrape.value(wait + "_bucket", "type", TYPE, "le", "+Inf"));
        assertTrue(scrape.value(wait + "_bucket", "type", TYPE, "le", "0.25") <= 2,
                "the waiter held back " + WAITER_HELD_BACK + " is above 0.25 s");
        assertTrue(scrape.value(wait + "_sum", "type", TYPE) >= WAITER_HELD_BACK.toNanos() / 1e9);
        assertEquals("histogram", scrape.typeOf(wait));
    }

    @Test
    void requestThreadsComeFromJettysPool() {
        ParsedScrape scrape = scrape();
        assertEquals(HttpServerSizing.MAX_THREADS, scrape.value("jetty_threads_config_max"));
        assertTrue(scrape.value("jetty_threads_busy") >= 1, "the scrape itself runs on a request thread");
        assertTrue(scrape.value("jetty_threads_current") >= scrape.value("jetty_threads_busy"));
    }

    @Test
    void thePrometheusTextFormatIsTheDefault() {
        HttpResponse<String> response = admin.get(MetricsController.METRICS_PATH);
        assertEquals("text/plain; version=0.0.4; charset=utf-8",
                response.headers().firstValue("Content-Type").orElseThrow());
    }

    @Test
    void openMetricsIsServedWhenAskedForAndPassesItsStrictParser() {
        HttpResponse<String> response = admin.method("GET", MetricsController.METRICS_PATH, Map.of("Accept",
                "application/openmetrics-text;version=1.0.0;q=0.5,text/plain;version=0.0.4;q=0.3,*/*;q=0.2"));
        assertEquals(200, response.statusCode());
        assertTrue(response.headers().firstValue("Content-Type").orElseThrow()
                .startsWith("application/openmetrics-text; version=1.0.0"));
        ParsedScrape scrape = new ParsedScrape(PrometheusParser.parse(response.body(),
                PrometheusParser.Format.OPEN_METRICS));
        assertEquals(3, scrape.value("lockfacade_master_grants_total", "type", TYPE));
        assertEquals(1, scrape.value("lockfacade_master_locks_held"));
    }

    @Test
    void noKeyOrOwnerEverBecomesALabel() {
        String body = admin.get(MetricsController.METRICS_PATH).body();
        assertFalse(body.contains("node-1") || body.contains("node-2"), "owners are never labels");
        assertFalse(body.contains("\"A\"") || body.contains("\"B\""), "keys are never labels");
    }

    @Test
    void withoutCredentialsTheMetricsAreRefused() {
        HttpResponse<String> response = AdminClient.withAuthorization(master, null).get(MetricsController.METRICS_PATH);
        assertEquals(401, response.statusCode());
        assertTrue(response.headers().firstValue("WWW-Authenticate").orElse("").startsWith("Basic realm="));
        assertFalse(response.body().contains("lockfacade_"));
    }

    @Test
    void wrongCredentialsAreRefused() {
        HttpResponse<String> wrongPassword = AdminClient.as(master, "admin", "guess").get(MetricsController.METRICS_PATH);
        assertEquals(401, wrongPassword.statusCode());
        assertFalse(wrongPassword.body().contains("lockfacade_"));
        assertEquals(401, AdminClient.as(master, "prometheus", Masters.ADMIN_PASSWORD)
                .get(MetricsController.METRICS_PATH).statusCode());
    }
}
