package io.lockfacade.webapp.browser;

import io.lockfacade.api.LockGrant;
import io.lockfacade.api.PrimitiveLockService;
import io.lockfacade.webapp.MasterServer;
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
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The page of read-write locks, semaphores and leaderships in a real headless Chromium: the operator sees a
 * leadership with its leader, epoch and participants; cancelling the revocation's question changes nothing;
 * confirming it elects the next participant with a higher epoch, which the page then shows.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class PrimitivesPageBrowserTest {

    private static final Duration UI_PATIENCE = Duration.ofSeconds(20);
    private static final int LEADER_CELL = 2;
    private static final int EPOCH_CELL = 3;
    private static final int PARTICIPANTS_CELL = 4;

    @TempDir
    static Path browserDir;

    private static MasterWithBrowser fixture;
    private static MasterServer master;
    private static ChromeDriver browser;

    @BeforeAll
    static void startMasterAndBrowser() {
        fixture = MasterWithBrowser.start(browserDir);
        master = fixture.master();
        browser = fixture.browser();
    }

    @AfterAll
    static void stopMasterAndBrowser() {
        if (fixture != null) {
            fixture.close();
        }
    }

    @Test
    void anOperatorRevokesALeaderThroughTheQuestionAndTheNextParticipantLeads() {
        PrimitiveLockService primitives = master.service().primitives().orElseThrow();
        master.service().openSession("node-a/1", 60_000);
        master.service().openSession("node-b/1", 60_000);
        LockGrant alice = primitives.joinLeadership("nightly-report", "node-a", "node-a/1", 0);
        primitives.joinLeadership("nightly-report", "node-b", "node-b/1", 0);

        browser.get(fixture.loginUrl(Masters.ADMIN_PASSWORD, "/admin/primitives"));
        WebElement row = leadershipRow();
        assertEquals("node-a", cell(row, LEADER_CELL));
        assertEquals(Long.toString(alice.getFencingToken()), cell(row, EPOCH_CELL));
        assertEquals("node-a, node-b", cell(row, PARTICIPANTS_CELL));

        row.findElement(By.cssSelector("form.remove button")).click();
        new WebDriverWait(browser, UI_PATIENCE).until(ExpectedConditions.alertIsPresent()).dismiss();
        assertEquals(alice.getFencingToken(), primitives.leadershipEpoch("nightly-report", "node-a"),
                "cancelling revokes nothing");

        leadershipRow().findElement(By.cssSelector("form.remove button")).click();
        Alert question = new WebDriverWait(browser, UI_PATIENCE).until(ExpectedConditions.alertIsPresent());
        assertEquals("Revoke node-a as leader of nightly-report?", question.getText());
        question.accept();

        WebElement notice = new WebDriverWait(browser, UI_PATIENCE)
                .until(ExpectedConditions.visibilityOfElementLocated(By.id("notice")));
        assertTrue(notice.getText().startsWith("Done: revoked the leader"), notice.getText());
        WebElement after = leadershipRow();
        assertEquals("node-b", cell(after, LEADER_CELL));
        assertTrue(Long.parseLong(cell(after, EPOCH_CELL)) > alice.getFencingToken());
        assertEquals(-1, primitives.leadershipEpoch("nightly-report", "node-a"));
    }

    private static WebElement leadershipRow() {
        return new WebDriverWait(browser, UI_PATIENCE).until(
                ExpectedConditions.visibilityOfElementLocated(By.cssSelector("#leaderships tbody tr")));
    }

    private static String cell(WebElement row, int column) {
        return row.findElement(By.cssSelector("td:nth-child(" + column + ")")).getText();
    }
}
