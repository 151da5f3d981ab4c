package io.lockfacade.webapp;

import io.lockfacade.api.LockGrant;
import io.lockfacade.api.MemoryLockService;
import io.lockfacade.process.ChildJvm;
import io.lockfacade.process.JavaCommand;
import io.lockfacade.webapp.testing.HessianClients;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Runs the shaded jar the way operators do: {@code java -jar lock-facade-webapp.jar}. Runs in the failsafe phase,
 * after the jar is packaged. A master stopped by SIGTERM exits with 143 (128 + 15) once its shutdown hook is done.
 *
 * <p>The master's output goes to a file, not a pipe: SIGTERM closes the pipes at once, which would lose what the
 * shutdown hook prints.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class MasterJarIT {

    private static final Pattern SERVICE_URL =
            Pattern.compile("(http://127\\.0\\.0\\.1:\\d+/remoting/MemoryLockService)");
    private static final Pattern ADMIN_URL = Pattern.compile("(http://127\\.0\\.0\\.1:\\d+/admin/locks)");
    private static final Duration STARTUP = Duration.ofSeconds(30);
    private static final Duration EXIT = Duration.ofSeconds(20);
    private static final int SIGTERM_EXIT = 143;

    private final List<ChildJvm> started = new ArrayList<>();

    @TempDir
    Path outputDir;

    @AfterEach
    void killLeftovers() {
        started.forEach(ChildJvm::kill);
    }

    @Test
    void theJarStartsOnAFreePortServesHessianAndStopsCleanlyOnSigterm() throws Exception {
        ChildJvm master = start("--port", "0");
        String serviceUrl = awaitMatch(master, SERVICE_URL);
        awaitMatch(master, ADMIN_URL);
        assertTrue(awaitLine(master, "Admin password:").contains("generated"));

        MemoryLockService locks = HessianClients.proxy(URI.create(serviceUrl));
        LockGrant grant = locks.tryLock("jar", "k", "it", 30_000, 0);
        assertNotNull(grant);
        assertTrue(locks.unlock("jar", "k", "it"));

        master.terminate(EXIT);
        assertEquals(Optional.of(SIGTERM_EXIT), master.exitCode(), "the master did not stop on SIGTERM");
        awaitLine(master, "Lock Facade master stopped");
        assertTrue(master.lines().stream().anyMatch(line -> line.contains("Lock Facade master started")),
                master::tail);
    }

    @Test
    void helpPrintsTheUsageAndExitsZero() throws Exception {
        ChildJvm master = start("--help");
        assertEquals(Optional.of(0), master.awaitExit(EXIT));
        awaitLine(master, "Usage: java -jar lock-facade-webapp.jar");
    }

    @Test
    void aBadFlagPrintsTheErrorAndUsageAndExitsTwo() throws Exception {
        ChildJvm master = start("--port", "eighty");
        assertEquals(Optional.of(MasterMain.EXIT_USAGE), master.awaitExit(EXIT));
        awaitLine(master, "error: --port must be a number");
        awaitLine(master, "Usage:");
    }

    /** Starts the jar with {@code args}, its output in a file: a pipe would lose what the shutdown hook prints. */
    private ChildJvm start(String... args) throws IOException {
        Path jar = Path.of(System.getProperty("lockfacade.webapp.jar", "target/lock-facade-webapp.jar"));
        assertTrue(Files.isRegularFile(jar), "package the master first: " + jar.toAbsolutePath());
        ChildJvm master = ChildJvm.launcher("master", JavaCommand.jar(jar, List.of(args)))
                .withoutEnvironment(MasterOptionsParser.SECRET_ENV, MasterOptionsParser.ADMIN_PASSWORD_ENV)
                .log(Files.createTempFile(outputDir, "master-", ".log")).withoutInput().killedAtExit().start();
        started.add(master);
        return master;
    }

    private static String awaitMatch(ChildJvm master, Pattern pattern) throws InterruptedException, TimeoutException {
        Matcher matcher = pattern.matcher(master.awaitLine(line -> pattern.matcher(line).find(), STARTUP));
        assertTrue(matcher.find());
        return matcher.group(1);
    }

    private static String awaitLine(ChildJvm master, String fragment) throws InterruptedException, TimeoutException {
        return master.awaitLine(line -> line.contains(fragment), STARTUP);
    }
}
