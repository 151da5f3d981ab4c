package io.lockfacade.demo.node;

import io.lockfacade.demo.locks.RemoteCalls;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The lines a node sends its launcher. */
class NodeReportTest {

    private static final NodeReport REPORT = new NodeReport("node-2", 10, 3, 17, 6, 1, 2, 0, 15, 4, 16,
            new RemoteCalls(9, 8, 1, 0), 1_234, 1_700_000_000_123L);

    @Test
    void aReportSurvivesItsLine() {
        assertEquals(REPORT, NodeReport.parse(REPORT.toLine()));
    }

    @Test
    void aReportLineLackingAFieldIsRefused() {
        String line = REPORT.toLine().replace("writes=15 ", "");

        IllegalArgumentException failure = assertThrows(IllegalArgumentException.class, () -> NodeReport.parse(line));
        assertTrue(failure.getMessage().contains("writes"), failure.getMessage());
    }

    @Test
    void protocolLinesAreToldFromOtherOutput() {
        String line = NodeProtocol.event(NodeProtocol.RESULT, REPORT.toLine());

        assertEquals(new NodeProtocol.Event(NodeProtocol.RESULT, REPORT.toLine()), NodeProtocol.parse(line).get());
        assertEquals(new NodeProtocol.Event(NodeProtocol.READY, ""),
                NodeProtocol.parse(NodeProtocol.event(NodeProtocol.READY, "")).get());
        assertTrue(NodeProtocol.parse("[main] WARN something").isEmpty());
    }
}
