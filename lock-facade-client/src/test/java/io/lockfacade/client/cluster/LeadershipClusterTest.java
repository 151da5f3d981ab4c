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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Leadership across three client JVMs on a real master, from what each node's {@code isLeader()} answered (on the
 * machine's one monotonic clock): the leader's JVM killed ({@code kill -9}), another leads within the session TTL
 * plus one second; the leader's JVM frozen ({@code kill -STOP}), its {@code isLeader()} is never {@code true} again
 * once another node leads, and the gap between its last {@code true} and the new leader's first is never negative.
 */
class LeadershipClusterTest {

    /** Short, so that the test is; long enough that a loaded machine's stalls do not end a live node's session. */
    private static final Duration TTL = Duration.ofSeconds(4);
    private static final Duration TAKEOVER_BOUND = TTL.plusSeconds(1);
    private static final Duration STARTUP = Duration.ofSeconds(60);
    private static final long POLL_MILLIS = 5;

    private final List<ChildJvm> nodes = new ArrayList<>();
    private MasterServer master;

    @BeforeEach
    void startMasterAndNodes() throws Exception {
        master = MasterServer.start(MasterOptions.defaults("leadership-cluster").withPort(0));
        for (int i = 1; i <= 3; i++) {
            nodes.add(NodeJvms.start("leader-" + i, LeadershipNode.class, master.serviceUri().toString(), "n" + i,
                    Long.toString(TTL.toMillis())));
        }
        for (ChildJvm node : nodes) {
            node.awaitLine(line -> line.equals("STARTED"), STARTUP);
        }
    }

    @AfterEach
    void stopEverything() {
        nodes.forEach(ChildJvm::thaw);
        nodes.forEach(ChildJvm::close);
        master.stop();
    }

    @Test
    void whenTheLeadersJvmIsKilledAnotherLeadsWithinTheTtlPlusOneSecond() throws Exception {
        ChildJvm leader = awaitLeader(nodes);
        long killedAt = System.nanoTime();
        leader.kill();
        List<ChildJvm> survivors = nodes.stream().filter(node -> node != leader).toList();
        ChildJvm successor = awaitLeader(survivors);
        Duration takeover = Duration.ofNanos(lastTerm(successor).from - killedAt);

        System.out.println("kill -9 of " + leader.name() + ": " + successor.name() + " leads after "
                + takeover.toMillis() + " ms (TTL " + TTL.toMillis() + " ms)");
        assertTrue(takeover.compareTo(TAKEOVER_BOUND) <= 0, "took over after " + takeover.toMillis() + " ms");
        assertTermsNeverOverlap(killedAt, leader);
    }

    @Test
    void aFrozenLeaderStopsLeadingBeforeAnotherNodeStarts() throws Exception {
        ChildJvm leader = awaitLeader(nodes);
        leader.freeze();
        List<ChildJvm> others = nodes.stream().filter(node -> node != leader).toList();
        ChildJvm successor = awaitLeader(others);
        long newFrom = lastTerm(successor).from;
        leader.thaw();
        String follows = leader.awaitLine(line -> line.startsWith("FOLLOWS"), STARTUP);
        long oldUntil = Long.parseLong(follows.split(" ")[1]);
        Duration gap = Duration.ofNanos(newFrom - oldUntil);

        System.out.println("kill -STOP of " + leader.name() + ": its last isLeader()=true was " + gap.toMillis()
                + " ms before " + successor.name() + "'s first (TTL " + TTL.toMillis() + " ms)");
        assertTrue(gap.toNanos() >= 0, "the old leader still answered true " + (-gap.toMillis())
                + " ms after the new one began");
        Thread.sleep(TTL.toMillis()); // the thawed node has seen its session lost and joined again
        assertTermsNeverOverlap(Long.MAX_VALUE, null);
        assertEquals(successor, awaitLeader(nodes), "the thawed node does not take over again");
    }

    /** One term as a node's {@code isLeader()} answered it: from before its first true to after its last. */
    private record Term(ChildJvm node, long epoch, long from, long until) {
    }

    private static List<Term> terms(ChildJvm node, long endOfOpenTerm) {
        List<Term> terms = new ArrayList<>();
        long epoch = -1;
        long from = 0;
        for (String line : node.lines()) {
            String[] words = line.split(" ");
            if (words[0].equals("LEADS")) {
                epoch = Long.parseLong(words[1]);
                from = Long.parseLong(words[2]);
            } else if (words[0].equals("FOLLOWS") && epoch >= 0) {
                terms.add(new Term(node, epoch, from, Long.parseLong(words[1])));
                epoch = -1;
            }
        }
        if (epoch >= 0) {
            terms.add(new Term(node, epoch, from, endOfOpenTerm));
        }
        return terms;
    }

    private static Term lastTerm(ChildJvm node) {
        List<Term> terms = terms(node, Long.MAX_VALUE);
        return terms.get(terms.size() - 1);
    }

    /** No two nodes' terms overlap, and epochs grow with time; a killed node's open term ends when it was killed. */
    private void assertTermsNeverOverlap(long killedAt, ChildJvm killed) {
        List<Term> all = new ArrayList<>();
        nodes.forEach(node -> all.addAll(terms(node, node == killed ? killedAt : Long.MAX_VALUE)));
        all.sort((a, b) -> Long.compare(a.from, b.from));
        for (int i = 1; i < all.size(); i++) {
            Term before = all.get(i - 1);
            Term after = all.get(i);
            assertTrue(before.until <= after.from, "two leaders at once: " + before + " and " + after);
            assertTrue(before.epoch < after.epoch, "epochs grow: " + before + " then " + after);
        }
    }

    private static ChildJvm awaitLeader(List<ChildJvm> candidates) throws InterruptedException {
        long deadline = System.nanoTime() + STARTUP.toNanos();
        while (System.nanoTime() < deadline) {
            List<ChildJvm> leading = candidates.stream()
                    .filter(node -> lastTermOpen(node)).toList();
            if (leading.size() > 1) {
                fail("two leaders at once: " + leading);
            }
            if (leading.size() == 1) {
                return leading.get(0);
            }
            Thread.sleep(POLL_MILLIS);
        }
        throw new AssertionError("no leader within " + STARTUP);
    }

    private static boolean lastTermOpen(ChildJvm node) {
        List<Term> terms = terms(node, Long.MAX_VALUE);
        return !terms.isEmpty() && terms.get(terms.size() - 1).until == Long.MAX_VALUE;
    }
}
