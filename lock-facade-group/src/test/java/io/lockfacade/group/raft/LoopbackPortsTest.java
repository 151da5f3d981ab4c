package io.lockfacade.group.raft;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.HashSet;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
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

    @Test
    void theKernelsRangeIsReadWithBlanksOrTabs() {
        assertEquals(32768, LoopbackPorts.parseEphemeralStart("32768\t60999\n"));
        assertEquals(40000, LoopbackPorts.parseEphemeralStart("40000 65535\n"));
    }

    @Test
    void aReadCutShortIsAnErrorNotAGuess() {
        for (String truncated : new String[]{"", "327", "32768", "32768\t", "32768\t609", "32768\t60999"}) {
            IllegalStateException refused = assertThrows(IllegalStateException.class,
                    () -> LoopbackPorts.parseEphemeralStart(truncated), truncated);
            assertTrue(refused.getMessage().contains("whole port range"), refused.getMessage());
        }
    }

    @Test
    void aRangeThatLeavesNoRoomBelowItIsRefused() {
        IllegalStateException refused = assertThrows(IllegalStateException.class,
                () -> LoopbackPorts.parseEphemeralStart("1024\t65535\n"));
        assertTrue(refused.getMessage().contains("starts at 1024"), refused.getMessage());
        assertThrows(IllegalStateException.class, () -> LoopbackPorts.parseEphemeralStart("60000 50000\n"));
    }
}
