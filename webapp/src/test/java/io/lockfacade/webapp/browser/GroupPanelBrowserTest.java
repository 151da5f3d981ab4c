package io.lockfacade.webapp.browser;

import io.lockfacade.api.LockGrant;
import io.lockfacade.api.MemoryLockService;
import io.lockfacade.group.service.GroupLockListing;
import io.lockfacade.server.table.LockKey;
import io.lockfacade.webapp.MasterServer;
import io.lockfacade.webapp.testing.HessianClients;
import io.lockfacade.webapp.testing.LocalMasterGroup;
import io.lockfacade.webapp.testing.Masters;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.Alert;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The group panel in a real headless Chromium on a 3-member master group of in-process masters: the leader's page
 * shows every member with its role and each follower's lag, and lists the locks held through Hessian; an operator
 * removes one through the confirmation dialog and it is gone from every member. A follower's page shows the same
 * panel, says it is a follower and links to the leader's page. {@code -Dlockfacade.groupScreenshot=PATH} also
 * saves the leader's page there ({@code docs/admin-group.png} of docs/admin-page.md).
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class GroupPanelBrowserTest {

    private static final String SCREENSHOT_PROPERTY = "lockfacade.groupScreenshot";
    private static final Duration UI_PATIENCE = Duration.ofSeconds(20);
    private static final Duration REPLICATION_WAIT = Duration.ofSeconds(10);
    private static final long LEASE_MILLIS = 10 * 60_000;
    private static final int MEMBERS = 3;

    @TempDir
    static Path dataRoot;

    @TempDir
    static Path browserDir;

    private static LocalMasterGroup group;
    private static ChromeDriver browser;

    @BeforeAll
    static void startGroupAndBrowser() {
        BrowserSupport.assumeAvailable();
        group = LocalMasterGroup.start(dataRoot);
        browser = BrowserSupport.start(browserDir);
    }

    @AfterAll
    static void stopGroupAndBrowser() {
        try {
            if (browser != null) {
                browser.quit();
            }
        } finally {
            if (group != null) {
                group.close();
            }
        }
    }

    @Test
    void theLeaderShowsTheGroupAndItsLocksAndRemovesOneForEveryMemberAndAFollowerPointsToIt() throws Exception {
        MasterServer leader = group.awaitServingLeader();
        MemoryLockService locks = HessianClients.proxy(leader.serviceUri());
        LockGrant removable = locks.tryLock("order", "42", "node-3f9c2a1b:main#1", LEASE_MILLIS, 0);
        locks.tryLock("order", "43", "node-8d41e07c:worker-2#31", LEASE_MILLIS, 0);
        locks.tryLock("invoice", "2026-0117", "node-8d41e07c:main#1", LEASE_MILLIS, 0);
        String leaderId = leader.groupService().orElseThrow().member().self().id();

        browser.get(loginUrl(leader, "/admin/locks"));
        WebElement panel = new WebDriverWait(browser, UI_PATIENCE)
                .until(ExpectedConditions.visibilityOfElementLocated(By.id("group-panel")));
        assertEquals(leaderId + " · LEADER", panel.findElement(By.id("self-role")).getText());
        assertEquals(leaderId + " (this member)", panel.findElement(By.id("group-leader")).getText());
        assertTrue(Long.parseLong(panel.findElement(By.id("group-commit")).getText()) >= removable.getFencingToken());
        assertFalse(panel.findElement(By.id("group-leader-since")).getText().isBlank());
        List<WebElement> members = panel.findElements(By.cssSelector("#group-members tbody tr"));
        assertEquals(MEMBERS, members.size());
        for (WebElement member : members) {
            List<WebElement> cells = member.findElements(By.tagName("td"));
            if (cells.get(0).getText().startsWith(leaderId)) {
                assertEquals("LEADER", cells.get(1).getText());
            } else {
                assertEquals("FOLLOWER", cells.get(1).getText());
                assertTrue(cells.get(3).getText().endsWith(" entries"), cells.get(3).getText());
                assertTrue(cells.get(4).getText().endsWith(" ago"), cells.get(4).getText());
            }
        }
        assertEquals(3, browser.findElements(By.cssSelector("#locks tbody tr")).size());
        BrowserSupport.saveScreenshot(browser, "admin-group.png", SCREENSHOT_PROPERTY);

        WebElement row = rowOf("42");
        row.findElement(By.cssSelector("form.remove button")).click();
        Alert question = new WebDriverWait(browser, UI_PATIENCE).until(ExpectedConditions.alertIsPresent());
        assertTrue(question.getText().startsWith("Remove lock order/42 held by node-3f9c2a1b:main#1 (token "
                + removable.getFencingToken() + ")?"), question.getText());
        question.accept();
        WebElement notice = new WebDriverWait(browser, UI_PATIENCE)
                .until(ExpectedConditions.visibilityOfElementLocated(By.id("notice")));
        assertTrue(notice.getText().startsWith("Removed lock order/42 held by node-3f9c2a1b:main#1"), notice.getText());
        for (MasterServer member : group.members()) {
            awaitFree(member, new LockKey("order", "42"));
        }

        MasterServer follower = group.followersOf(leader).get(0);
        browser.get(loginUrl(follower, "/admin/locks"));
        WebElement elsewhere = new WebDriverWait(browser, UI_PATIENCE)
                .until(ExpectedConditions.visibilityOfElementLocated(By.id("elsewhere")));
        assertTrue(elsewhere.getText().contains("is a follower"), elsewhere.getText());
        assertEquals("http://127.0.0.1:" + leader.port() + "/admin/locks",
                browser.findElement(By.id("leader-link")).getAttribute("href"));
        assertEquals("FOLLOWER", browser.findElement(By.id("self-role")).getText().split(" · ")[1]);
        assertTrue(browser.findElements(By.id("locks")).isEmpty(), "a follower lists no locks");
        assertTrue(browser.findElements(By.cssSelector("form.remove")).isEmpty(), "a follower offers no removal");
    }

    private static WebElement rowOf(String key) {
        for (WebElement row : browser.findElements(By.cssSelector("#locks tbody tr"))) {
            if (row.findElement(By.cssSelector("td.key")).getText().equals(key)) {
                return row;
            }
        }
        throw new AssertionError("no row for key " + key + " on " + browser.getCurrentUrl());
    }

    private static void awaitFree(MasterServer member, LockKey key) throws InterruptedException {
        long deadline = System.nanoTime() + REPLICATION_WAIT.toNanos();
        while (GroupLockListing.of(member.groupService().orElseThrow()).locks(System.currentTimeMillis())
                .containsKey(key)) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError(key + " is still held on the member on port " + member.port());
            }
            Thread.sleep(20);
        }
    }

    private static String loginUrl(MasterServer member, String path) {
        return "http://admin:" + Masters.ADMIN_PASSWORD + "@127.0.0.1:" + member.port() + path;
    }
}
