package io.lockfacade.bench.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ReportFormatsTest {

    private static BenchReport sample() {
        BenchReport report = new BenchReport("article");
        report.setting("mode", "test \"quoted\"");
        report.title("S1", "Uncontended");
        report.add(new ResultRow("S1", "p50", "µs", 300, "floor", 280, Target.ratioAtMost("≤ 1.3×", 1.3)));
        report.add(new ResultRow("S1", "p99", "µs", 900, "article", 90_000, null).labelled("p99"));
        report.add(new ResultRow("S6", "timed out", "%", 0, "article", 100, null));
        report.add(ResultRow.alone("S6", "parked", "calls", Double.NaN, null));
        report.check("S1", "no overlap", true, "0 overlaps");
        return report;
    }

    @Test
    void aRatioWithinItsBoundMeetsTheTarget() {
        ResultRow row = sample().rows().get(0);
        assertEquals(300.0 / 280, row.ratio(), 1e-9);
        assertTrue(row.met());
    }

    @Test
    void aRowWithoutTargetHasNoVerdict() {
        assertEquals(null, sample().rows().get(1).met());
    }

    @Test
    void theTableShowsEveryRowAndInvariant() {
        String table = ResultTable.render(sample());
        assertTrue(table.contains("S1  "), table);
        assertTrue(table.contains("floor: 280 µs"), table);
        assertTrue(table.contains("1.07×"), table);
        assertTrue(table.contains("ok    S1 no overlap"), table);
    }

    @Test
    void jsonWritesMissingFiguresAsNullAndEscapesText() {
        String json = JsonReport.render(sample());
        assertTrue(json.contains("\"mode\": \"test \\\"quoted\\\"\""), json);
        assertTrue(json.contains("\"lockFacade\": null"), json);
        assertTrue(json.contains("\"met\": true"), json);
    }

    @Test
    void theChartIsAPngEvenWithWideSpreadsAndZeros(@TempDir Path dir) throws Exception {
        Path png = dir.resolve("results.png");
        assertTrue(ChartReport.write(sample(), png));
        byte[] bytes = Files.readAllBytes(png);
        assertTrue(bytes.length > 0);
        assertEquals((byte) 0x89, bytes[0]);
        assertEquals('P', bytes[1]);
    }

    @Test
    void noChartWithoutComparableRows(@TempDir Path dir) throws Exception {
        BenchReport report = new BenchReport("article");
        report.add(ResultRow.alone("S3", "share", "%", 50, null));
        assertFalse(ChartReport.write(report, dir.resolve("results.png")));
    }

    @Test
    void figuresBelowOneKeepThreeSignificantDigits() {
        assertEquals("0.00152", Figures.number(0.00151665));
        assertEquals("0.883", Figures.number(0.883271));
        assertEquals("0.00", Figures.number(0));
        assertEquals("2.35", Figures.number(2.3456));
        assertEquals("1,235", Figures.number(1234.5));
    }
}
