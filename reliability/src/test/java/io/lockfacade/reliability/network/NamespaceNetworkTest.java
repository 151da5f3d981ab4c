package io.lockfacade.reliability.network;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The partition fixture on its own, in a second: members reach each other and are reached from the test's
 * namespace; a cut silences exactly the cut links (packets dropped, not refused); a heal restores them; closing
 * leaves no namespace or link behind. Reachability is probed on a closed port: a refused connection proves the
 * packets got there and back, a timeout that they were dropped.
 */
class NamespaceNetworkTest {

    private static final int CLOSED_PORT = 9;
    private static final Duration PROBE_TIMEOUT = Duration.ofSeconds(2);
    private static final Duration CLEANUP_TIMEOUT = Duration.ofSeconds(10);

    @Test
    void membersReachEachOtherUntilCutAndNothingIsLeftAfterClose() throws Exception {
        NamespaceNetwork network;
        try {
            network = NamespaceNetwork.create(List.of("n1", "n2", "n3"));
        } catch (NamespaceNetwork.Unavailable e) {
            Assumptions.abort("no network namespaces here: " + e.getMessage());
            return;
        }
        String tag;
        try {
            tag = network.namespace("n1").replace("-n1", "");
            for (String id : List.of("n1", "n2", "n3")) {
                assertTrue(reachableFromRoot(network.host(id)), id + " unreachable from the test's namespace");
            }
            assertTrue(reachable(network, "n1", "n2") && reachable(network, "n2", "n3")
                    && reachable(network, "n3", "n1"), "members do not reach each other");

            network.partition("n1", List.of("n2", "n3"));
            assertFalse(reachable(network, "n1", "n2"), "n1 still reaches n2 through a cut link");
            assertFalse(reachable(network, "n3", "n1"), "n3 still reaches n1 through a cut link");
            assertTrue(reachable(network, "n2", "n3"), "the majority's own link was cut");
            assertTrue(reachableFromRoot(network.host("n1")), "the isolated member lost its link to the test");

            network.heal();
            assertTrue(reachable(network, "n1", "n2") && reachable(network, "n3", "n1"), "the heal did not heal");
        } finally {
            network.close();
        }
        assertEquals("", awaitNoTrace(tag), "left behind after close");
    }

    /** @return whether a connection to a closed port of {@code host} is refused (reached) rather than timed out */
    private static boolean reachableFromRoot(String host) throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(host, CLOSED_PORT), (int) PROBE_TIMEOUT.toMillis());
            return true;
        } catch (ConnectException refused) {
            return true;
        } catch (SocketTimeoutException dropped) {
            return false;
        }
    }

    /** @return whether a connection from {@code from}'s namespace to a closed port of {@code to} is refused */
    private static boolean reachable(NamespaceNetwork network, String from, String to) {
        IpCommand.Result probe = IpCommand.run("timeout", Long.toString(PROBE_TIMEOUT.toSeconds()), "ip", "netns",
                "exec", network.namespace(from), "bash", "-c",
                "echo > /dev/tcp/" + network.host(to) + "/" + CLOSED_PORT);
        return probe.output().contains("refused");
    }

    /** @return the namespaces and links still carrying {@code tag} once deletion settled (the kernel is lazy) */
    private static String awaitNoTrace(String tag) throws InterruptedException {
        String linkTag = "lf" + tag.substring(tag.lastIndexOf('-') + 1);
        long deadline = System.nanoTime() + CLEANUP_TIMEOUT.toNanos();
        String left;
        do {
            left = (IpCommand.require("ip", "netns", "list") + IpCommand.require("ip", "-o", "link", "show"))
                    .lines().filter(line -> line.contains(tag) || line.contains(linkTag))
                    .reduce("", (a, b) -> a + b + "\n");
            if (left.isEmpty()) {
                return left;
            }
            Thread.sleep(100);
        } while (System.nanoTime() < deadline);
        return left;
    }
}
