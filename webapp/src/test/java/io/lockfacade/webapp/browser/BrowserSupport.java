package io.lockfacade.webapp.browser;

import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.logging.Level;
import java.util.logging.Logger;

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
}
