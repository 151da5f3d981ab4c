package io.lockfacade.client.cluster;

import io.lockfacade.process.ChildJvm;
import io.lockfacade.webapp.MasterOptions;
import io.lockfacade.webapp.MasterServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Read-write locks across client JVMs on one real master over HTTP, checked by a fenced {@link ReadWriteResource}:
 * no writer section overlaps any reader's or writer's, also when a node JVM is killed (kill -9) while it holds.
 */
class ReadWriteClusterTest {

    private static final int THREADS = 6;
    private static final Duration RUN_LIMIT = Duration.ofMinutes(3);
    private static final Pattern RESULT = Pattern.compile(
            "RESULT node=(\\S+) reads=(\\d+) writes=(\\d+) readCalls=(\\d+) lost=(\\d+)");

    private MasterServer master;
    private ReadWriteResource resource;
    private final List<ChildJvm> nodes = new ArrayList<>();

    @BeforeEach
    void start() throws Exception {
        master = MasterServer.start(MasterOptions.defaults("rw-cluster-test").withPort(0));
        resource = new ReadWriteResource();
    }

    @AfterEach
    void stop() throws Exception {
        for (ChildJvm node : nodes) {
            node.close();
        }
        resource.close();
        master.stop();
    }

    @Test
    void noWriterOverlapsAReaderOrWriterOfAnyNode() throws Exception {
        int perThread = 120;
        ChildJvm first = node("node-a", perThread, 5_000);
        ChildJvm second = node("node-b", perThread, 5_000);
        long reads = 0;
        for (ChildJvm node : List.of(first, second)) {
            Matcher result = result(node);
            long nodeReads = Long.parseLong(result.group(2));
            long readCalls = Long.parseLong(result.group(4));
            assertEquals(0, Long.parseLong(result.group(5)), "no hold was lost: " + node.tail());
            assertTrue(readCalls < nodeReads, "local readers shared remote read grants: " + readCalls
                    + " remote read calls for " + nodeReads + " reads");
            reads += nodeReads;
            assertEquals(Optional.of(0), node.awaitExit(Duration.ofSeconds(30)), node.tail());
        }
        assertEquals(2L * THREADS * perThread, resource.reads() + resource.writes());
        assertEquals(reads, resource.reads());
        assertTrue(resource.writes() > 0, "the run had writers");
        assertEquals(List.of(), resource.overlaps());
        assertEquals(0, resource.supersededSections(), "no section was entered beside an incompatible one");
    }

    @Test
    void aKilledNodesHoldsEndWithItsSessionAndNobodyOverlaps() throws Exception {
        long ttlMillis = 2_000;
        ChildJvm victim = node("victim", 1_000_000, ttlMillis);
        victim.awaitLine(line -> line.equals("PROGRESS"), RUN_LIMIT);
        ChildJvm survivor = node("survivor", 150, ttlMillis);
        survivor.awaitLine(line -> line.equals("PROGRESS"), RUN_LIMIT);
        assertTrue(victim.kill(), "kill -9 of the victim node");

        Matcher result = result(survivor);
        assertEquals(0, Long.parseLong(result.group(5)), "the survivor lost nothing: " + survivor.tail());
        assertTrue(Long.parseLong(result.group(3)) > 0, "the survivor wrote after the kill");
        assertEquals(List.of(), resource.overlaps());
        assertTrue(resource.supersededSections() <= THREADS,
                "only the killed node's open sections were superseded: " + resource.supersededSections());
    }

    private ChildJvm node(String nodeId, int perThread, long ttlMillis) throws Exception {
        ChildJvm node = NodeJvms.start(nodeId, ReadWriteNode.class, master.serviceUri().toString(),
                String.valueOf(resource.port()), nodeId, String.valueOf(THREADS), String.valueOf(perThread),
                String.valueOf(ttlMillis));
        nodes.add(node);
        return node;
    }

    private static Matcher result(ChildJvm node) throws Exception {
        Matcher result = RESULT.matcher(node.awaitLine(line -> line.startsWith("RESULT") || line.startsWith("FAILED"),
                RUN_LIMIT));
        assertTrue(result.matches(), node.tail());
        return result;
    }
}
