package io.lockfacade.bench.integrations;

import io.lockfacade.bench.client.Design;
import io.lockfacade.bench.node.BusyCpus;
import io.lockfacade.bench.node.MasterHandle;
import io.lockfacade.bench.stats.LatencyHistogram;
import io.lockfacade.client.distributed.DistributeLock;
import io.lockfacade.client.distributed.DistributeLockSettings;
import io.lockfacade.client.transport.ClientTransportSettings;
import io.lockfacade.client.transport.MemoryLockServiceProxies;
import io.lockfacade.bench.report.LoadAverage;

import java.io.IOException;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeoutException;

/**
 * Measures what the ShedLock provider and the Spring Integration registry add to a plain {@code DistributeLock}
 * lock+unlock, in one run against one master in its own JVM: every round runs a batch of each cycle, in an order
 * that rotates, so that the three share the machine's ups and downs. Writes {@code results.md} and
 * {@code results.json} and exits with 1 if a ratio misses its target.
 *
 * <p>{@code java -cp bench/target/lock-facade-bench.jar io.lockfacade.bench.integrations.IntegrationsBenchMain
 * [--rounds 40] [--batch 250] [--warmup 5000] [--busy-cpus] [--out bench/results/integrations]}
 */
public final class IntegrationsBenchMain {

    private static final String MASTER_HEAP = "256m";

    private IntegrationsBenchMain() {
    }

    /** Runs the benchmark; see the class comment for the options. */
    public static void main(String[] args) throws IOException, TimeoutException {
        IntegrationsOptions options = IntegrationsOptions.parse(args);
        IntegrationsResults results;
        try (BusyCpus busy = options.busyCpus() ? BusyCpus.start() : null;
             MasterHandle master = MasterHandle.start(Design.LOCK_FACADE, MASTER_HEAP);
             DistributeLock locks = new DistributeLock(MemoryLockServiceProxies.create(master.serviceUri(),
                     ClientTransportSettings.defaults()), DistributeLockSettings.defaults())) {
            IntegrationCycles.Node node = new IntegrationCycles.Node(locks);
            String loadBefore = LoadAverage.now();
            try {
                Map<IntegrationCycles, LatencyHistogram> latencies = measure(node, options);
                String cpus = busy == null ? "no spinning threads" : busy.description();
                results = new IntegrationsResults(latencies, options,
                        cpus + "; load average " + loadBefore + " before, " + LoadAverage.now() + " after");
            } finally {
                node.provider().close();
            }
        }
        String markdown = results.write(options.out());
        System.out.println(markdown);
        System.exit(results.allTargetsMet() ? 0 : 1);
    }

    /** @return the latency of every cycle of each kind, after the warm-up */
    static Map<IntegrationCycles, LatencyHistogram> measure(IntegrationCycles.Node node, IntegrationsOptions options)
            throws TimeoutException {
        List<IntegrationCycles> cycles = List.of(IntegrationCycles.values());
        for (int i = 0; i < options.warmup(); i++) {
            for (IntegrationCycles cycle : cycles) {
                node.run(cycle);
            }
        }
        Map<IntegrationCycles, LatencyHistogram> latencies = new EnumMap<>(IntegrationCycles.class);
        cycles.forEach(cycle -> latencies.put(cycle, new LatencyHistogram()));
        for (int round = 0; round < options.rounds(); round++) {
            for (int k = 0; k < cycles.size(); k++) {
                IntegrationCycles cycle = cycles.get((round + k) % cycles.size());
                LatencyHistogram histogram = latencies.get(cycle);
                for (int i = 0; i < options.batch(); i++) {
                    long start = System.nanoTime();
                    node.run(cycle);
                    histogram.recordNanos(System.nanoTime() - start);
                }
            }
        }
        return latencies;
    }

    /** @return where results go by default */
    static Path defaultOut() {
        return Path.of("bench", "results", "integrations");
    }
}
