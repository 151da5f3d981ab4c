package io.lockfacade.bench.ha;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HaReportTest {

    private static FaultSummary of(Double... millis) {
        return new FaultSummary(Arrays.stream(millis).map(m -> new TrialResult(m, m != null, "n1 faulted"))
                .toList());
    }

    private static HaResults results(FaultSummary crash, double groupS1Millis) {
        return new HaResults("abc1234", LockCalls.Kind.JAVA, "1 / 2 / 3", "4 / 5 / 6",
                Map.of(FaultKind.CRASH, crash, FaultKind.HANG, of(2000.0, 2500.0, 2900.0)),
                Map.of(FaultKind.CRASH, of(1900.0), FaultKind.HANG, of((Double) null)),
                new Latency(groupS1Millis, 9, 100), new Latency(1, 2, 100), new Latency(2, 4, 100), 60, 100);
    }

    @Test
    void crashTargetIsMetOnlyWhenMedianAndMaxAreUnderTheirBounds() {
        assertTrue(results(of(500.0, 600.0, 1400.0), 1).faultTargetMet(FaultKind.CRASH));
        assertFalse(results(of(500.0, 600.0, 1600.0), 1).faultTargetMet(FaultKind.CRASH));
        assertFalse(results(of(500.0, null, null), 1).faultTargetMet(FaultKind.CRASH));
    }

    @Test
    void markdownShowsNoRecoveryAsNoneAndTheLatencyVerdicts() {
        String markdown = HaReport.markdown(results(of(500.0, 600.0, 700.0), 4), 3);
        assertTrue(markdown.contains("none / none / none s (0/1 within"), markdown);
        assertTrue(markdown.contains("4.00x single, 2.00x HZ | <= 3.00x single and <= 1x HZ | no"), markdown);
        assertTrue(markdown.contains("0.60x single | >= 0.50x single | yes"), markdown);
    }

    @Test
    void jsonWritesAMissingRecoveryAsNull() {
        String json = HaReport.json(results(of(500.0, 600.0, 700.0), 1));
        assertTrue(json.contains("\"system\": \"hazelcast-5.4-cp\", \"fault\": \"HANG\", \"minMs\": null"), json);
        assertTrue(json.contains("\"groupCommit\": \"abc1234\""), json);
        assertFalse(json.contains("NaN"), json);
    }
}
