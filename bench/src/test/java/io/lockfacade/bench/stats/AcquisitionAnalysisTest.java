package io.lockfacade.bench.stats;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class AcquisitionAnalysisTest {

    private static AcquisitionLog log(long[]... records) {
        AcquisitionLog log = new AcquisitionLog();
        for (long[] r : records) {
            log.add(r[0], r[1], r[2], r[3]);
        }
        return log;
    }

    @Test
    void alternatingNodesWithIncreasingTokensAreSound() {
        AcquisitionLog a = log(new long[] {100, 110, 120, 1}, new long[] {300, 310, 320, 3});
        AcquisitionLog b = log(new long[] {200, 210, 220, 2});
        AcquisitionAnalysis analysis = AcquisitionAnalysis.of(List.of(a, b));
        assertEquals(0, analysis.overlaps());
        assertEquals(0, analysis.tokenRegressions());
        assertEquals(0, analysis.staleTokensAtNodeChange());
        assertEquals(2, analysis.nodeChanges());
        assertEquals(3, analysis.total());
        assertEquals(1.0 / 3, analysis.minShare(), 1e-9);
    }

    @Test
    void anAcquisitionBeforeThePreviousReleaseStartedIsAnOverlap() {
        AcquisitionLog a = log(new long[] {100, 200, 210, 1});
        AcquisitionLog b = log(new long[] {150, 160, 170, 2});
        assertEquals(1, AcquisitionAnalysis.of(List.of(a, b)).overlaps());
    }

    @Test
    void aLocalHandOffMayKeepItsTokenButANodeChangeMayNot() {
        AcquisitionLog a = log(new long[] {100, 110, 120, 5}, new long[] {130, 140, 150, 5});
        AcquisitionLog b = log(new long[] {200, 210, 220, 5});
        AcquisitionAnalysis analysis = AcquisitionAnalysis.of(List.of(a, b));
        assertEquals(0, analysis.tokenRegressions());
        assertEquals(1, analysis.staleTokensAtNodeChange());
    }

    @Test
    void aSmallerTokenIsARegression() {
        AcquisitionLog a = log(new long[] {100, 110, 120, 7}, new long[] {130, 140, 150, 6});
        assertEquals(1, AcquisitionAnalysis.of(List.of(a)).tokenRegressions());
    }

    @Test
    void handOffLatencyRunsFromTheUnlockCallToTheOtherNodesAcquisition() {
        AcquisitionLog a = log(new long[] {1_000, 10_000, 12_000, 1});
        AcquisitionLog b = log(new long[] {15_000, 16_000, 17_000, 2});
        AcquisitionAnalysis analysis = AcquisitionAnalysis.of(List.of(a, b));
        assertEquals(5.0, analysis.handoffFromUnlockCall().p50Micros(), 0.01);
        assertEquals(3.0, analysis.handoffFromUnlockReturn().percentileMicros(50), 0.01);
    }

    @Test
    void aHandOffBeforeTheUnlockReturnedCountsBelowZero() {
        AcquisitionLog a = log(new long[] {1_000, 10_000, 20_000, 1});
        AcquisitionLog b = log(new long[] {15_000, 16_000, 17_000, 2});
        AcquisitionAnalysis analysis = AcquisitionAnalysis.of(List.of(a, b));
        assertEquals(-5.0, analysis.handoffFromUnlockReturn().percentileMicros(50), 0.01);
        assertEquals(1, analysis.handoffFromUnlockReturn().negativeCount());
    }

    @Test
    void runsAreAnalysedApartSoTheGapBetweenThemIsNoHandOff() {
        List<AcquisitionLog> first = List.of(log(new long[] {100, 110, 120, 1}), log());
        List<AcquisitionLog> second = List.of(log(), log(new long[] {9_000_000, 9_000_010, 9_000_020, 2}));
        AcquisitionAnalysis analysis = AcquisitionAnalysis.ofRuns(List.of(first, second));
        assertEquals(0, analysis.nodeChanges());
        assertEquals(2, analysis.total());
    }
}
