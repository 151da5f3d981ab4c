package io.lockfacade.webapp;

import io.lockfacade.api.LockGrant;
import io.lockfacade.api.MemoryLockService;
import io.lockfacade.webapp.testing.HessianClients;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Runs the shaded jar the way operators do: {@code java -jar lock-facade-webapp.jar}. Runs in the failsafe phase,
 * after the jar is packaged. A master stopped by SIGTERM exits with 143 (128 + 15) once its shutdown hook is done.
 *
 * <p>The master's output goes to a file, not a pipe: {@link Process#destroy()} closes the pipes at once, which
 * would lose what the shutdown hook prints.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class MasterJarIT {

    private static final Pattern SERVICE_URL =
            Pattern.compile("(http://127\\.0\\.0\\.1:\\d+/remoting/MemoryLockService)");
    private static final Pattern ADMIN_URL = Pattern.compile("(http://127\\.0\\.0\\.1:\\d+/admin/locks)");
    private static final long STARTUP_SECONDS = 30;
    private static final long EXIT_SECONDS = 20;
    private static final int SIGTERM_EXIT = 143;

    private final List<Process> started = new ArrayList<>();
    private final Map<Process, Path> outputs = new HashMap<>();

    @TempDir
    Path outputDir;

    @AfterEach
    void killLeftovers() throws InterruptedException {
        for (Process process : started) {
            if (process.isAlive()) {
                process.destroyForcibly().waitFor(EXIT_SECONDS, TimeUnit.SECONDS);
            }
        }
    }

    @Test
    void theJarStartsOnAFreePortServesHessianAndStopsCleanlyOnSigterm() throws Exception {
        Process process = start("--port", "0");
        List<String> output = collect(process);
        String serviceUrl = awaitMatch(output, SERVICE_URL, process);
        awaitMatch(output, ADMIN_URL, process);
        assertTrue(awaitLine(output, "Admin password:", process).contains("generated"));

        MemoryLockService locks = HessianClients.proxy(URI.create(serviceUrl));
        LockGrant grant = locks.tryLock("jar", "k", "it", 30_000, 0);
        assertNotNull(grant);
        assertTrue(locks.unlock("jar", "k", "it"));

        process.destroy();
        assertTrue(process.waitFor(EXIT_SECONDS, TimeUnit.SECONDS), "the master did not stop on SIGTERM");
        assertEquals(SIGTERM_EXIT, process.exitValue());
        awaitLine(output, "Lock Facade master stopped", process);
        assertTrue(output.stream().anyMatch(line -> line.contains("Lock Facade master started")), output::toString);
    }

    @Test
    void helpPrintsTheUsageAndExitsZero() throws Exception {
        Process process = start("--help");
        List<String> output = collect(process);
        assertTrue(process.waitFor(EXIT_SECONDS, TimeUnit.SECONDS));
        assertEquals(0, process.exitValue());
        awaitLine(output, "Usage: java -jar lock-facade-webapp.jar", process);
    }

    @Test
    void aBadFlagPrintsTheErrorAndUsageAndExitsTwo() throws Exception {
        Process process = start("--port", "eighty");
        List<String> output = collect(process);
        assertTrue(process.waitFor(EXIT_SECONDS, TimeUnit.SECONDS));
        assertEquals(MasterMain.EXIT_USAGE, process.exitValue());
        awaitLine(output, "error: --port must be a number", process);
        awaitLine(output, "Usage:", process);
    }

    private Process start(String... args) throws IOException {
        Path jar = Path.of(System.getProperty("lockfacade.webapp.jar", "target/lock-facade-webapp.jar"));
        assertTrue(Files.isRegularFile(jar), "package the master first: " + jar.toAbsolutePath());
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar", jar.toString()));
        command.addAll(List.of(args));
        Path output = Files.createTempFile(outputDir, "master-", ".log");
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(output.toFile());
        builder.environment().remove(MasterOptionsParser.SECRET_ENV);
        builder.environment().remove(MasterOptionsParser.ADMIN_PASSWORD_ENV);
        Process process = builder.start();
        started.add(process);
        outputs.put(process, output);
        return process;
    }

    private List<String> collect(Process process) {
        return new OutputFile(outputs.get(process));
    }

    private static String awaitMatch(List<String> output, Pattern pattern, Process process)
            throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(STARTUP_SECONDS);
        while (System.nanoTime() < deadline) {
            Optional<String> found = output.stream().map(pattern::matcher).filter(Matcher::find)
                    .map(m -> m.group(1)).findFirst();
            if (found.isPresent()) {
                return found.get();
            }
            Thread.sleep(20);
        }
        throw new AssertionError("no line matching " + pattern + " (alive=" + process.isAlive() + "): " + output);
    }

    /** The lines of a growing output file, read afresh on every look. */
    private static final class OutputFile extends java.util.AbstractList<String> {

        private final Path file;

        OutputFile(Path file) {
            this.file = file;
        }

        private List<String> lines() {
            try {
                return Files.readAllLines(file, StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public String get(int index) {
            return lines().get(index);
        }

        @Override
        public int size() {
            return lines().size();
        }

        @Override
        public java.util.stream.Stream<String> stream() {
            return lines().stream();
        }

        @Override
        public String toString() {
            return lines().toString();
        }
    }

    private static String awaitLine(List<String> output, String fragment, Process process)
            throws InterruptedException {
        return awaitMatch(output, Pattern.compile("(.*" + Pattern.quote(fragment) + ".*)"), process);
    }
}
