package io.lockfacade.bench.integrations;

import io.lockfacade.bench.client.Design;
import io.lockfacade.bench.node.MasterHandle;
import io.lockfacade.client.distributed.DistributeLock;
import io.lockfacade.client.distributed.DistributeLockSettings;
import io.lockfacade.client.transport.ClientTransportSettings;
import io.lockfacade.client.transport.MemoryLockServiceProxies;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** A few cycles of each kind through the benchmark's own path: it measures, and it writes both reports. */
class IntegrationsBenchTest {

    @Test
    void aShortRunMeasuresEveryCycleAndWritesTheReports(@TempDir Path out) throws Exception {
        IntegrationsOptions options = IntegrationsOptions.parse(new String[] {"--rounds", "3", "--batch", "20",
                "--warmup", "20", "--out", out.toString()});
        try (MasterHandle master = MasterHandle.start(Design.LOCK_FACADE, "128m");
             DistributeLock locks = new DistributeLock(MemoryLockServiceProxies.create(master.serviceUri(),
                     ClientTransportSettings.defaults()), DistributeLockSettings.defaults())) {
            IntegrationCycles.Node node = new IntegrationCycles.Node(locks);
            IntegrationsResults results = new IntegrationsResults(IntegrationsBenchMain.measure(node, options),
                    options, "idle");
            node.provider().close();

            String markdown = results.write(out);

            for (IntegrationCycles cycle : IntegrationCycles.values()) {
                assertTrue(results.ratio(cycle) > 0, cycle.name());
                assertTrue(markdown.contains(cycle.label()), markdown);
            }
            assertTrue(Files.readString(out.resolve("results.json")).contains("\"LOCK_REGISTRY\""));
            assertTrue(locks.isLockTypeEmpty(IntegrationCycles.LOCK_TYPE), "every cycle released its lock");
        }
    }
}
