package io.lockfacade.group.raft;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.HashSet;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LoopbackPortsTest {

    @Test
    void reservedPortsAreDistinctFreeAndBelowTheEphemeralRangeWithHeadroom() throws IOException {
        List<Integer> ports = LoopbackPorts.reserve("127.0.0.1", 9);

        assertEquals(9, new HashSet<>(ports).size());
        int highest = LoopbackPorts.ephemeralStart() - LoopbackPorts.HEADROOM;
        for (int port : ports) {
            assertTrue(port >= LoopbackPorts.LOWEST && port < highest,
                    port + " is outside [" + LoopbackPorts.LOWEST + ", " + highest + ")");
            try (ServerSocket bound = new ServerSocket(port, 1, InetAddress.getByName("127.0.0.1"))) {
                assertEquals(port, bound.getLocalPort());
            }
        }
    }

    @Test
    void aPortSomeoneListensOnIsNeverReserved() throws IOException {
        List<Integer> first = LoopbackPorts.reserve("127.0.0.1", 1);
        try (ServerSocket listening = new ServerSocket(first.get(0), 1, InetAddress.getByName("127.0.0.1"))) {
            for (int round = 0; round < 50; round++) {
                assertTrue(!LoopbackPorts.reserve("127.0.0.1", 20).contains(listening.getLocalPort()));
            }
        }
    }
}
