package io.lockfacade.bench.versions;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class VersionsOptionsTest {

    @Test
    void theBeforeJarsAreRequiredAndTheAfterSideDefaultsToThisBuild() throws Exception {
        VersionsOptions options = VersionsOptions.parse(new String[] {
                "--before-bench", "old/bench.jar", "--before-master", "old/webapp.jar"});
        assertEquals(Path.of("old/bench.jar"), options.beforeBench());
        assertEquals(Path.of("old/webapp.jar"), options.beforeMaster());
        assertEquals(Path.of("webapp/target/lock-facade-webapp.jar"), options.afterMaster());
        assertEquals(Path.of("bench/results/mutex-before-after/results.txt"), options.out());
        assertTrue(options.afterBench().isAbsolute(), "this build's own code location: " + options.afterBench());
    }

    @Test
    void everyFlagCanBeGiven() throws Exception {
        VersionsOptions options = VersionsOptions.parse(new String[] {"--before-bench", "a", "--before-master", "b",
                "--after-bench", "c", "--after-master", "d", "--out", "e"});
        assertEquals(new VersionsOptions(Path.of("a"), Path.of("b"), Path.of("c"), Path.of("d"), Path.of("e")),
                options);
    }

    @Test
    void badCommandLinesAreRefusedWithTheReason() {
        IllegalArgumentException missing = assertThrows(IllegalArgumentException.class,
                () -> VersionsOptions.parse(new String[] {"--before-bench", "a"}));
        assertEquals("--before-master is required", missing.getMessage());
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
                () -> VersionsOptions.parse(new String[] {"--before", "a"}));
        assertEquals("unknown option --before", unknown.getMessage());
        IllegalArgumentException noValue = assertThrows(IllegalArgumentException.class,
                () -> VersionsOptions.parse(new String[] {"--before-bench", "a", "--before-master"}));
        assertEquals("--before-master needs a value", noValue.getMessage());
    }
}
