package io.lockfacade.bench.report;

import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.style.Styler;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import javax.imageio.ImageIO;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * Draws S1, S3 and S4 of earlier full runs next to each other, one panel per figure, from the runs'
 * {@code results.json}: how the client transport changed them. Usage:
 * {@code BeforeAfterChart OUT.png LABEL=results.json [LABEL=results.json ...]}, runs in the order to draw them.
 * A run without a figure leaves its bar out.
 */
public final class BeforeAfterChart {

    private static final int PANEL_WIDTH = 480;
    private static final int PANEL_HEIGHT = 420;
    private static final int COLUMNS = 2;
    private static final String PNG = "png";

    /** The figures drawn: a panel title, then the scenario and metric of the row in {@code results.json}. */
    private static final List<Figure> FIGURES = List.of(
            new Figure("S1 lock+unlock p50, µs (lower: better)", "S1", "lock+unlock p50"),
            new Figure("S1 lock+unlock p99, µs (lower: better)", "S1", "lock+unlock p99"),
            new Figure("S3 ops/s, 16 threads, 1 key (higher: better)", "S3", "ops/s, 1 JVM × 16 threads"),
            new Figure("S4 hand-off p50 from unlock, ms (lower: better)", "S4",
                    "hand-off p50 (unlock called → other JVM holds)"));

    private BeforeAfterChart() {
    }

    /**
     * @param args the output file, then {@code label=path} per run
     */
    public static void main(String[] args) throws IOException {
        System.setProperty("java.awt.headless", "true");
        if (args.length < 2) {
            System.err.println("usage: BeforeAfterChart OUT.png LABEL=results.json [LABEL=results.json ...]");
            System.exit(2);
        }
        Map<String, JsonNode> runs = new LinkedHashMap<>();
        JsonMapper json = JsonMapper.builder().build();
        for (int i = 1; i < args.length; i++) {
            int equals = args[i].indexOf('=');
            if (equals <= 0) {
                throw new IllegalArgumentException("expected LABEL=results.json, got " + args[i]);
            }
            runs.put(args[i].substring(0, equals), json.readTree(Files.readString(Path.of(args[i].substring(equals + 1)))));
        }
        write(runs, Path.of(args[0]));
    }

    /** Writes the panels of {@code runs} (label to parsed {@code results.json}) to {@code file}. */
    static void write(Map<String, JsonNode> runs, Path file) throws IOException {
        int rows = (FIGURES.size() + COLUMNS - 1) / COLUMNS;
        BufferedImage image = new BufferedImage(COLUMNS * PANEL_WIDTH, rows * PANEL_HEIGHT,
                BufferedImage.TYPE_INT_RGB);
        Graphics2D graphics = image.createGraphics();
        try {
            graphics.setColor(Color.WHITE);
            graphics.fillRect(0, 0, image.getWidth(), image.getHeight());
            for (int i = 0; i < FIGURES.size(); i++) {
                CategoryChart panel = panel(FIGURES.get(i), runs);
                graphics.drawImage(BitmapEncoder.getBufferedImage(panel), (i % COLUMNS) * PANEL_WIDTH,
                        (i / COLUMNS) * PANEL_HEIGHT, null);
            }
        } finally {
            graphics.dispose();
        }
        if (!ImageIO.write(image, PNG, file.toFile())) {
            throw new IOException("no PNG writer in this JDK");
        }
    }

    private static CategoryChart panel(Figure figure, Map<String, JsonNode> runs) {
        CategoryChart chart = new CategoryChartBuilder().width(PANEL_WIDTH).height(PANEL_HEIGHT)
                .title(figure.title()).build();
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
        chart.getStyler().setLabelsVisible(true);
        chart.getStyler().setDecimalPattern("#,##0.##");
        for (Map.Entry<String, JsonNode> run : runs.entrySet()) {
            OptionalDouble value = figure.in(run.getValue());
            if (value.isPresent()) {
                chart.addSeries(run.getKey(), List.of(figure.metric()), List.of(value.getAsDouble()));
            }
        }
        return chart;
    }

    /** One figure: the first row of {@code results.json} with this scenario and metric. */
    private record Figure(String title, String scenario, String metric) {

        OptionalDouble in(JsonNode results) {
            List<Double> found = new ArrayList<>();
            for (JsonNode row : results.path("rows")) {
                if (scenario.equals(row.path("scenario").asString()) && metric.equals(row.path("metric").asString())
                        && row.path("lockFacade").isNumber()) {
                    found.add(row.path("lockFacade").asDouble());
                }
            }
            return found.isEmpty() ? OptionalDouble.empty() : OptionalDouble.of(found.get(0));
        }
    }
}
