package io.lockfacade.reliability;

import io.lockfacade.reliability.chaos.ChaosReport;
import io.lockfacade.reliability.chaos.ChaosRun;
import io.lockfacade.reliability.chaos.ChaosSettings;
import io.lockfacade.reliability.chaos.FaultKind;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The randomized mutual-exclusion checker: a real master JVM, client JVMs behind a faulty proxy, and client kills,
 * client freezes, master crashes, network faults and partitions for {@code -Dsoak.minutes} (1 in CI; at least until
 * every kind of fault was injected once). Prints one summary line
 * and fails on any broken invariant; the journal and every process's output are under {@code target/reliability-logs}.
 * Rerun a schedule with {@code -Dchaos.seed=N} (timing still differs between runs).
 */
class MutualExclusionChaosTest {

    @Test
    void noTwoHoldersOverlapAndStaleWritesAreFencedOffUnderFaults() throws Exception {
        Duration duration = Duration.ofSeconds(Math.round(Double.parseDouble(
                System.getProperty("soak.minutes", "1")) * 60));
        long seed = Long.getLong("chaos.seed", System.nanoTime());
        Path logs = Path.of(System.getProperty("reliability.logs", "target/reliability-logs")).resolve("chaos");
        ChaosSettings settings = ChaosSettings.standard(duration, seed, logs);

        ChaosReport report = ChaosRun.run(settings);

        System.out.println(report.summaryLine());
        assertEquals(List.of(), report.problems(), "journal: " + ChaosRun.journalOf(settings));
        assertTrue(report.total("grants") > 0);
        for (FaultKind kind : FaultKind.values()) {
            assertTrue(report.faults().get(kind) >= 1, kind + " was never injected: " + report.faults());
        }
    }
}
