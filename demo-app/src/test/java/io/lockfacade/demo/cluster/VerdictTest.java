package io.lockfacade.demo.cluster;

import io.lockfacade.demo.bank.AccountRecord;
import io.lockfacade.demo.locks.LockMode;
import io.lockfacade.demo.locks.RemoteCalls;
import io.lockfacade.demo.node.NodeReport;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** How the verdict reads the nodes' reports against the store. */
class VerdictTest {

    private static final long OPENING_TOTAL = 2_000;

    @Test
    void aStoreMatchingTheReportsIsConsistent() {
        Verdict verdict = Verdict.of(LockMode.DISTRIBUTED, List.of(report(10, 30, 20, new RemoteCalls(12, 12, 1, 0))),
                OPENING_TOTAL, List.of(new AccountRecord(1_010, 6, 40), new AccountRecord(1_020, 4, 41)));

        assertTrue(verdict.consistent());
        assertEquals(OPENING_TOTAL + 30, verdict.expectedTotal());
        assertEquals(0, verdict.lostUpdates());
        assertEquals(2 * 20 - 24, verdict.remoteCallsSaved());
    }

    @Test
    void writesTheStoreDidNotKeepAreLostUpdates() {
        Verdict verdict = Verdict.of(LockMode.NONE, List.of(report(15, 30, 20, RemoteCalls.NONE),
                report(10, 0, 5, RemoteCalls.NONE)), OPENING_TOTAL,
                List.of(new AccountRecord(1_000, 11, 1), new AccountRecord(990, 9, 2)));

        assertEquals(25 - 20, verdict.lostUpdates());
        assertEquals(OPENING_TOTAL + 30, verdict.expectedTotal());
        assertEquals(1_990, verdict.actualTotal());
        assertFalse(verdict.consistent());
    }

    private static NodeReport report(long writes, long deposited, long acquisitions, RemoteCalls calls) {
        return new NodeReport("node", writes, 1, deposited, 1, 0, 0, 0, writes, 0, acquisitions, calls, 1,
                NodeReport.NO_GRANT);
    }
}
