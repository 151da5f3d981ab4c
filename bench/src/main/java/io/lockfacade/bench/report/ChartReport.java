package io.lockfacade.bench.report;

import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.style.CategoryStyler;
import org.knowm.xchart.style.Styler;

import javax.imageio.ImageIO;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;

/**
 * The results as one PNG of two bar charts, both "higher is better" on a logarithmic axis:
 * <ol>
 *   <li><b>Targets:</b> each targeted figure divided by its bound (or the bound by the figure, for upper bounds),
 *       so that a bar reaching the line at 1 meets its target.</li>
 *   <li><b>Against the article's design:</b> how many times better Lock Facade does than the article, each figure
 *       in its own direction (more operations per second; less latency, memory, CPU per operation or remote
 *       calls). Figures with no better direction (cores used, threads alive) are left out.</li>
 * </ol>
 */
public final class ChartReport {

    private static final int CHART_WIDTH = 1200;
    private static final int CHART_HEIGHT = 560;
    private static final int LABEL_ROTATION_DEGREES = 30;
    private static final double AXIS_HEADROOM = 2;
    private static final String PNG = "png";
    private static final String HIGHER_IS_BETTER_UNIT = "ops/s";
    /** Figures that are neither better nor worse when larger: CPU used, threads alive (capped by the pool). */
    private static final Set<String> DIRECTIONLESS_UNITS = Set.of("cores", "threads");

    private ChartReport() {
    }

    /**
     * Writes the chart to {@code file}; writes nothing if no row has a target or an article figure.
     *
     * @return whether a chart was written
     */
    public static boolean write(BenchReport report, Path file) throws IOException {
        List<CategoryChart> charts = new ArrayList<>();
        List<ResultRow> targeted = rows(report, row -> row.target() != null && row.facade() > 0);
        if (!targeted.isEmpty()) {
            charts.add(chart("Lock Facade against its targets (≥ 1: met)", "figure ÷ target", targeted,
                    ChartReport::targetAttainment, "target"));
        }
        String article = report.articleLabel();
        List<ResultRow> compared = rows(report, row -> row.referenceName().equals(article)
                && row.facade() > 0 && row.reference() > 0 && !DIRECTIONLESS_UNITS.contains(row.unit()));
        if (!compared.isEmpty()) {
            charts.add(chart("Lock Facade against the article's design (× better)", "times better", compared,
                    ChartReport::improvement, "equal"));
        }
        if (charts.isEmpty()) {
            return false;
        }
        BufferedImage image = new BufferedImage(CHART_WIDTH, charts.size() * CHART_HEIGHT, BufferedImage.TYPE_INT_RGB);
        Graphics2D graphics = image.createGraphics();
        try {
            graphics.setColor(Color.WHITE);
            graphics.fillRect(0, 0, image.getWidth(), image.getHeight());
            for (int i = 0; i < charts.size(); i++) {
                graphics.drawImage(BitmapEncoder.getBufferedImage(charts.get(i)), 0, i * CHART_HEIGHT, null);
            }
        } finally {
            graphics.dispose();
        }
        if (!ImageIO.write(image, PNG, file.toFile())) {
            throw new IOException("no PNG writer in this JDK");
        }
        return true;
    }

    /** @return how far the figure is on the right side of its first bound: ≥ 1 when met */
    static double targetAttainment(ResultRow row) {
        Target.Condition bound = row.target().conditions().get(0);
        double subject = bound.subject() == Target.Subject.VALUE ? row.facade() : row.ratio();
        return bound.atMost() ? bound.threshold() / subject : subject / bound.threshold();
    }

    /** @return how many times better Lock Facade's figure is than the reference's, in the figure's direction */
    static double improvement(ResultRow row) {
        return HIGHER_IS_BETTER_UNIT.equals(row.unit()) ? row.facade() / row.reference()
                : row.reference() / row.facade();
    }

    private static List<ResultRow> rows(BenchReport report, Predicate<ResultRow> filter) {
        return report.rows().stream().filter(filter).toList();
    }

    private static CategoryChart chart(String title, String axis, List<ResultRow> rows,
                                       ToDoubleFunction<ResultRow> measure, String lineName) {
        CategoryChart chart = new CategoryChartBuilder().width(CHART_WIDTH).height(CHART_HEIGHT).title(title)
                .yAxisTitle(axis).build();
        List<String> labels = new ArrayList<>();
        List<Double> values = new ArrayList<>();
        double smallest = 1;
        double largest = 1;
        for (ResultRow row : rows) {
            double value = measure.applyAsDouble(row);
            if (value > 0 && Double.isFinite(value)) {
                labels.add(row.chartLabel());
                values.add(value);
                smallest = Math.min(smallest, value);
                largest = Math.max(largest, value);
            }
        }
        CategoryStyler styler = chart.getStyler();
        styler.setLegendPosition(Styler.LegendPosition.InsideNE);
        styler.setXAxisLabelRotation(LABEL_ROTATION_DEGREES);
        styler.setYAxisLogarithmic(true);
        // Bars start at zero unless told otherwise, and a logarithmic axis cannot reach zero.
        styler.setYAxisMin(smallest / AXIS_HEADROOM);
        styler.setYAxisMax(largest * AXIS_HEADROOM);
        styler.setOverlapped(true);
        chart.addSeries("Lock Facade", labels, values);
        CategorySeries line = chart.addSeries(lineName, labels, Collections.nCopies(labels.size(), 1.0));
        line.setChartCategorySeriesRenderStyle(CategorySeries.CategorySeriesRenderStyle.Line);
        line.setLineColor(Color.RED);
        line.setMarkerColor(Color.RED);
        return chart;
    }
}
