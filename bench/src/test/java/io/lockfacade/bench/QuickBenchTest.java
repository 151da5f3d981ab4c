package io.lockfacade.bench;

import io.lockfacade.bench.report.BenchReport;
import io.lockfacade.bench.report.Invariant;
import io.lockfacade.bench.report.ResultRow;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Runs the whole benchmark in quick mode, child JVMs and all, so that it never rots. Asserts no timing: only that
 * every scenario produced its figures, that every invariant (no overlapping holders, ordered fencing tokens, locks
 * expired, waiters parked) held, and that the JSON and the chart were written.
 */
class QuickBenchTest {

    private static final Set<String> SCENARIOS = Set.of("S1", "S2", "S3", "S4", "S5", "S6", "S7", "S8", "S9", "S10");
    private static final long BUDGET_MINUTES = 6;

    @Test
    @Timeout(value = BUDGET_MINUTES, unit = TimeUnit.MINUTES)
    void quickModeProducesEveryFigureAndKeepsEveryInvariant() throws Exception {
        Path out = Path.of("target", "bench-quick");
        BenchReport report = BenchMain.runAndWrite(new BenchOptions(true, false, Set.of(), out, null));

        assertEquals(List.of(), List.copyOf(report.failures().entrySet()), "scenarios that failed");
        List<ResultRow> rows = report.rows();
        assertEquals(SCENARIOS, rows.stream().map(ResultRow::scenario).collect(Collectors.toSet()));
        List<String> missing = rows.stream().filter(row -> !row.hasFigure())
                .map(row -> row.scenario() + " " + row.metric()).toList();
        assertEquals(List.of(), missing, "rows without a Lock Facade figure");
        List<Invariant> broken = report.invariants().stream().filter(invariant -> !invariant.held()).toList();
        assertEquals(List.of(), broken, "invariants that did not hold");
        assertTrue(Files.size(out.resolve(BenchMain.JSON_FILE)) > 0);
        assertTrue(Files.size(out.resolve(BenchMain.PNG_FILE)) > 0);
        assertTrue(Files.size(out.resolve(BenchMain.MARKDOWN_FILE)) > 0);
    }
}
