package io.lockfacade.bench;

import io.lockfacade.bench.report.BenchReport;
import io.lockfacade.bench.report.ChartReport;
import io.lockfacade.bench.report.JsonReport;
import io.lockfacade.bench.report.ResultTable;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Runs the benchmark (see {@link BenchOptions} for the command line), prints the results table and writes
 * {@code results.json}, {@code results.md} (the table in Markdown) and {@code results.png}. Exits with
 * {@value #EXIT_SOUND} when every invariant held and every scenario produced its figures (missed targets are
 * reported, not failed), {@value #EXIT_UNSOUND} otherwise, and {@value #EXIT_USAGE} on a bad command line. Child
 * JVMs exit on their own when this process ends, however it ends.
 */
public final class BenchMain {

    /** Every scenario ran and every invariant held. */
    public static final int EXIT_SOUND = 0;
    /** An invariant failed or a scenario could not run. */
    public static final int EXIT_UNSOUND = 1;
    /** The command line was wrong. */
    public static final int EXIT_USAGE = 2;

    /** File name of the JSON results. */
    public static final String JSON_FILE = "results.json";
    /** File name of the Markdown table, which docs/performance.md links to. */
    public static final String MARKDOWN_FILE = "results.md";
    /** File name of the chart. */
    public static final String PNG_FILE = "results.png";

    private BenchMain() {
    }

    /**
     * @param args see {@link BenchOptions}
     */
    public static void main(String[] args) throws IOException {
        System.setProperty("java.awt.headless", "true");
        System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "warn");
        BenchOptions options;
        try {
            options = BenchOptions.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.exit(EXIT_USAGE);
            return;
        }
        BenchReport report = runAndWrite(options);
        System.exit(report.isSound() ? EXIT_SOUND : EXIT_UNSOUND);
    }

    /**
     * Runs the benchmark, prints the table on standard output and writes the files.
     *
     * @return the report
     */
    public static BenchReport runAndWrite(BenchOptions options) throws IOException {
        BenchReport report = BenchRun.run(options);
        System.out.print(ResultTable.render(report));
        Files.createDirectories(options.out());
        Path json = options.out().resolve(JSON_FILE);
        JsonReport.write(report, json);
        Files.writeString(options.out().resolve(MARKDOWN_FILE), ResultTable.renderMarkdown(report));
        Path png = options.out().resolve(PNG_FILE);
        boolean charted = ChartReport.write(report, png);
        System.out.println("\nwrote " + json + (charted ? " and " + png : ""));
        return report;
    }
}
