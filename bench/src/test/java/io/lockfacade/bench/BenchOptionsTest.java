package io.lockfacade.bench;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BenchOptionsTest {

    @Test
    void holdIsReadInSecondsAndOnlyTheNamedScenariosRun() {
        BenchOptions options = BenchOptions.parse("--only", "s7,S8", "--hold", "90");

        assertEquals(Duration.ofSeconds(90), options.hold());
        assertEquals(Set.of("S7", "S8"), options.only());
        assertTrue(options.runs("S7"));
    }

    @Test
    void withoutHoldTheProfileDecides() {
        assertNull(BenchOptions.parse("--quick").hold());
    }

    @Test
    void aHoldThatIsNotAPositiveWholeNumberOfSecondsIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> BenchOptions.parse("--hold", "0"));
        assertThrows(IllegalArgumentException.class, () -> BenchOptions.parse("--hold", "10m"));
        assertThrows(IllegalArgumentException.class, () -> BenchOptions.parse("--hold"));
    }
}
