package io.lockfacade.webapp.browser;

import io.lockfacade.webapp.MasterServer;
import io.lockfacade.webapp.testing.Masters;
import io.lockfacade.webapp.testing.TableProbe;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.Alert;
import org.openqa.selenium.By;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The admin page in a real headless Chromium: an operator logs in, sees a lock held by a client JVM, removes it
 * through the confirmation dialog, and sees the waiting client JVM take it. Saves a screenshot of the page to
 * {@code target/admin-page.png}, and also to the path in {@value #SCREENSHOT_PROPERTY} when that is set (the
 * {@code docs/admin-page.png} of docs/admin-page.md is made that way).
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class AdminPageBrowserTest {

    /** System property naming an extra place for the screenshot. */
    static final String SCREENSHOT_PROPERTY = "lockfacade.screenshot";

    private static final Duration UI_PATIENCE = Duration.ofSeconds(20);
    private static final long SCREENSHOT_LEASE_MILLIS = 600_000;
    private static final String AUTO_REFRESH_SETTING = "lockfacade.admin.autoRefresh";

    @TempDir
    static Path browserDir;

    private static MasterServer master;
    private static ChromeDriver browser;
    private final List<ClientJvm> clients = new ArrayList<>();

    @BeforeAll
    static void startMasterAndBrowser() {
        BrowserSupport.assumeAvailable();
        master = Masters.start();
        browser = BrowserSupport.start(browserDir);
    }

    @AfterAll
    static void stopMasterAndBrowser() {
        BrowserSupport.stop(browser, master);
    }

    @AfterEach
    void stopClients() throws InterruptedException {
        for (ClientJvm client : clients) {
            client.close();
        }
        clients.clear();
    }

    @Test
    void anOperatorRemovesALockHeldByAClientJvmAndTheWaitingClientJvmTakesIt() throws Exception {
        seedOtherLocks();
        ClientJvm holder = client("hold", "invoice", "INV-2026-0042", "node-3f9c2a1b");
        long heldToken = Long.parseLong(holder.awaitLine("HELD "));
        ClientJvm waiter = client("wait", "invoice", "INV-2026-0042", "node-8d41e07c");
        waiter.awaitLine("WAITING");
        TableProbe.awaitWaiters(master, "invoice", "INV-2026-0042", 1);

        browser.get(loginUrl("/admin/locks"));
        WebElement row = rowOf("INV-2026-0042");
        assertEquals("node-3f9c2a1b", cell(row, "owner-node"));
        assertEquals(holder.owner().substring("node-3f9c2a1b:".length()), cell(row, "owner-thread"));
        assertEquals(Long.toString(heldToken), cell(row, "token"));
        assertEquals("1", cell(row, "waiters"));

        row.findElement(By.cssSelector("form.remove button")).click();
        Alert question = new WebDriverWait(browser, UI_PATIENCE).until(ExpectedConditions.alertIsPresent());
        assertTrue(question.getText().startsWith("Remove lock invoice/INV-2026-0042 held by " + holder.owner()),
                question.getText());
        question.accept();

        WebElement notice = new WebDriverWait(browser, UI_PATIENCE)
                .until(ExpectedConditions.visibilityOfElementLocated(By.id("notice")));
        assertTrue(notice.getText().startsWith("Removed lock invoice/INV-2026-0042 held by " + holder.owner()),
                notice.getText());
        assertEquals("", holder.awaitLine("LOST"));
        assertEquals("false", holder.awaitLine("UNLOCK "), "the former holder's unlock reports the loss");
        long newToken = Long.parseLong(waiter.awaitLine("ACQUIRED "));
        assertTrue(newToken > heldToken);
        saveScreenshot();

        browser.navigate().refresh();
        WebElement refreshed = rowOf("INV-2026-0042");
        assertEquals("node-8d41e07c", cell(refreshed, "owner-node"));
        assertEquals(Long.toString(newToken), cell(refreshed, "token"));
        assertEquals("0", cell(refreshed, "waiters"));
    }

    @Test
    void cancellingTheQuestionRemovesNothing() {
        long token = master.service().tryLock("report", "cancelled", "node-1:main#1", SCREENSHOT_LEASE_MILLIS, 0)
                .getFencingToken();

        browser.get(loginUrl("/admin/locks?type=report"));
        rowOf("cancelled").findElement(By.cssSelector("form.remove button")).click();
        new WebDriverWait(browser, UI_PATIENCE).until(ExpectedConditions.alertIsPresent()).dismiss();

        assertEquals(token, TableProbe.lock(master, "report", "cancelled").orElseThrow().fencingToken());
        assertEquals(Long.toString(token), cell(rowOf("cancelled"), "token"));
        master.service().unlock("report", "cancelled", "node-1:main#1");
    }

    @Test
    void aHostileKeyIsShownAsTextAndRunsNothing() {
        String hostile = "<img src=x onerror=\"document.title='pwned'\">";
        master.service().tryLock("hostile", hostile, "node-1:main#1", SCREENSHOT_LEASE_MILLIS, 0);

        browser.get(loginUrl("/admin/locks?type=hostile"));

        assertEquals(hostile, rowOf(hostile).findElement(By.cssSelector("td.key")).getText());
        assertTrue(browser.getTitle().startsWith("Locks"), browser.getTitle());
        master.service().unlock("hostile", hostile, "node-1:main#1");
    }

    @Test
    void theAutoRefreshSwitchShowsNewLocksWithoutAReload() {
        browser.get(loginUrl("/admin/locks?type=refresh"));
        WebElement toggle = browser.findElement(By.id("auto-refresh"));
        assertTrue(toggle.isDisplayed(), "the switch shows once the script runs");
        toggle.click();
        try {
            master.service().tryLock("refresh", "appears-by-itself", "node-1:main#1", SCREENSHOT_LEASE_MILLIS, 0);
            assertEquals("node-1", new WebDriverWait(browser, UI_PATIENCE)
                    .ignoring(StaleElementReferenceException.class)
                    .until(driver -> cell(rowOf("appears-by-itself"), "owner-node")));
            Boolean stillOn = new WebDriverWait(browser, UI_PATIENCE).ignoring(StaleElementReferenceException.class)
                    .until(driver -> driver.findElement(By.id("auto-refresh")).isSelected());
            assertTrue(stillOn, "the switch stays on");
        } finally {
            browser.executeScript("window.localStorage.removeItem('" + AUTO_REFRESH_SETTING + "')");
            browser.get(loginUrl("/admin/locks"));
            master.service().unlock("refresh", "appears-by-itself", "node-1:main#1");
        }
    }

    private ClientJvm client(String mode, String type, String key, String nodeId) {
        ClientJvm client = ClientJvm.start(mode, master.serviceUri(), type, key, nodeId);
        clients.add(client);
        return client;
    }

    /** A few locks of other types, so that the page (and its screenshot) looks like a master at work. */
    private static void seedOtherLocks() throws InterruptedException {
        String[][] locks = {
            {"order", "ORD-10017", "node-3f9c2a1b:http-nio-8080-exec-4#61"},
            {"order", "ORD-10018", "node-8d41e07c:http-nio-8080-exec-1#58"},
            {"inventory", "SKU-88213", "node-5b7e1d90:stock-sync#31"},
            {"report", "daily-settlement-2026-11-20", "node-c04a6f12:scheduler-1#22"},
            {"payment", "PAY-7731", "node-8d41e07c:payment-worker-3#73"},
        };
        for (String[] lock : locks) {
            master.service().tryLock(lock[0], lock[1], lock[2], SCREENSHOT_LEASE_MILLIS, 0);
            Thread.sleep(15);
        }
        master.service().tryLock("payment", "PAY-7732", "node-3f9c2a1b:payment-worker-1#70", 8_000, 0);
        master.service().tryLockAsync("order", "ORD-10017", "node-5b7e1d90:order-import-2#44",
                SCREENSHOT_LEASE_MILLIS, master.service().settings().waitCap().toMillis());
    }

    private static String loginUrl(String pathAndQuery) {
        return "http://admin:" + Masters.ADMIN_PASSWORD + "@127.0.0.1:" + master.port() + pathAndQuery;
    }

    private static WebElement rowOf(String key) {
        return new WebDriverWait(browser, UI_PATIENCE).ignoring(StaleElementReferenceException.class)
                .until(driver -> driver.findElements(By.cssSelector("#locks tbody tr")).stream()
                        .filter(row -> key.equals(row.findElement(By.cssSelector("td.key")).getText()))
                        .findFirst().orElse(null));
    }

    private static String cell(WebElement row, String cssClass) {
        return row.findElement(By.cssSelector("td." + cssClass)).getText();
    }

    private static void saveScreenshot() throws IOException {
        BrowserSupport.saveScreenshot(browser, "admin-page.png", SCREENSHOT_PROPERTY);
    }
}
