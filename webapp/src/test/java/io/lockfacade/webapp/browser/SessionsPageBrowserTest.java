package io.lockfacade.webapp.browser;

import io.lockfacade.api.LockGrant;
import io.lockfacade.process.ChildJvm;
import io.lockfacade.process.JavaCommand;
import io.lockfacade.webapp.MasterServer;
import io.lockfacade.webapp.testing.Masters;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.Alert;
import org.openqa.selenium.By;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The sessions page in a real headless Chromium: a client JVM ({@link SessionClientMain}) holds locks under its
 * session; the operator sees the node's session with its lock count, expires it through the confirmation dialog,
 * and every lock of the node is free at once while the client is told its session ended. Cancelling the
 * question expires nothing; wrong credentials see no session and change nothing.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class SessionsPageBrowserTest {

    private static final Duration UI_PATIENCE = Duration.ofSeconds(20);
    /** A client JVM starts and takes its locks within this, even on a loaded machine. */
    private static final Duration CLIENT_PATIENCE = ClientJvm.PATIENCE;
    private static final Duration PAGE_POLL = Duration.ofMillis(300);
    private static final Duration CLIENT_STOP_GRACE = Duration.ofSeconds(5);
    private static final int LOCKS = 5;
    private static final int NODE_CELL = 1;
    private static final int SESSION_CELL = 2;
    private static final int LOCKS_CELL = 3;
    private static final int EXPIRES_IN_CELL = 5;
    private static final String OTHER_OWNER = "node-other:main#1";

    @TempDir
    static Path browserDir;

    @TempDir
    Path clientDir;

    private static MasterWithBrowser fixture;
    private static MasterServer master;
    private static ChromeDriver browser;
    private ChildJvm client;
    private Path clientLog;

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

    @AfterEach
    void stopClient() {
        if (client != null) {
            client.terminate(CLIENT_STOP_GRACE);
        }
    }

    @Test
    void anOperatorExpiresANodeSessionAndEveryLockOfTheNodeIsFreedAtOnce() throws Exception {
        startClient("node-5e1d0c3a", "invoice", "INV");

        browser.get(loginUrl(Masters.ADMIN_PASSWORD));
        WebElement row = awaitRowWithAllLocks("node-5e1d0c3a");
        String session = cell(row, SESSION_CELL);
        assertTrue(session.startsWith("node-5e1d0c3a/"), session);
        assertFalse(cell(row, EXPIRES_IN_CELL).isBlank(), "expires in");

        row.findElement(By.cssSelector("form.remove button")).click();
        Alert question = new WebDriverWait(browser, UI_PATIENCE).until(ExpectedConditions.alertIsPresent());
        assertEquals("Expire session " + session + " and release its " + LOCKS + " lock(s)?", question.getText());
        question.accept();

        WebElement notice = new WebDriverWait(browser, UI_PATIENCE)
                .until(ExpectedConditions.visibilityOfElementLocated(By.id("notice")));
        assertEquals("Session " + session + " expired: " + LOCKS + " lock(s) released.", notice.getText());
        assertNull(findRow(browser, "node-5e1d0c3a"), "the session is gone from the page");
        assertTrue(master.service().isLockTypeEmpty("invoice"), "every lock of the node is free");
        for (String key : SessionClientMain.keys("INV", LOCKS)) {
            LockGrant grant = master.service().tryLock("invoice", key, OTHER_OWNER, 0, 0);
            assertNotNull(grant, key + " is free for another owner");
            master.service().unlock("invoice", key, OTHER_OWNER);
        }
        assertEquals(SessionClientMain.EXIT_LOST_AND_FREED, awaitClientExit(),
                "the client is told its session ended, and none of its unlocks finds a lock still held");
    }

    @Test
    void cancellingTheQuestionExpiresNothing() throws Exception {
        startClient("node-9a7b2c4d", "report", "daily");

        browser.get(loginUrl(Masters.ADMIN_PASSWORD));
        awaitRowWithAllLocks("node-9a7b2c4d").findElement(By.cssSelector("form.remove button")).click();
        new WebDriverWait(browser, UI_PATIENCE).until(ExpectedConditions.alertIsPresent()).dismiss();

        assertTrue(client.isAlive(), "the client still holds its session: " + clientOutput());
        assertFalse(master.service().isLockTypeEmpty("report"));
        assertEquals(Integer.toString(LOCKS), cell(rowOf("node-9a7b2c4d"), LOCKS_CELL));
    }

    @Test
    void wrongCredentialsSeeNoSessionAndExpireNothing() throws Exception {
        startClient("node-c3f0e815", "payment", "PAY");
        browser.get(loginUrl(Masters.ADMIN_PASSWORD));
        awaitRowWithAllLocks("node-c3f0e815");

        browser.get(loginUrl("not-the-password"));

        String page = browser.getPageSource();
        assertFalse(browser.getTitle().startsWith("Sessions"), browser.getTitle());
        assertFalse(page.contains("node-c3f0e815"), page);
        assertTrue(browser.findElements(By.cssSelector("form.remove")).isEmpty(), "no Expire button");
        assertTrue(client.isAlive(), "the client still holds its session: " + clientOutput());
        assertFalse(master.service().isLockTypeEmpty("payment"));
    }

    /** Starts a client JVM holding {@value #LOCKS} locks under its session. */
    private void startClient(String nodeId, String type, String keyPrefix) throws IOException {
        clientLog = clientDir.resolve(nodeId + ".log");
        JavaCommand command = JavaCommand.mainClass(SessionClientMain.class.getName(), List.of(
                master.serviceUri().toString(), nodeId, type, keyPrefix, Integer.toString(LOCKS)))
                .withJvmOptions(ClientJvm.JVM_OPTIONS);
        client = ChildJvm.launcher("client-" + nodeId, command).log(clientLog).withoutInput().killedAtExit().start();
    }

    private int awaitClientExit() throws InterruptedException {
        return client.awaitExit(ClientJvm.PATIENCE).orElseGet(
                () -> fail("the client did not end within " + ClientJvm.PATIENCE + "; it printed " + clientOutput()));
    }

    private String clientOutput() {
        try {
            return Files.readString(clientLog);
        } catch (IOException e) {
            return "(unreadable: " + e + ")";
        }
    }

    /** Reloads the page until the node's session shows all its locks (the client takes them one by one). */
    private WebElement awaitRowWithAllLocks(String nodeId) {
        return new WebDriverWait(browser, CLIENT_PATIENCE, PAGE_POLL).ignoring(StaleElementReferenceException.class)
                .withMessage(() -> "the page never showed " + LOCKS + " locks for " + nodeId + "; the client printed: "
                        + clientOutput())
                .until(driver -> {
                    WebElement row = findRow(driver, nodeId);
                    if (row != null && cell(row, LOCKS_CELL).equals(Integer.toString(LOCKS))) {
                        return row;
                    }
                    driver.navigate().refresh();
                    return null;
                });
    }

    private static WebElement rowOf(String nodeId) {
        return new WebDriverWait(browser, UI_PATIENCE).ignoring(StaleElementReferenceException.class)
                .until(driver -> findRow(driver, nodeId));
    }

    private static WebElement findRow(WebDriver driver, String nodeId) {
        List<WebElement> rows = driver.findElements(By.cssSelector("#sessions tbody tr"));
        return rows.stream().filter(row -> nodeId.equals(cell(row, NODE_CELL))).findFirst().orElse(null);
    }

    private static String cell(WebElement row, int column) {
        return row.findElement(By.cssSelector("td:nth-child(" + column + ")")).getText();
    }

    private static String loginUrl(String password) {
        return fixture.loginUrl(password, "/admin/sessions");
    }
}
