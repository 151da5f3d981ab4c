package io.lockfacade.bench.ha;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
                new Latency(groupS1Millis, 9, groupS1Millis, 100), new Latency(1, 2, 1, 100),
                new Latency(2, 4, 2, 100), 60, 100, new Latency(0.4, 1, 0.5, 100),
                new Latency(0.25, 1, 0.3, 100), 200, List.of(250.0, 410.0, 300.0));
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
    void theEngineFloorBoundsGroupS1AndS3() {
        HaResults results = results(of(500.0, 600.0, 700.0), 4);
        // single S1 1 ms + 2 entries of 0.4 ms (p50): the group cannot be under 1.8 ms, 1.8x the single master
        assertEquals(1.8, results.groupS1Floor(), 1e-9);
        assertEquals(4 / 1.8, results.s1OverFloor(), 1e-9);
        // one hand-over per committed entry of 0.5 ms on average: at most 2,000 pairs a second
        assertEquals(2000.0, results.s3Ceiling(), 1e-9);
        // without fsync: 1 ms + 2 x 0.25 ms
        assertEquals(1.5, results.groupS1FloorNoFsync(), 1e-9);
        String markdown = HaReport.markdown(results, 3);
        assertTrue(markdown.contains("| 1.80 ms | 1.80x single (target <= 3.00x); group S1 is 2.22x this floor |"),
                markdown);
        assertTrue(markdown.contains("| 2000 pairs/s | 20.00x single (target >= 0.50x); group S3 is 0.03x this "
                + "ceiling |"), markdown);
        assertTrue(markdown.contains("| group S1 floor without fsync | 1.50 ms | 1.50x single |"), markdown);
        assertTrue(HaReport.json(results).contains("\"s3CeilingPerSecond\": 2000.0"));
    }

    @Test
    void theHeapVerdictTakesTheMostCostlyMember() {
        HaResults results = results(of(500.0, 600.0, 700.0), 4);
        assertEquals(2.05, results.heapRatio(), 1e-9);
        assertTrue(HaReport.markdown(results, 3).contains("| 250 / 410 / 300 B (n1 / n2 / n3) | 200 B | - | 2.05x "
                + "single (largest member) | <= 2.00x single | no |"), HaReport.markdown(results, 3));
    }

    @Test
    void jsonWritesAMissingRecoveryAsNull() {
        String json = HaReport.json(results(of(500.0, 600.0, 700.0), 1));
        assertTrue(json.contains("\"system\": \"hazelcast-5.4-cp\", \"fault\": \"HANG\", \"minMs\": null"), json);
        assertTrue(json.contains("\"groupCommit\": \"abc1234\""), json);
        assertFalse(json.contains("NaN"), json);
    }
}
