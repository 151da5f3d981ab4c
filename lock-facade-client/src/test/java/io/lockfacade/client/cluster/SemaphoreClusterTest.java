package io.lockfacade.client.cluster;

import io.lockfacade.client.distributed.DistributeLock;
import io.lockfacade.client.distributed.DistributeLockSettings;
import io.lockfacade.client.transport.ClientTransportSettings;
import io.lockfacade.client.transport.MemoryLockServiceProxies;
import io.lockfacade.process.ChildJvm;
import io.lockfacade.testsupport.await.Await;
import io.lockfacade.webapp.MasterOptions;
import io.lockfacade.webapp.MasterServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A semaphore shared by three client JVMs on a real master, one of them killed ({@code kill -9}) while its threads
 * hold permits: the holds the nodes report (a counter of holders over the machine's one monotonic clock) never
 * exceed the capacity, the survivors go on, and the dead node's permits come back once its session's TTL has run
 * out.
 */
class SemaphoreClusterTest {

    private static final Duration TTL = Duration.ofSeconds(3);
    private static final int CAPACITY = 3;
    private static final int THREADS_PER_NODE = 4;
    private static final long HOLD_MILLIS = 15;
    private static final Duration STARTUP = Duration.ofSeconds(60);

    private final List<ChildJvm> nodes = new ArrayList<>();
    private MasterServer master;

    @BeforeEach
    void startMasterAndNodes() throws Exception {
        master = MasterServer.start(MasterOptions.defaults("semaphore-cluster").withPort(0));
        for (int i = 1; i <= 3; i++) {
            nodes.add(NodeJvms.start("permits-" + i, PermitsNode.class, master.serviceUri().toString(), "p" + i,
                    Long.toString(TTL.toMillis()), Integer.toString(THREADS_PER_NODE), Integer.toString(CAPACITY),
                    Long.toString(HOLD_MILLIS)));
        }
        for (ChildJvm node : nodes) {
            node.awaitLine(line -> line.equals("STARTED"), STARTUP);
        }
    }

    @AfterEach
    void stopEverything() {
        nodes.forEach(ChildJvm::close);
        master.stop();
    }

    @Test
    void neverMoreHoldersThanPermitsAndADeadNodesPermitsComeBack() throws Exception {
        ChildJvm victim = nodes.get(0);
        Await.until(STARTUP, Duration.ofMillis(20), () -> holds(victim) >= 20 && holds(nodes.get(1)) >= 20,
                () -> "the nodes took permits");
        Await.until(STARTUP, Duration.ofMillis(1), () -> openHolds(victim) > 0, () -> "the victim holds a permit");
        long killedAt = System.nanoTime();
        victim.kill();
        List<ChildJvm> survivors = nodes.subList(1, nodes.size());
        int before = survivors.stream().mapToInt(SemaphoreClusterTest::holds).sum();
        Thread.sleep(TTL.plusSeconds(2).toMillis());
        int after = survivors.stream().mapToInt(SemaphoreClusterTest::holds).sum();
        assertTrue(after > before, "the survivors went on: " + before + " then " + after);
        for (ChildJvm survivor : survivors) {
            survivor.closeInput();
            survivor.awaitLine(line -> line.equals("DONE"), STARTUP);
            assertFalse(survivor.lines().stream().anyMatch(line -> line.startsWith("FAILED")), survivor.tail());
        }

        int most = mostHoldersAtOnce(killedAt, victim);
        System.out.println("semaphore of " + CAPACITY + " permits, 3 JVMs x " + THREADS_PER_NODE + " threads, one "
                + "killed: at most " + most + " holders at once over " + nodes.stream()
                .mapToInt(SemaphoreClusterTest::holds).sum() + " holds");
        assertTrue(most <= CAPACITY, "never more holders than permits: " + most);
        try (DistributeLock observer = new DistributeLock(MemoryLockServiceProxies.create(master.serviceUri(),
                ClientTransportSettings.defaults()), DistributeLockSettings.defaults().withNodeId("observer"))) {
            assertEquals(CAPACITY, observer.semaphore(PermitsNode.TYPE, PermitsNode.KEY, CAPACITY).availablePermits(),
                    "every permit came back, the dead node's included");
        }
    }

    private static int holds(ChildJvm node) {
        return (int) node.lines().stream().filter(line -> line.startsWith("IN ")).count();
    }

    private static int openHolds(ChildJvm node) {
        return holds(node) - (int) node.lines().stream().filter(line -> line.startsWith("OUT ")).count();
    }

    /** Sweeps every reported hold in time order; an open hold of the killed node ends when it was killed. */
    private int mostHoldersAtOnce(long killedAt, ChildJvm killed) {
        List<long[]> events = new ArrayList<>(); // {nanos, +1 | -1}
        for (ChildJvm node : nodes) {
            Map<String, Long> open = new HashMap<>();
            for (String line : node.lines()) {
                String[] words = line.split(" ");
                if (words[0].equals("IN")) {
                    open.put(words[1], Long.parseLong(words[2]));
                } else if (words[0].equals("OUT")) {
                    events.add(new long[] {open.remove(words[1]), 1});
                    events.add(new long[] {Long.parseLong(words[2]), -1});
                }
            }
            for (long from : open.values()) {
                assertTrue(node == killed, node.name() + " left a hold open");
                events.add(new long[] {from, 1});
                events.add(new long[] {killedAt, -1});
            }
        }
        events.sort((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
        int holders = 0;
        int most = 0;
        for (long[] event : events) {
            holders += (int) event[1];
            most = Math.max(most, holders);
        }
        return most;
    }
}
