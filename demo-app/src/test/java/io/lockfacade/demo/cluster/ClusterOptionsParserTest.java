package io.lockfacade.demo.cluster;

import io.lockfacade.demo.locks.LockMode;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The launcher's command line. */
class ClusterOptionsParserTest {

    @Test
    void noArgumentsMeanThreeDistributedNodesForFifteenSeconds() {
        ClusterOptions options = ClusterOptionsParser.parse(List.of());

        assertEquals(ClusterOptions.defaults(), options);
        assertEquals(3, options.nodes());
        assertEquals(LockMode.DISTRIBUTED, options.mode());
        assertEquals(Duration.ofSeconds(15), options.duration());
    }

    @Test
    void everyFlagIsRead() {
        ClusterOptions options = ClusterOptionsParser.parse(List.of("--nodes", "5", "--lock=memory", "--threads", "2",
                "--operations", "300", "--accounts", "4", "--port", "9090", "--exit-when-done"));

        assertEquals(new ClusterOptions(5, LockMode.MEMORY, 2, 300, Duration.ZERO, 4, 9090, true, 1), options);
        assertTrue(options.countsOperations());
    }

    @Test
    void secondsAndOperationsExcludeEachOther() {
        assertFails("exclude each other", "--seconds", "5", "--operations", "10");
    }

    @Test
    void badInputIsNamed() {
        assertFails("unknown option --node", "--node", "3");
        assertFails("--nodes must be between 1 and 16", "--nodes", "17");
        assertFails("--threads must be a whole number", "--threads", "many");
        assertFails("lock mode must be one of none, memory, distributed", "--lock", "zookeeper");
        assertFails("--port needs a value", "--port");
        assertFails("--nodes given more than once", "--nodes", "1", "--nodes", "2");
    }

    @Test
    void mastersChoosesAGroupOfThreeOrFive() {
        assertEquals(1, ClusterOptionsParser.parse(List.of()).masters());
        assertTrue(ClusterOptionsParser.parse(List.of("--masters", "3")).runsGroup());
        assertEquals(5, ClusterOptionsParser.parse(List.of("--masters=5")).masters());
        assertFails("--masters must be 1, 3 or 5, was 2", "--masters", "2");
        assertFails("--masters 3 needs --lock distributed", "--masters", "3", "--lock", "memory");
        assertFails("a master group takes free ports", "--masters", "3", "--port", "9090");
    }

    @Test
    void helpIsRecognised() {
        assertTrue(ClusterOptionsParser.wantsHelp(List.of("--lock", "none", "--help")));
    }

    private static void assertFails(String message, String... args) {
        IllegalArgumentException failure = assertThrows(IllegalArgumentException.class,
                () -> ClusterOptionsParser.parse(List.of(args)));
        assertTrue(failure.getMessage().contains(message), failure.getMessage());
    }
}
