package io.lockfacade.demo.cluster;

import io.lockfacade.demo.locks.LockMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The launcher end to end: a real master and real node JVMs on this machine (started from the test class path),
 * a small workload, the verdict. Each run stops every process it started.
 */
class DemoClusterTest {

    private static final int NODES = 3;
    private static final int THREADS = 2;
    private static final long OPERATIONS_PER_NODE = 150;
    private static final int ACCOUNTS = 8;
    /** Few accounts and many threads: without a lock, updates are lost within the first few operations. */
    private static final int CONTENDED_ACCOUNTS = 2;
    private static final int CONTENDING_THREADS = 4;
    private static final long CONTENDING_OPERATIONS = 1_000;
    private static final long LIMIT_SECONDS = 120;

    @Test
    @Timeout(value = LIMIT_SECONDS, unit = TimeUnit.SECONDS)
    void aDistributedClusterLosesNoUpdateAndKeepsFencingTokensInOrder() throws Exception {
        ClusterOptions options = new ClusterOptions(NODES, LockMode.DISTRIBUTED, THREADS, OPERATIONS_PER_NODE,
                Duration.ZERO, ACCOUNTS, 0, true);
        ByteArrayOutputStream printed = new ByteArrayOutputStream();

        Verdict verdict = run(options, printed);

        String output = printed.toString(StandardCharsets.UTF_8);
        assertEquals(NODES * OPERATIONS_PER_NODE, verdict.operations() + verdict.timedOut(), output);
        assertEquals(0, verdict.failed(), output);
        assertEquals(0, verdict.lostUpdates(), output);
        assertEquals(0, verdict.fencingViolations(), output);
        assertEquals(verdict.expectedTotal(), verdict.actualTotal(), output);
        assertEquals(verdict.writesMade(), verdict.writesKept(), output);
        assertTrue(verdict.consistent(), output);
        assertTrue(verdict.remoteCalls().tryLock() > 0, "the nodes used the master: " + output);
        assertTrue(output.contains("RESULT: correct"), output);
    }

    @Test
    @Timeout(value = LIMIT_SECONDS, unit = TimeUnit.SECONDS)
    void withoutALockTheSameWorkLosesUpdates() throws Exception {
        ClusterOptions options = new ClusterOptions(NODES, LockMode.NONE, CONTENDING_THREADS, CONTENDING_OPERATIONS,
                Duration.ZERO, CONTENDED_ACCOUNTS, 0, true);
        ByteArrayOutputStream printed = new ByteArrayOutputStream();

        Verdict verdict = run(options, printed);

        String output = printed.toString(StandardCharsets.UTF_8);
        assertEquals(0, verdict.failed(), output);
        assertTrue(verdict.lostUpdates() > 0, output);
        assertTrue(output.contains("RESULT: broken"), output);
    }

    private static Verdict run(ClusterOptions options, ByteArrayOutputStream printed) throws Exception {
        PrintStream out = new PrintStream(printed, true, StandardCharsets.UTF_8);
        try (ClusterRun run = new ClusterRun(options, out, System.err)) {
            return run.run();
        } finally {
            System.out.print(printed.toString(StandardCharsets.UTF_8));
        }
    }
}
