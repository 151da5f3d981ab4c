package io.lockfacade.client.cluster;

import io.lockfacade.api.LockGrant;
import io.lockfacade.process.ChildJvm;
import io.lockfacade.webapp.MasterOptions;
import io.lockfacade.webapp.MasterServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Several client JVMs against one real master over HTTP. */
class MultiNodeClusterTest {

    private static final int NODES = 3;
    private static final int THREADS_PER_NODE = 4;
    private static final int INCREMENTS_PER_THREAD = 100;
    private static final int KEYS = 3;
    private static final Duration RUN_LIMIT = Duration.ofMinutes(3);
    private static final Pattern RESULT = Pattern.compile("RESULT node=(\\S+) increments=(\\d+) violations=(\\d+)");

    @TempDir
    Path shared;

    private MasterServer master;
    private final List<ChildJvm> nodes = new ArrayList<>();

    @BeforeEach
    void startMaster() throws Exception {
        master = MasterServer.start(MasterOptions.defaults("cluster-test").withPort(0));
    }

    @AfterEach
    void stopEverything() throws Exception {
        for (ChildJvm node : nodes) {
            node.close();
        }
        master.stop();
    }

    @Test
    void nodesSharingFilesLoseNoUpdateAndSeeFencingTokensOnlyGrow() throws Exception {
        for (int n = 0; n < NODES; n++) {
            nodes.add(NodeJvms.start("node-" + n, ContendingNode.class, master.serviceUri().toString(),
                    shared.toString(), "node-" + n, String.valueOf(THREADS_PER_NODE),
                    String.valueOf(INCREMENTS_PER_THREAD), String.valueOf(KEYS)));
        }

        long increments = 0;
        long violations = 0;
        for (ChildJvm node : nodes) {
            Matcher result = RESULT.matcher(node.awaitLine(line -> line.startsWith("RESULT"), RUN_LIMIT));
            assertTrue(result.matches());
            increments += Long.parseLong(result.group(2));
            violations += Long.parseLong(result.group(3));
            assertEquals(Optional.of(0), node.awaitExit(Duration.ofSeconds(30)), node.tail());
        }

        long expected = (long) NODES * THREADS_PER_NODE * INCREMENTS_PER_THREAD;
        assertEquals(expected, increments, "every increment was done");
        assertEquals(0, violations, "fencing tokens went backwards or stood still across nodes");
        assertEquals(expected, sumOfCounters(), "updates were lost");
        assertTrue(master.service().isLockTypeEmpty(ContendingNode.LOCK_TYPE), "locks left on the master");
    }

    @Test
    void killedHolderFreesItsLockWithinItsLeasePlusASecond() throws Exception {
        Duration lease = Duration.ofSeconds(2);
        ChildJvm holder = NodeJvms.start("holder", HoldingNode.class, master.serviceUri().toString(),
                "job", "nightly", String.valueOf(lease.toMillis()));
        nodes.add(holder);
        long heldToken = Long.parseLong(
                holder.awaitLine(line -> line.startsWith("HELD"), Duration.ofSeconds(30)).substring(5));

        holder.kill();
        long killedAt = System.nanoTime();
        LockGrant next = master.service().tryLock("job", "nightly", "survivor", 0,
                lease.plusSeconds(1).toMillis());
        Duration took = Duration.ofNanos(System.nanoTime() - killedAt);

        assertNotNull(next, "the dead node's lock was not freed within its lease plus a second");
        assertTrue(next.getFencingToken() > heldToken);
        assertTrue(took.compareTo(lease.plusSeconds(1)) <= 0, "took " + took);
    }

    private long sumOfCounters() throws Exception {
        long sum = 0;
        try (var files = Files.list(shared)) {
            for (Path file : files.toList()) {
                sum += Long.parseLong(Files.readString(file, StandardCharsets.UTF_8).split(" ")[0]);
            }
        }
        return sum;
    }
}
