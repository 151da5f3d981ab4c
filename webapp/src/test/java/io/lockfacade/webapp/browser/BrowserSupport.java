package io.lockfacade.webapp.browser;

import io.lockfacade.webapp.MasterServer;
import org.junit.jupiter.api.Assumptions;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.logging.Level;
import java.util.logging.Logger;

import static org.junit.jupiter.api.Assertions.fail;

/**
 * Headless Chromium for browser tests: the Debian {@code chromium} and {@code chromium-driver} packages, which
 * {@code .ci/run} installs, started so that they never reach for the network (no updates, sync, or
 * QUIC), with a fresh profile each time.
 */
public final class BrowserSupport {

    /** The Chromium binary of the Debian package. */
    public static final Path CHROMIUM = Path.of("/usr/bin/chromium");

    /** The driver of the Debian package. */
    public static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");

    /** Window size: a laptop screen, which the docs screenshot shows (headless keeps some of it for its frame). */
    public static final String WINDOW_SIZE = "1280,1040";

    /** Longest a page may take to load (the first JSP request compiles the page). */
    public static final Duration PAGE_LOAD_TIMEOUT = Duration.ofSeconds(30);

    /** Selenium warns that it has no CDP bindings for this Chromium; the tests use none. Kept to keep the level. */
    private static final Logger CDP_LOG = Logger.getLogger("org.openqa.selenium.devtools");

    private BrowserSupport() {
    }

    /** @return whether Chromium and its driver are installed */
    public static boolean available() {
        return Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER);
    }

    /** @return whether this runs in CI, where a missing browser is a failure, not a reason to skip */
    public static boolean inCi() {
        return "true".equalsIgnoreCase(System.getenv("CI"));
    }

    /**
     * @param profile an empty folder for the browser profile
     * @return a started headless Chromium; quit it when done
     */
    public static ChromeDriver start(Path profile) {
        CDP_LOG.setLevel(Level.SEVERE);
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(CHROMEDRIVER.toFile()).usingAnyFreePort()
                .withLogFile(profile.resolve("chromedriver.log").toFile()).build();
        ChromeOptions options = new ChromeOptions();
        options.setBinary(new File(CHROMIUM.toString()));
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--no-default-browser-check", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--disable-dev-shm-usage", "--password-store=basic", "--window-size=" + WINDOW_SIZE,
                "--user-data-dir=" + profile.resolve("profile"));
        ChromeDriver driver = new ChromeDriver(service, options);
        driver.manage().timeouts().pageLoadTimeout(PAGE_LOAD_TIMEOUT);
        return driver;
    }

    /**
     * Skips the calling test class when Chromium or its driver is missing, or fails it in CI, where a missing
     * browser is a failure. Call it first in {@code @BeforeAll}.
     */
    public static void assumeAvailable() {
        if (!available()) {
            if (inCi()) {
                fail("CI must have " + CHROMIUM + " and " + CHROMEDRIVER
                        + " (.ci/run installs the chromium and chromium-driver packages)");
            }
            Assumptions.abort("no " + CHROMIUM + " or " + CHROMEDRIVER + ": apt-get install chromium chromium-driver");
        }
    }

    /** Quits the browser, then stops the master; either may be {@code null} (not started). */
    public static void stop(ChromeDriver browser, MasterServer master) {
        try {
            if (browser != null) {
                browser.quit();
            }
        } finally {
            if (master != null) {
                master.close();
            }
        }
    }

    /**
     * Saves what the browser shows to {@code target/FILE}, and also to the path in a system property when set
     * (that is how the screenshots of docs/admin-page.md are made).
     *
     * @param fileName the file name under {@code target}
     * @param property the system property that may name an extra place
     */
    public static void saveScreenshot(ChromeDriver browser, String fileName, String property) throws IOException {
        byte[] png = browser.getScreenshotAs(OutputType.BYTES);
        Path target = Path.of("target", fileName);
        Files.createDirectories(target.getParent());
        Files.write(target, png);
        String extra = System.getProperty(property);
        if (extra != null && !extra.isBlank()) {
            Path docs = Path.of(extra).toAbsolutePath();
            Files.createDirectories(docs.getParent());
            Files.write(docs, png);
        }
    }
}
