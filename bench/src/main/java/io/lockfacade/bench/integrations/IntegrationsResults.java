package io.lockfacade.bench.integrations;

import io.lockfacade.bench.stats.LatencyHistogram;
import io.lockfacade.bench.report.ResultFiles;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Locale;
import java.util.Map;

/** The latencies of one run and their ratios to the reference cycle, written as Markdown and JSON. */
final class IntegrationsResults {

    private final Map<IntegrationCycles, LatencyHistogram> latencies;
    private final IntegrationsOptions options;
    private final String cpus;
    private final Instant at = Instant.now();

    IntegrationsResults(Map<IntegrationCycles, LatencyHistogram> latencies, IntegrationsOptions options, String cpus) {
        this.latencies = Map.copyOf(latencies);
        this.options = options;
        this.cpus = cpus;
    }

    /** @return the cycle's median over the reference's median */
    double ratio(IntegrationCycles cycle) {
        return latencies.get(cycle).p50Micros() / latencies.get(IntegrationCycles.DISTRIBUTE_LOCK).p50Micros();
    }

    /** @return whether every cycle with a target met it */
    boolean allTargetsMet() {
        for (IntegrationCycles cycle : IntegrationCycles.values()) {
            if (cycle.targetRatio() != null && ratio(cycle) > cycle.targetRatio()) {
                return false;
            }
        }
        return true;
    }

    /**
     * Writes {@code results.md} and {@code results.json} into {@code out}.
     *
     * @return the Markdown
     */
    String write(Path out) throws IOException {
        return ResultFiles.write(out, markdown(), json());
    }

    private String markdown() {
        StringBuilder text = new StringBuilder("# Integrations: ShedLock provider and LockRegistry against "
                + "DistributeLock\n\n")
                .append(String.format(Locale.ROOT, "Run at %s; one client thread, uncontended, one master in its "
                        + "own JVM on loopback; %d rounds of %d cycles of each kind, in rotating order, after %d "
                        + "warm-up cycles each; CPUs: %s. Ratios are of medians, measured in this run.%n%n", at,
                        options.rounds(), options.batch(), options.warmup(), cpus))
                .append("| Cycle | p50 µs | p99 µs | mean µs | ratio to DistributeLock | target | met |\n")
                .append("|---|---|---|---|---|---|---|\n");
        for (IntegrationCycles cycle : IntegrationCycles.values()) {
            LatencyHistogram h = latencies.get(cycle);
            String target = cycle.targetRatio() == null ? "-" : "≤ " + cycle.targetRatio();
            String met = cycle.targetRatio() == null ? "-" : ratio(cycle) <= cycle.targetRatio() ? "yes" : "NO";
            text.append(String.format(Locale.ROOT, "| %s | %.0f | %.0f | %.0f | %.3f | %s | %s |%n", cycle.label(),
                    h.p50Micros(), h.p99Micros(), h.meanMicros(), ratio(cycle), target, met));
        }
        return text.toString();
    }

    private String json() {
        StringBuilder json = new StringBuilder("{\n  \"at\": \"" + at + "\",\n  \"cpus\": \"" + cpus + "\",\n")
                .append("  \"rounds\": ").append(options.rounds()).append(",\n  \"batch\": ").append(options.batch())
                .append(",\n  \"cycles\": [\n");
        IntegrationCycles[] cycles = IntegrationCycles.values();
        for (int i = 0; i < cycles.length; i++) {
            LatencyHistogram h = latencies.get(cycles[i]);
            json.append(String.format(Locale.ROOT, "    {\"cycle\": \"%s\", \"p50Micros\": %.1f, \"p99Micros\": %.1f, "
                    + "\"meanMicros\": %.1f, \"ratio\": %.4f, \"target\": %s}%s%n", cycles[i].name(), h.p50Micros(),
                    h.p99Micros(), h.meanMicros(), ratio(cycles[i]),
                    cycles[i].targetRatio() == null ? "null" : cycles[i].targetRatio().toString(),
                    i + 1 < cycles.length ? "," : ""));
        }
        return json.append("  ]\n}\n").toString();
    }
}
