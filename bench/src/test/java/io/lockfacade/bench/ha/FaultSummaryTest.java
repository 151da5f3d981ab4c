package io.lockfacade.bench.ha;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class FaultSummaryTest {

    private static TrialResult trial(Double millis) {
        return new TrialResult(millis, millis != null, "n1 faulted");
    }

    @Test
    void minMedianAndMaxOfRecoveredTrials() {
        FaultSummary summary = new FaultSummary(List.of(trial(900.0), trial(300.0), trial(500.0)));
        assertEquals(300.0, summary.min());
        assertEquals(500.0, summary.median());
        assertEquals(900.0, summary.max());
        assertEquals(3, summary.heldKept());
    }

    @Test
    void aTrialWithoutRecoveryCountsAsSlowerThanAny() {
        FaultSummary summary = new FaultSummary(List.of(trial(400.0), trial(null), trial(null)));
        assertEquals(400.0, summary.min());
        assertNull(summary.median());
        assertNull(summary.max());
        assertEquals(1, summary.recovered());
    }
}
