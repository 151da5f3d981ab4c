package io.lockfacade.webapp.browser;

import io.lockfacade.webapp.MasterServer;
import io.lockfacade.webapp.testing.ActivityLoad;
import io.lockfacade.webapp.testing.Masters;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The activity page in a real headless Chromium while real Hessian clients make grants and wait behind held locks:
 * the figures, the hottest lock types and the chart follow them without a reload. Saves a screenshot to
 * {@code target/admin-activity.png}, and also to the path in {@value #SCREENSHOT_PROPERTY} when that is set (the
 * {@code docs/admin-activity.png} of docs/admin-page.md is made that way).
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class ActivityPageBrowserTest {

    /** System property naming an extra place for the screenshot. */
    static final String SCREENSHOT_PROPERTY = "lockfacade.activityScreenshot";

    private static final Duration UI_PATIENCE = Duration.ofSeconds(20);
    private static final Duration WAIT_CAP = Duration.ofMinutes(1);
    private static final int LOAD_SECONDS = 20;
    private static final String HOSTILE_TYPE = "<img src=x onerror=\"document.title='pwned'\">";
    private static final int MIN_PAINTED_PIXELS = 1_000;

    @TempDir
    static Path browserDir;

    private static MasterWithBrowser session;
    private static MasterServer master;
    private static ChromeDriver browser;

    @BeforeAll
    static void startMasterAndBrowser() {
        session = MasterWithBrowser.start(browserDir, options -> options.withWaitCap(WAIT_CAP));
        master = session.master();
        browser = session.browser();
    }

    @AfterAll
    static void stopMasterAndBrowser() {
        if (session != null) {
            session.close();
        }
    }

    @Test
    void theActivityPanelFollowsGrantsAndWaitersAndShowsTheHottestTypes() throws Exception {
        browser.get(loginUrl("/admin/locks"));
        browser.findElement(By.id("activity-link")).click();
        assertTrue(browser.getTitle().startsWith("Activity"), browser.getTitle());
        try (ActivityLoad load = ActivityLoad.on(master)) {
            runLoad(load);
            assertEquals("7", awaitText(By.id("waiters"), "7"));
            List<String> hottest = awaitHottest("order");
            assertEquals(List.of("order", "payment", "invoice", HOSTILE_TYPE), hottest,
                    "ranked by the time spent waiting: 3 order waiters from second 2, 2 payment from 9, ...");
            assertTrue(browser.getTitle().startsWith("Activity"), "the hostile type ran nothing");
            WebElement chart = browser.findElement(By.id("activity-chart"));
            assertNull(chart.getDomAttribute("data-error"));
            assertTrue(Integer.parseInt(chart.getDomAttribute("data-points")) >= LOAD_SECONDS / 2);
            long painted = (Long) browser.executeScript("var c = arguments[0];"
                    + "var d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;"
                    + "var n = 0; for (var i = 3; i < d.length; i += 4) { if (d[i] > 0) { n++; } } return n;", chart);
            assertTrue(painted > MIN_PAINTED_PIXELS, "the chart is drawn: " + painted + " pixels");
            assertTrue(browser.findElement(By.id("longest-wait")).getText().endsWith(" s"));
            saveScreenshot();
        }
        assertEquals("0", awaitText(By.id("waiters"), "0"));
    }

    /**
     * {@value #LOAD_SECONDS} seconds of grants at a rate that changes every second, and waiters parked along the
     * way: 3 on order at second 2, 1 on invoice at 6, 2 on payment at 9, 1 on a hostile type at 10.
     */
    private static void runLoad(ActivityLoad load) throws InterruptedException {
        long start = System.nanoTime();
        for (int second = 0; second < LOAD_SECONDS; second++) {
            load.grants("order", 3 + (second % 5) * 4);
            load.grants("invoice", 2 + second % 3);
            switch (second) {
                case 2 -> load.parkWaiters("order", "ORD-10017", 3);
                case 6 -> load.parkWaiters("invoice", "INV-2026-0042", 1);
                case 9 -> load.parkWaiters("payment", "PAY-7731", 2);
                case 10 -> load.parkWaiters(HOSTILE_TYPE, "k", 1);
                default -> {
                }
            }
            long next = start + TimeUnit.SECONDS.toNanos(second + 1);
            long sleep = TimeUnit.NANOSECONDS.toMillis(next - System.nanoTime());
            if (sleep > 0) {
                Thread.sleep(sleep);
            }
        }
    }

    private static String awaitText(By element, String expected) {
        return new WebDriverWait(browser, UI_PATIENCE).ignoring(StaleElementReferenceException.class)
                .withMessage(() -> "the page shows " + browser.findElement(element).getText() + ", the chart says "
                        + browser.findElement(By.id("activity-chart")).getDomAttribute("data-error"))
                .until(driver -> {
                    String text = driver.findElement(element).getText();
                    return expected.equals(text) ? text : null;
                });
    }

    private static List<String> awaitHottest(String first) {
        return new WebDriverWait(browser, UI_PATIENCE).ignoring(StaleElementReferenceException.class)
                .until(driver -> {
                    List<String> types = driver.findElements(By.cssSelector("#hottest tbody td.type")).stream()
                            .map(WebElement::getText).toList();
                    return !types.isEmpty() && types.get(0).equals(first) ? types : null;
                });
    }

    private static String loginUrl(String pathAndQuery) {
        return session.loginUrl(Masters.ADMIN_PASSWORD, pathAndQuery);
    }

    private static void saveScreenshot() throws IOException {
        BrowserSupport.saveScreenshot(browser, "admin-activity.png", SCREENSHOT_PROPERTY);
    }
}
