package io.lockfacade.webapp.browser;

import io.lockfacade.webapp.MasterOptions;
import io.lockfacade.webapp.MasterServer;
import io.lockfacade.webapp.testing.Masters;
import org.openqa.selenium.chrome.ChromeDriver;

import java.nio.file.Path;
import java.util.function.UnaryOperator;

/**
 * A real master on a free port and a headless Chromium, for a browser test class: started in its
 * {@code @BeforeAll}, closed in its {@code @AfterAll}. Without Chromium the test class is skipped, except in CI
 * where that is a failure.
 */
public final class MasterWithBrowser implements AutoCloseable {

    private final MasterServer master;
    private final ChromeDriver browser;

    private MasterWithBrowser(MasterServer master, ChromeDriver browser) {
        this.master = master;
        this.browser = browser;
    }

    /**
     * @param browserDir an empty folder for the browser's profile and driver log
     * @return the running master and browser
     * @throws org.opentest4j.TestAbortedException without Chromium outside CI
     */
    public static MasterWithBrowser start(Path browserDir) {
        return start(browserDir, UnaryOperator.identity());
    }

    /**
     * @param browserDir an empty folder for the browser's profile and driver log
     * @param tweak      changes to the test master's options
     * @return the running master and browser
     * @throws org.opentest4j.TestAbortedException without Chromium outside CI
     */
    public static MasterWithBrowser start(Path browserDir, UnaryOperator<MasterOptions> tweak) {
        BrowserSupport.assumeAvailable();
        MasterServer master = Masters.start(tweak);
        try {
            return new MasterWithBrowser(master, BrowserSupport.start(browserDir));
        } catch (RuntimeException e) {
            master.close();
            throw e;
        }
    }

    /** @return the master */
    public MasterServer master() {
        return master;
    }

    /** @return the browser */
    public ChromeDriver browser() {
        return browser;
    }

    /**
     * @param password     the admin password to log in with (the URL carries the credentials)
     * @param pathAndQuery the admin page, e.g. {@code /admin/sessions}
     * @return the page's URL with the user {@code admin} and {@code password} in it
     */
    public String loginUrl(String password, String pathAndQuery) {
        return "http://admin:" + password + "@127.0.0.1:" + master.port() + pathAndQuery;
    }

    /** Quits the browser, then stops the master. */
    @Override
    public void close() {
        try {
            browser.quit();
        } finally {
            master.close();
        }
    }
}
