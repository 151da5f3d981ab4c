package io.lockfacade.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The results as a plain-text table: scenario, metric, Lock Facade, reference, ratio (Lock Facade ÷ reference),
 * target, met; then the invariants and any failed scenario.
 */
public final class ResultTable {

    private static final String[] HEADERS = {"Scenario", "Metric", "Lock Facade", "Reference", "Ratio", "Target",
            "Met"};
    private static final String GAP = "  ";

    private ResultTable() {
    }

    /** @return the whole report as text, ending with a line break */
    public static String render(BenchReport report) {
        List<String[]> cells = new ArrayList<>();
        cells.add(HEADERS);
        for (ResultRow row : report.rows()) {
            cells.add(cells(row));
        }
        StringBuilder out = new StringBuilder();
        for (Map.Entry<String, String> setting : report.settings().entrySet()) {
            out.append(setting.getKey()).append(": ").append(setting.getValue()).append('\n');
        }
        out.append('\n').append(table(cells)).append('\n');
        for (Invariant invariant : report.invariants()) {
            out.append(invariant.held() ? "  ok    " : "  FAIL  ").append(invariant.scenario()).append(' ')
                    .append(invariant.name()).append(" (").append(invariant.detail()).append(")\n");
        }
        report.failures().forEach((scenario, why) ->
                out.append("  FAILED ").append(scenario).append(": ").append(why).append('\n'));
        return out.toString();
    }

    /**
     * @return the rows as a Markdown table ({@code results.md}, which docs/performance.md links to), followed by
     *         the invariants as a list
     */
    public static String renderMarkdown(BenchReport report) {
        StringBuilder out = new StringBuilder("| " + String.join(" | ", HEADERS) + " |\n");
        out.append("|").append(" --- |".repeat(HEADERS.length)).append('\n');
        for (ResultRow row : report.rows()) {
            out.append("| ").append(String.join(" | ", cells(row))).append(" |\n");
        }
        out.append('\n');
        for (Invariant invariant : report.invariants()) {
            out.append("- ").append(invariant.held() ? "held: " : "**FAILED**: ").append(invariant.scenario())
                    .append(' ').append(invariant.name()).append(" (").append(invariant.detail()).append(")\n");
        }
        report.failures().forEach((scenario, why) ->
                out.append("- **scenario failed**: ").append(scenario).append(": ").append(why).append('\n'));
        return out.toString();
    }

    /** @return one row's cells, in the order of {@link #HEADERS} */
    private static String[] cells(ResultRow row) {
        boolean referenced = !row.referenceName().isEmpty();
        return new String[] {row.scenario(), row.metric(), Figures.withUnit(row.facade(), row.unit()),
                referenced ? row.referenceName() + ": " + Figures.withUnit(row.reference(), row.unit()) : "",
                referenced ? Figures.ratio(row.ratio()) : "", row.target() == null ? "" : row.target().text(),
                Figures.verdict(row.met())};
    }

    /** @return the cells aligned in columns, the first row underlined */
    static String table(List<String[]> cells) {
        int[] widths = new int[HEADERS.length];
        for (String[] row : cells) {
            for (int c = 0; c < row.length; c++) {
                widths[c] = Math.max(widths[c], row[c].length());
            }
        }
        StringBuilder out = new StringBuilder();
        for (int r = 0; r < cells.size(); r++) {
            String[] row = cells.get(r);
            StringBuilder line = new StringBuilder();
            for (int c = 0; c < row.length; c++) {
                line.append(pad(row[c], widths[c])).append(c < row.length - 1 ? GAP : "");
            }
            out.append(line.toString().stripTrailing()).append('\n');
            if (r == 0) {
                int total = 0;
                for (int width : widths) {
                    total += width + GAP.length();
                }
                out.append("-".repeat(total - GAP.length())).append('\n');
            }
        }
        return out.toString();
    }

    private static String pad(String text, int width) {
        return text + " ".repeat(width - text.length());
    }
}
