package io.lockfacade.bench.ha;

import io.lockfacade.bench.primitives.HoldSweep;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The group semaphore benchmark: a quick run of its own path (both 3-member groups, 2 client JVMs each, 2 s of load;
 * about 30 s), then its options and verdict on holds written as its client JVMs write them.
 */
class SemaphoreBenchTest {

    @Test
    void aQuickRunLoadsBothGroupsAndCountsNoOverGrant(@TempDir Path out) throws Exception {
        String jar = System.getProperty("lockfacade.webapp.jar");
        assertTrue(jar != null && Files.isRegularFile(Path.of(jar)), "build the webapp jar first: " + jar);
        SemaphoreBenchOptions options = SemaphoreBenchOptions.parse(new String[] {"--master-jar", jar, "--warmup",
                "1", "--seconds", "2", "--out", out.toString()});

        SemaphoreBenchResults results = SemaphoreBenchMain.run(options);
        String markdown = results.write(out);

        assertTrue(results.lockFacade().holds() > 0 && results.hazelcast().holds() > 0, markdown);
        assertEquals(0, results.lockFacade().overGrants(), markdown);
        assertEquals(0, results.hazelcast().overGrants(), markdown);
        assertTrue(results.allTargetsMet(), markdown);
        assertTrue(Files.readString(out.resolve("results.json")).contains("\"ratioLockFacadeOverHazelcast\""));
    }

    @Test
    void optionsHaveDefaultsAndRejectBadValues() {
        SemaphoreBenchOptions defaults = SemaphoreBenchOptions.parse(new String[0]);
        assertEquals(Path.of("webapp", "target", "lock-facade-webapp.jar"), defaults.masterJar());
        assertEquals(Path.of("bench", "results", "primitives-group"), defaults.out());
        assertEquals(5, defaults.warmup());
        assertEquals(10, defaults.seconds());

        assertEquals(3, SemaphoreBenchOptions.parse(new String[] {"--seconds", "3"}).seconds());
        assertThrows(IllegalArgumentException.class, () -> SemaphoreBenchOptions.parse(new String[] {"--seconds", "0"}));
        assertThrows(IllegalArgumentException.class, () -> SemaphoreBenchOptions.parse(new String[] {"--warmup", "x"}));
        assertThrows(IllegalArgumentException.class, () -> SemaphoreBenchOptions.parse(new String[] {"--seconds"}));
        assertThrows(IllegalArgumentException.class, () -> SemaphoreBenchOptions.parse(new String[] {"--runs", "1"}));
    }

    @Test
    void anOverGrantOnEitherSystemFailsTheRunAndTheRatioIsLockFacadeOverHazelcast(@TempDir Path dir)
            throws Exception {
        SemaphoreBenchOptions options = SemaphoreBenchOptions.parse(new String[] {"--seconds", "2"});
        HoldSweep within = sweep(dir, "within", 1, SemaphoreBenchMain.PERMITS, "100 200", "150 250", "300 400");
        HoldSweep over = sweep(dir, "over", 2, 1, "100 200", "150 250"); // 4 holders at once, 3 too many

        SemaphoreBenchResults good = new SemaphoreBenchResults(options, within, within, "1.0 1.0 1.0");
        assertTrue(good.allTargetsMet());
        assertEquals(1.0, good.ratio(), 1e-9);
        assertEquals(1.5, good.perSecond(within), 1e-9);

        SemaphoreBenchResults bad = new SemaphoreBenchResults(options, within, over, "1.0 1.0 1.0");
        assertFalse(bad.allTargetsMet());
        String markdown = bad.write(dir.resolve("out"));
        assertTrue(markdown.contains("Targets met (no over-grant on either): NO"), markdown);
        assertTrue(Files.readString(dir.resolve("out").resolve("results.json")).contains("\"overGrants\": 3"));
    }

    private static HoldSweep sweep(Path dir, String name, int files, int permits, String... holds) throws Exception {
        Path file = Files.write(dir.resolve(name + ".txt"), List.of(holds));
        return HoldSweep.of(Collections.nCopies(files, file), permits);
    }
}
