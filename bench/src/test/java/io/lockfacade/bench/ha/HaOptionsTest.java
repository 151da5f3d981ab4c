package io.lockfacade.bench.ha;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HaOptionsTest {

    @Test
    void flagsOverrideTheDefaults() {
        HaOptions options = HaOptions.parse(new String[] {"--master-jar", "m.jar", "--trials", "3",
                "--group-commit", "abc1234", "--out", "o"});
        assertEquals(Path.of("m.jar"), options.masterJar());
        assertEquals(3, options.trials());
        assertEquals("abc1234", options.groupCommit());
        assertEquals(Path.of("o"), options.out());
    }

    @Test
    void aTrialCountOutOfRangeIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> HaOptions.parse(new String[] {"--trials", "0"}));
    }

    @Test
    void onlyNamesOneFaultAndIsOffByDefault() {
        assertEquals(FaultKind.CRASH, HaOptions.parse(new String[] {"--only", "crash"}).only());
        assertEquals(FaultKind.HANG, HaOptions.parse(new String[] {"--only", "HANG"}).only());
        assertNull(HaOptions.parse(new String[0]).only());
        assertThrows(IllegalArgumentException.class, () -> HaOptions.parse(new String[] {"--only", "partition"}));
        HaOptions restartCrash = HaOptions.parse(new String[] {"--only", "restart-crash"});
        assertTrue(restartCrash.restartCrashOnly());
        assertNull(restartCrash.only());
        assertTrue(!HaOptions.parse(new String[] {"--only", "crash"}).restartCrashOnly());
    }

    @Test
    void anUnknownFlagIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> HaOptions.parse(new String[] {"--nodes", "5"}));
    }

    @Test
    void aFlagWithoutValueIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> HaOptions.parse(new String[] {"--trials"}));
    }
}
