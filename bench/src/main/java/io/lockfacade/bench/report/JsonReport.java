package io.lockfacade.bench.report;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.MathContext;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The results as JSON: {@code settings}, {@code rows} (each with its figure, reference, ratio, target and verdict),
 * {@code invariants} and {@code failures}. Missing figures are {@code null}. Written by hand: the format is small
 * and a JSON library would be one more dependency to keep current.
 */
public final class JsonReport {

    private static final String INDENT = "  ";
    private static final int LAST_CONTROL_CHARACTER = 0x1f;
    private static final MathContext SIGNIFICANT = new MathContext(6);

    private final StringBuilder out = new StringBuilder();

    private JsonReport() {
    }

    /** Writes the report to {@code file}, replacing it. */
    public static void write(BenchReport report, Path file) throws IOException {
        Files.writeString(file, render(report), StandardCharsets.UTF_8);
    }

    /** @return the report as JSON text */
    public static String render(BenchReport report) {
        JsonReport json = new JsonReport();
        json.out.append("{\n");
        json.field(1, "settings").object(1, report.settings());
        json.out.append(",\n");
        json.field(1, "rows").array(1, report.rows(), json::row);
        json.out.append(",\n");
        json.field(1, "invariants").array(1, report.invariants(), json::invariant);
        json.out.append(",\n");
        json.field(1, "failures").object(1, report.failures());
        json.out.append("\n}\n");
        return json.out.toString();
    }

    private void row(ResultRow row) {
        out.append('{');
        pair("scenario", string(row.scenario())).append(", ");
        pair("metric", string(row.metric())).append(", ");
        pair("unit", string(row.unit())).append(", ");
        pair("lockFacade", number(row.facade())).append(", ");
        pair("referenceName", row.referenceName().isEmpty() ? "null" : string(row.referenceName())).append(", ");
        pair("reference", number(row.reference())).append(", ");
        pair("ratio", number(row.ratio())).append(", ");
        pair("target", row.target() == null ? "null" : string(row.target().text())).append(", ");
        pair("met", String.valueOf(row.met()));
        out.append('}');
    }

    private void invariant(Invariant invariant) {
        out.append('{');
        pair("scenario", string(invariant.scenario())).append(", ");
        pair("name", string(invariant.name())).append(", ");
        pair("held", String.valueOf(invariant.held())).append(", ");
        pair("detail", string(invariant.detail()));
        out.append('}');
    }

    private JsonReport field(int depth, String name) {
        out.append(INDENT.repeat(depth)).append(string(name)).append(": ");
        return this;
    }

    private StringBuilder pair(String name, String jsonValue) {
        return out.append(string(name)).append(": ").append(jsonValue);
    }

    private void object(int depth, Map<String, String> values) {
        out.append("{");
        Iterator<Map.Entry<String, String>> entries = values.entrySet().iterator();
        while (entries.hasNext()) {
            Map.Entry<String, String> entry = entries.next();
            out.append('\n').append(INDENT.repeat(depth + 1)).append(string(entry.getKey())).append(": ")
                    .append(string(entry.getValue())).append(entries.hasNext() ? "," : "");
        }
        out.append(values.isEmpty() ? "}" : "\n" + INDENT.repeat(depth) + "}");
    }

    private <T> void array(int depth, List<T> items, Consumer<T> writer) {
        out.append("[");
        for (int i = 0; i < items.size(); i++) {
            out.append('\n').append(INDENT.repeat(depth + 1));
            writer.accept(items.get(i));
            out.append(i < items.size() - 1 ? "," : "");
        }
        out.append(items.isEmpty() ? "]" : "\n" + INDENT.repeat(depth) + "]");
    }

    private static String number(double value) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            return "null";
        }
        return BigDecimal.valueOf(value).round(SIGNIFICANT).stripTrailingZeros().toPlainString();
    }

    static String string(String text) {
        StringBuilder quoted = new StringBuilder("\"");
        for (char c : text.toCharArray()) {
            switch (c) {
                case '"' -> quoted.append("\\\"");
                case '\\' -> quoted.append("\\\\");
                case '\n' -> quoted.append("\\n");
                case '\t' -> quoted.append("\\t");
                default -> {
                    if (c <= LAST_CONTROL_CHARACTER) {
                        quoted.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                    } else {
                        quoted.append(c);
                    }
                }
            }
        }
        return quoted.append('"').toString();
    }
}
