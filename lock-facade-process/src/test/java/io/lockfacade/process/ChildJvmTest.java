package io.lockfacade.process;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeoutException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Real child JVMs ({@link EchoChild}) started, talked to, frozen, stopped and killed through {@link ChildJvm}. */
@Timeout(60)
class ChildJvmTest {

    private static final Duration PATIENCE = Duration.ofSeconds(20);

    @TempDir
    Path dir;

    private final List<ChildJvm> started = new ArrayList<>();

    @AfterEach
    void leaveNothingRunning() {
        started.forEach(ChildJvm::kill);
    }

    @Test
    void pumpedLinesReachTheirListenersAndTheChildAnswersItsInput() throws Exception {
        List<String> out = new CopyOnWriteArrayList<>();
        List<String> err = new CopyOnWriteArrayList<>();
        ChildJvm child = start(ChildJvm.launcher("echo", echo()).lines(out::add, err::add));

        child.awaitLine("READY"::equals, PATIENCE);
        child.send("echo hello");
        child.send("err oops");
        child.awaitLine("ERR oops"::equals, PATIENCE);
        child.awaitLine("ECHO hello"::equals, PATIENCE);

        assertTrue(out.containsAll(List.of("READY", "ECHO hello")), out.toString());
        assertEquals(List.of("ERR oops"), err);
    }

    @Test
    void aLoggedChildWritesBothStreamsToItsLog() throws Exception {
        Path log = dir.resolve("logs/echo.log");
        ChildJvm child = start(ChildJvm.launcher("echo", echo()).log(log));

        child.send("err to the log");
        child.awaitLine("ERR to the log"::equals, PATIENCE);

        assertEquals(log, child.log());
        assertTrue(Files.readAllLines(log).containsAll(List.of("READY", "ERR to the log")));
    }

    @Test
    void closingTheInputEndsAChildThatExitsOnEndOfInput() throws Exception {
        ChildJvm child = start(ChildJvm.launcher("echo", echo()).stdoutLines(line -> { }));
        child.awaitLine("READY"::equals, PATIENCE);

        child.closeInput();

        assertEquals(Optional.of(0), child.awaitExit(PATIENCE));
    }

    @Test
    void stopSendsSigtermToAChildThatIgnoresItsInputClosing() throws Exception {
        ChildJvm child = start(ChildJvm.launcher("stubborn", echo("ignore-eof")).stdoutLines(line -> { }));
        child.awaitLine("READY"::equals, PATIENCE);

        child.stop(Duration.ofSeconds(3));

        assertFalse(child.isAlive());
        assertEquals(Optional.of(143), child.exitCode());
    }

    @Test
    void terminateSendsSigtermAtOnce() throws Exception {
        ChildJvm child = start(ChildJvm.launcher("stubborn", echo("ignore-eof")).stdoutLines(line -> { }));
        child.awaitLine("READY"::equals, PATIENCE);

        child.terminate(PATIENCE);

        assertEquals(Optional.of(143), child.exitCode());
    }

    @Test
    void killEndsTheChildAtOnceAsACrash() throws Exception {
        ChildJvm child = start(ChildJvm.launcher("victim", echo("ignore-eof")).stdoutLines(line -> { }));
        child.awaitLine("READY"::equals, PATIENCE);

        assertTrue(child.kill());

        assertEquals(Optional.of(137), child.exitCode());
    }

    @Test
    void aFrozenChildIsStoppedUntilThawedAndAFrozenChildStillDiesWhenKilled() throws Exception {
        ChildJvm child = start(ChildJvm.launcher("sleeper", echo()).stdoutLines(line -> { }));
        child.awaitLine("READY"::equals, PATIENCE);

        child.freeze();
        awaitState(child, true);
        child.thaw();
        awaitState(child, false);
        child.freeze();

        assertTrue(child.kill());
    }

    @Test
    void awaitLineFailsWithTheOutputWhenTheChildExitsWithoutPrintingIt() throws Exception {
        ChildJvm child = start(ChildJvm.launcher("quitter", echo()).stdoutLines(line -> { }));
        child.awaitLine("READY"::equals, PATIENCE);
        child.send("exit 3");

        TimeoutException failure = assertThrows(TimeoutException.class,
                () -> child.awaitLine("never"::equals, PATIENCE));

        assertTrue(failure.getMessage().contains("exited with 3"), failure.getMessage());
        assertTrue(failure.getMessage().contains("READY"), failure.getMessage());
    }

    @Test
    void closeStopsTheChildWithTheLaunchersGraceAndKilledAtExitChildrenAreForgottenOnceReaped() throws Exception {
        ChildJvm child = start(ChildJvm.launcher("graceful", echo()).stdoutLines(line -> { })
                .closeGrace(PATIENCE).killedAtExit());
        child.awaitLine("READY"::equals, PATIENCE);
        assertTrue(LiveChildren.contains(child));

        child.close();

        assertEquals(Optional.of(0), child.exitCode());
        assertFalse(LiveChildren.contains(child));
    }

    @Test
    void theChildGetsItsEnvironmentAndWorkingDirectory() throws Exception {
        ChildJvm child = start(ChildJvm.launcher("env", echo()).keepLines().directory(dir)
                .environment(java.util.Map.of("CHILD_JVM_TEST_SET", "yes")).withoutEnvironment("PATH"));

        child.send("env CHILD_JVM_TEST_SET");
        child.send("env PATH");
        child.send("pwd");

        child.awaitLine("ENV yes"::equals, PATIENCE);
        child.awaitLine("ENV null"::equals, PATIENCE);
        child.awaitLine(("PWD " + dir.toRealPath())::equals, PATIENCE);
    }

    @Test
    void theCommandLineRunsThisJavaWithItsOptionsOnAnAbsoluteClassPath() {
        List<String> command = JavaCommand.mainClass("a.Main", List.of("x")).withJvmOptions(List.of("-Xmx64m"))
                .withSystemProperty("k", "v").wrappedBy(List.of("nice")).toList();

        assertEquals(List.of("nice", JavaCommand.javaBinary(), "-Xmx64m", "-Dk=v", "-cp"), command.subList(0, 5));
        assertEquals(List.of("a.Main", "x"), command.subList(6, 8));
        for (String entry : command.get(5).split(java.io.File.pathSeparator)) {
            assertTrue(Path.of(entry).isAbsolute(), entry);
        }
    }

    private static JavaCommand echo(String... args) {
        return JavaCommand.mainClass(EchoChild.class.getName(), List.of(args)).withJvmOptions(
                List.of("-Xmx32m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"));
    }

    private ChildJvm start(ChildJvmLauncher launcher) throws IOException {
        ChildJvm child = launcher.start();
        started.add(child);
        return child;
    }

    /** Waits (bounded) until the child's process is stopped ({@code T} in {@code /proc/PID/stat}) or not. */
    private static void awaitState(ChildJvm child, boolean stopped) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        while (state(child).equals("T") != stopped) {
            assertTrue(System.nanoTime() < deadline, child + " is still in state " + state(child));
            Thread.sleep(10);
        }
    }

    /** @return the process state letter of {@code /proc/PID/stat} ({@code T}: stopped) */
    private static String state(ChildJvm child) throws IOException {
        String stat = Files.readString(Path.of("/proc", Long.toString(child.pid()), "stat"));
        return stat.substring(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    }
}
