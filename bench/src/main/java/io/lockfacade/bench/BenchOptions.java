package io.lockfacade.bench;

import io.lockfacade.bench.cli.OptionReader;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;

/**
 * The command line of the benchmark.
 *
 * <pre>
 * java -jar bench/target/lock-facade-bench.jar [--quick] [--busy-cpus] [--only S1,S4] [--out DIR] [--hold SECONDS]
 * </pre>
 *
 * <ul>
 *   <li>{@code --quick} (or the system property {@code -Dquick}): every scenario for a few seconds, at a tenth of
 *       the scale; for CI, no figure of it means anything.</li>
 *   <li>{@code --busy-cpus}: keep every vCPU busy with lowest-priority spin loops during the run (see
 *       {@link io.lockfacade.bench.node.BusyCpus}); the report says which mode it measured.</li>
 *   <li>{@code --only}: run only these scenarios.</li>
 *   <li>{@code --out}: where {@code results.json} and {@code results.png} go (default {@code bench/results} from the
 *       repository root, else {@code results}).</li>
 *   <li>{@code --hold}: how many seconds S7's node holds its locks (the profile's own by default: 10 minutes in the
 *       full run).</li>
 * </ul>
 *
 * @param quick    the quick profile
 * @param busyCpus spin loops on every vCPU
 * @param only     scenario ids to run; empty for all
 * @param out      the results folder
 * @param hold     S7's hold, or {@code null} for the profile's
 */
public record BenchOptions(boolean quick, boolean busyCpus, Set<String> only, Path out, Duration hold) {

    /** System property that selects the quick profile, as in {@code -Dquick}. */
    public static final String QUICK_PROPERTY = "quick";

    private static final Path REPOSITORY_RESULTS = Path.of("bench", "results");
    private static final Path MODULE_RESULTS = Path.of("results");

    /** Copies the scenario ids. */
    public BenchOptions {
        only = Set.copyOf(only);
    }

    /**
     * @param args the command line
     * @return the options
     * @throws IllegalArgumentException on an unknown or incomplete option
     */
    public static BenchOptions parse(String... args) {
        String quickProperty = System.getProperty(QUICK_PROPERTY);
        boolean quick = quickProperty != null && !"false".equalsIgnoreCase(quickProperty);
        boolean busy = false;
        Set<String> only = new LinkedHashSet<>();
        Path out = Files.isDirectory(Path.of("bench")) ? REPOSITORY_RESULTS : MODULE_RESULTS;
        Duration hold = null;
        OptionReader options = new OptionReader(args);
        while (options.hasNext()) {
            switch (options.next()) {
                case "--quick" -> quick = true;
                case "--busy-cpus" -> busy = true;
                case "--only" -> Arrays.stream(options.value().split(","))
                        .map(id -> id.strip().toUpperCase(Locale.ROOT)).forEach(only::add);
                case "--out" -> out = options.pathValue();
                case "--hold" -> hold = seconds(options.longValue());
                default -> throw new IllegalArgumentException(options.unknown().getMessage()
                        + "; usage: [--quick] [--busy-cpus] [--only S1,S2] [--out DIR] [--hold SECONDS]");
            }
        }
        return new BenchOptions(quick, busy, only, out, hold);
    }

    /** @return whether scenario {@code id} is to run */
    public boolean runs(String id) {
        return only.isEmpty() || only.contains(id);
    }

    private static Duration seconds(long seconds) {
        if (seconds <= 0) {
            throw new IllegalArgumentException("--hold needs a positive number of seconds, was " + seconds);
        }
        return Duration.ofSeconds(seconds);
    }
}
