package io.lockfacade.demo.cluster;

import io.lockfacade.demo.locks.LockMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code --masters 3} end to end: a real master group of 3 member JVMs, real node JVMs, the leader killed with
 * SIGKILL halfway through the run, and the verdict: correct, a new leader took over, a failover time. Afterwards no
 * process the run started is left and the group's data is gone.
 */
@EnabledIfSystemProperty(named = "lockfacade.group.chaos", matches = "true", disabledReason =
        "multi-JVM group run, 1 to 2 minutes on a loaded 2-vCPU machine: run with -Dlockfacade.group.chaos=true")
class DemoGroupFailoverTest {

    private static final int NODES = 3;
    private static final int THREADS = 2;
    private static final Duration RUN = Duration.ofSeconds(8);
    private static final int ACCOUNTS = 8;
    private static final int MASTERS = 3;
    private static final long LIMIT_SECONDS = 300;
    /** How long the processes may take to disappear after the run closed (a forced kill is not waited for). */
    private static final Duration GONE_TIMEOUT = Duration.ofSeconds(15);
    private static final long POLL_MILLIS = 100;

    @Test
    @Timeout(value = LIMIT_SECONDS, unit = TimeUnit.SECONDS)
    void killingTheLeaderMidRunKeepsTheVerdictCorrect() throws Exception {
        ClusterOptions options = new ClusterOptions(NODES, LockMode.DISTRIBUTED, THREADS, 0, RUN, ACCOUNTS, 0, true,
                MASTERS);
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(printed, true, StandardCharsets.UTF_8);
        Verdict verdict;
        List<Long> pids;
        Optional<Path> data;
        ClusterRun run = new ClusterRun(options, out, System.err);
        try {
            verdict = run.run();
            pids = run.startedPids();
            data = run.groupData();
        } finally {
            run.close();
            System.out.print(printed.toString(StandardCharsets.UTF_8));
        }

        String output = printed.toString(StandardCharsets.UTF_8);
        assertEquals(NODES + MASTERS, pids.size(), "every JVM the run started is known: " + pids);
        Failover failover = verdict.failover().orElseThrow(() -> new AssertionError("no failover in: " + output));
        assertTrue(failover.newLeader().isPresent(), "a survivor took over: " + output);
        assertNotEquals(failover.killed(), failover.newLeader().get(), output);
        assertTrue(failover.firstGrantMillis().isPresent(), "a node was granted a lock by the new leader: " + output);
        assertTrue(failover.firstGrantMillis().getAsLong() > 0, "the grant counted came after the kill: " + output);
        assertEquals(0, verdict.lostUpdates(), output);
        assertEquals(0, verdict.fencingViolations(), output);
        assertEquals(verdict.expectedTotal(), verdict.actualTotal(), output);
        assertTrue(output.contains("killed the leader " + failover.killed()), output);
        assertTrue(output.contains("RESULT: correct"), output);
        assertTrue(verdict.correct(), output);
        assertAllGone(pids);
        assertFalse(data.map(Files::exists).orElse(true), "the group's data is deleted: " + data);
    }

    private static void assertAllGone(List<Long> pids) throws InterruptedException {
        long deadline = System.nanoTime() + GONE_TIMEOUT.toNanos();
        List<Long> alive = running(pids);
        while (!alive.isEmpty() && System.nanoTime() - deadline < 0) {
            TimeUnit.MILLISECONDS.sleep(POLL_MILLIS);
            alive = running(pids);
        }
        assertEquals(List.of(), alive, "processes the run started and left behind");
    }

    private static List<Long> running(List<Long> pids) {
        return pids.stream().filter(pid -> ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).toList();
    }
}
