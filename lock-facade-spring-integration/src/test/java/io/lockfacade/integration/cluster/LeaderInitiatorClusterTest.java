package io.lockfacade.integration.cluster;

import io.lockfacade.process.ChildJvm;
import io.lockfacade.process.JavaCommand;
import io.lockfacade.testkit.master.InProcessMaster;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Spring Integration's {@code LockRegistryLeaderInitiator} on {@code LockFacadeLockRegistry}, three nodes in three
 * JVMs: exactly one leader, and when its JVM is killed ({@code kill -9}) another takes over within the session TTL
 * plus one second.
 */
class LeaderInitiatorClusterTest {

    /** Short, so that the test is; long enough that a loaded machine's stalls do not end a live node's session. */
    private static final Duration SESSION_TTL = Duration.ofSeconds(4);
    private static final Duration TAKEOVER_BOUND = SESSION_TTL.plusSeconds(1);
    private static final Duration STEADY = Duration.ofSeconds(2);
    private static final Duration STARTUP = Duration.ofSeconds(60);
    private static final long POLL_MILLIS = 10;

    @Test
    void exactlyOneLeaderAndAnotherWithinTheSessionTtlWhenItsJvmIsKilled(@TempDir Path logs) throws Exception {
        List<ChildJvm> nodes = new ArrayList<>();
        try (InProcessMaster master = InProcessMaster.start()) {
            for (int i = 1; i <= 3; i++) {
                JavaCommand command = JavaCommand.mainClass(LeaderNodeMain.class.getName(), List.of(
                        master.serviceUri().toString(), "n" + i, Long.toString(SESSION_TTL.toMillis())))
                        .withJvmOptions(List.of("-Xmx96m"));
                nodes.add(ChildJvm.launcher("leader-node-" + i, command).log(logs.resolve("n" + i + ".log"))
                        .killedAtExit().start());
            }
            for (ChildJvm node : nodes) {
                node.awaitLine(line -> line.startsWith("STARTED"), STARTUP);
            }
            ChildJvm leader = awaitLeader(nodes, STARTUP);
            Thread.sleep(STEADY.toMillis());
            assertEquals(List.of(leader), leaders(nodes), "exactly one leader, and still the first");

            long killed = System.nanoTime();
            leader.kill();
            List<ChildJvm> survivors = nodes.stream().filter(node -> node != leader).toList();
            ChildJvm successor = awaitLeader(survivors, STARTUP);
            Duration takeover = Duration.ofNanos(System.nanoTime() - killed);

            System.out.println("leader " + leader.name() + " killed; " + successor.name() + " leads after "
                    + takeover.toMillis() + " ms");
            assertTrue(takeover.compareTo(TAKEOVER_BOUND) <= 0, "took over after " + takeover.toMillis() + " ms");
            Thread.sleep(STEADY.toMillis());
            assertEquals(List.of(successor), leaders(survivors), "exactly one leader among the survivors");
        } finally {
            nodes.forEach(ChildJvm::close);
        }
    }

    private static ChildJvm awaitLeader(List<ChildJvm> nodes, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            List<ChildJvm> leaders = leaders(nodes);
            if (leaders.size() > 1) {
                fail("two leaders at once: " + leaders);
            }
            if (leaders.size() == 1) {
                return leaders.get(0);
            }
            Thread.sleep(POLL_MILLIS);
        }
        throw new AssertionError("no leader within " + timeout);
    }

    /** @return the nodes whose last role change was a grant */
    private static List<ChildJvm> leaders(List<ChildJvm> nodes) {
        return nodes.stream().filter(node -> {
            List<String> changes = node.lines().stream()
                    .filter(line -> line.startsWith("GRANTED") || line.startsWith("REVOKED")).toList();
            return !changes.isEmpty() && changes.get(changes.size() - 1).startsWith("GRANTED");
        }).toList();
    }
}
