package io.lockfacade.webapp.admin;

import io.lockfacade.server.table.Handout;
import io.lockfacade.webapp.MasterServer;
import io.lockfacade.webapp.testing.Masters;
import io.lockfacade.webapp.testing.TableProbe;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static io.lockfacade.webapp.admin.AdminClient.form;
import static io.lockfacade.webapp.admin.LockFixtures.hold;
import static io.lockfacade.webapp.admin.LockFixtures.park;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The HTML page at /admin/locks against a real master: what it lists, how it filters, pages, sorts and removes. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class AdminPageTest {

    private static final Pattern ROW = Pattern.compile("<tr>\\s*<td data-label=\"Type\"");
    private static final Pattern KEY_CELL = Pattern.compile("<td data-label=\"Key\" class=\"key\">([^<]*)</td>");
    private static final Pattern NOTICE_REDIRECT = Pattern.compile("^/admin/locks\\?(.*&)?notice=[A-Za-z0-9_-]+$");

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
    void anEmptyTableSaysSo() {
        String page = page("/admin/locks");
        assertTrue(page.contains("No locks are held right now."), page);
        assertTrue(page.contains("id=\"lock-count\">0<"), page);
    }

    @Test
    void everyLockIsListedWithOwnerNodeAndThreadTokenAndWaiters() {
        long token = hold(master, "order", "A-42", "node-7f3a:pool-1-thread-3#57");
        CompletableFuture<Handout> waiter = park(master, "order", "A-42", "node-b:worker#9");

        String page = page("/admin/locks");

        assertTrue(page.contains("<td data-label=\"Type\" class=\"type\">order</td>"), page);
        assertTrue(page.contains("<td data-label=\"Key\" class=\"key\">A-42</td>"), page);
        assertTrue(page.contains("class=\"owner-node\" title=\"node-7f3a:pool-1-thread-3#57\">node-7f3a</td>"), page);
        assertTrue(page.contains("<td data-label=\"Thread\" class=\"owner-thread\">pool-1-thread-3#57</td>"), page);
        assertTrue(page.contains("class=\"num token\">" + token + "</td>"), page);
        assertTrue(page.contains("class=\"num waiters busy\">1</td>"), page);
        assertTrue(page.contains(" ago</span>"), page);
        assertTrue(page.contains("id=\"lock-count\">1<"), page);
        assertFalse(waiter.isDone());
    }

    @Test
    void totalsPerTypeAreShownAndLinkToTheTypesListing() {
        hold(master, "order", "1", "n:t#1");
        hold(master, "order", "2", "n:t#1");
        hold(master, "stock", "1", "n:t#1");

        String page = page("/admin/locks");

        assertTrue(page.contains("<a href=\"/admin/locks?type=order\"><span class=\"type-name\">order</span>\n"
                + "              <span class=\"count\">2</span>"), page);
        assertTrue(page.contains("<span class=\"type-name\">stock</span>"), page);
        assertTrue(page.contains("Locks 1&ndash;3 of 3"), page);
    }

    @Test
    void filtersByTypeAndKeySubstring() {
        hold(master, "order", "A-1", "n:t#1");
        hold(master, "order", "B-2", "n:t#1");
        hold(master, "stock", "A-3", "n:t#1");

        assertEquals(List.of("A-1"), keys(page("/admin/locks?type=order&q=A")));
        assertEquals(List.of("A-1", "A-3"), keys(page("/admin/locks?q=A-")));
        String none = page("/admin/locks?q=zzz");
        assertTrue(none.contains("No lock matches this filter."), none);
    }

    @Test
    void twoHundredFiftyLocksMakeThreePagesOfAtMostOneHundred() {
        for (int i = 0; i < 250; i++) {
            hold(master, "bulk", String.format("k%03d", i), "n:t#1");
        }

        String first = page("/admin/locks");
        String third = page("/admin/locks?page=3");

        assertEquals(100, count(ROW, first));
        assertTrue(first.contains("Page 1 of 3"), first);
        assertTrue(first.contains("id=\"next\" href=\"/admin/locks?page=2\""), first);
        assertEquals(50, count(ROW, third));
        assertTrue(third.contains("Locks 201&ndash;250 of 250"), third);
        assertTrue(third.contains("id=\"previous\" href=\"/admin/locks?page=2\""), third);
        assertTrue(page("/admin/locks?page=9").contains("Page 9 is past the end of the listing."));
    }

    @Test
    void sortsByAgeOrBySoonestExpiry() throws InterruptedException {
        hold(master, "order", "long-lease", "n:t#1", LockFixtures.LEASE_MILLIS);
        Thread.sleep(5);
        hold(master, "order", "short-lease", "n:t#1", 60_000);

        assertEquals(List.of("long-lease", "short-lease"), keys(page("/admin/locks")));
        assertEquals(List.of("short-lease", "long-lease"), keys(page("/admin/locks?sort=lease")));
    }

    @Test
    void aHostileKeyIsShownAsText() {
        hold(master, "xss\"><b>", "<script>alert(1)</script>", "<img src=x onerror=alert(2)>:t#1");

        String page = page("/admin/locks");

        assertFalse(page.contains("<script>alert(1)</script>"), page);
        assertFalse(page.contains("<img src=x"), page);
        assertFalse(page.contains("xss\"><b>"), page);
        assertTrue(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), page);
        assertTrue(page.contains("&lt;img src=x onerror=alert(2)&gt;"), page);
    }

    @Test
    void removeAsksForConfirmationFirstAndRemovesNothingYet() {
        long token = hold(master, "order", "1", "node-a:main#1");

        HttpResponse<String> confirm = admin.post("/admin/locks/remove", form("_csrf", admin.csrfToken(),
                "type", "order", "key", "1", "token", Long.toString(token), "back", ""));

        assertEquals(200, confirm.statusCode(), confirm.body());
        assertTrue(confirm.body().contains("id=\"question\">Remove lock order/1 held by node-a:main#1"),
                confirm.body());
        assertTrue(confirm.body().contains("name=\"confirm\" value=\"yes\""), confirm.body());
        assertTrue(TableProbe.lock(master, "order", "1").isPresent());
    }

    @Test
    void aConfirmedRemovalFreesTheLockHandsItToTheOldestWaiterAndRedirectsWithTheOutcome() throws Exception {
        long token = hold(master, "order", "1", "node-a:main#1");
        CompletableFuture<Handout> oldest = park(master, "order", "1", "node-b:main#1");
        TableProbe.awaitWaiters(master, "order", "1", 1);
        CompletableFuture<Handout> younger = park(master, "order", "1", "node-c:main#1");
        TableProbe.awaitWaiters(master, "order", "1", 2);

        HttpResponse<String> done = admin.post("/admin/locks/remove", form("_csrf", admin.csrfToken(),
                "type", "order", "key", "1", "token", Long.toString(token), "back", "type=order", "confirm", "yes"));

        assertEquals(303, done.statusCode(), done.body());
        String location = done.headers().firstValue("Location").orElseThrow();
        assertTrue(NOTICE_REDIRECT.matcher(location).matches(), location);
        assertTrue(location.startsWith("/admin/locks?type=order&"), location);
        assertEquals("node-b:main#1", oldest.get(5, TimeUnit.SECONDS).grant().getOwner());
        assertFalse(younger.isDone());
        assertFalse(master.service().renew("order", "1", "node-a:main#1", 0), "the former holder lost the lock");
        assertFalse(master.service().unlock("order", "1", "node-a:main#1"));
        String after = page(location);
        assertTrue(after.contains("Removed lock order/1 held by node-a:main#1 (token " + token + ")."), after);
        assertTrue(after.contains("Its oldest waiter, node-b:main#1, holds it now"), after);
    }

    @Test
    void aStaleRowReportsTheLockAsAlreadyReleased() {
        long token = hold(master, "order", "1", "n:t#1");
        master.service().unlock("order", "1", "n:t#1");

        HttpResponse<String> done = admin.post("/admin/locks/remove", form("_csrf", admin.csrfToken(),
                "type", "order", "key", "1", "token", Long.toString(token), "confirm", "yes"));

        assertEquals(303, done.statusCode());
        String after = page(done.headers().firstValue("Location").orElseThrow());
        assertTrue(after.contains("Lock order/1 was already released"), after);
        assertTrue(after.contains("class=\"notice warning\""), after);
    }

    @Test
    void aLockThatChangedHandsIsNotRemoved() {
        long old = hold(master, "order", "1", "n:a#1");
        master.service().unlock("order", "1", "n:a#1");
        hold(master, "order", "1", "n:b#2");

        HttpResponse<String> done = admin.post("/admin/locks/remove", form("_csrf", admin.csrfToken(),
                "type", "order", "key", "1", "token", Long.toString(old), "confirm", "yes"));

        String after = page(done.headers().firstValue("Location").orElseThrow());
        assertTrue(after.contains("Lock order/1 changed hands since the page was shown"), after);
        assertEquals("n:b#2", TableProbe.lock(master, "order", "1").orElseThrow().owner());
    }

    @Test
    void removeAllOfATypeConfirmsThenRemovesOnlyThatType() {
        hold(master, "order", "1", "n:t#1");
        hold(master, "order", "2", "n:t#1");
        hold(master, "stock", "1", "n:t#1");

        HttpResponse<String> confirm = admin.post("/admin/locks/remove-type",
                form("_csrf", admin.csrfToken(), "type", "order"));
        assertTrue(confirm.body().contains("Remove all 2 lock(s) of type order?"), confirm.body());
        assertEquals(3, master.service().table().size());

        HttpResponse<String> done = admin.post("/admin/locks/remove-type",
                form("_csrf", admin.csrfToken(), "type", "order", "confirm", "yes"));

        assertEquals(303, done.statusCode());
        assertTrue(page(done.headers().firstValue("Location").orElseThrow())
                .contains("Removed 2 lock(s) of type order."));
        assertEquals(1, master.service().table().size());
        assertTrue(TableProbe.lock(master, "stock", "1").isPresent());
    }

    @Test
    void aBadParameterGetsA400PageNamingIt() {
        HttpResponse<String> response = admin.get("/admin/locks?page=first");
        assertEquals(400, response.statusCode());
        assertTrue(response.body().contains("page must be a whole number from 1, was &#034;first&#034;"),
                response.body());
        assertEquals(400, admin.get("/admin/locks?sort=size").statusCode());
    }

    @Test
    void theRootOfAdminLeadsToTheLockPage() {
        HttpResponse<String> response = admin.get("/admin");
        assertEquals(303, response.statusCode());
        assertEquals("/admin/locks", response.headers().firstValue("Location").orElseThrow());
    }

    @Test
    void theStylesAndScriptShipInTheJar() {
        HttpResponse<String> css = admin.get("/admin/static/admin.css");
        HttpResponse<String> js = admin.get("/admin/static/admin.js");
        assertEquals(200, css.statusCode());
        assertTrue(css.headers().firstValue("Content-Type").orElse("").startsWith("text/css"));
        assertTrue(css.body().contains("@media (max-width: 760px)"), "responsive CSS");
        assertEquals(200, js.statusCode());
        assertTrue(js.body().contains("window.confirm"));
    }

    private static String page(String pathAndQuery) {
        HttpResponse<String> response = admin.get(pathAndQuery);
        assertEquals(200, response.statusCode(), response.body());
        return response.body();
    }

    private static List<String> keys(String page) {
        List<String> keys = new ArrayList<>();
        Matcher matcher = KEY_CELL.matcher(page);
        while (matcher.find()) {
            keys.add(matcher.group(1));
        }
        return keys;
    }

    private static int count(Pattern pattern, String text) {
        int count = 0;
        Matcher matcher = pattern.matcher(text);
        while (matcher.find()) {
            count++;
        }
        return count;
    }
}
