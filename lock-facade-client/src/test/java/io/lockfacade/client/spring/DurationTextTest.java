package io.lockfacade.client.spring;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DurationTextTest {

    @Test
    void aPlainNumberIsMilliseconds() {
        assertEquals(Duration.ofMillis(1500), DurationText.parse("p", "1500"));
    }

    @Test
    void unitSuffixesAreRead() {
        assertEquals(Duration.ofMillis(500), DurationText.parse("p", "500ms"));
        assertEquals(Duration.ofSeconds(30), DurationText.parse("p", " 30s "));
        assertEquals(Duration.ofMinutes(5), DurationText.parse("p", "5m"));
        assertEquals(Duration.ofHours(1), DurationText.parse("p", "1H"));
        assertEquals(Duration.ofDays(1), DurationText.parse("p", "1d"));
    }

    @Test
    void isoDurationsAreRead() {
        assertEquals(Duration.ofSeconds(30), DurationText.parse("p", "PT30S"));
    }

    @Test
    void anUnreadableValueIsRefusedNamingTheProperty() {
        IllegalArgumentException failure = assertThrows(IllegalArgumentException.class,
                () -> DurationText.parse("lockfacade.lease", "soon"));

        assertTrue(failure.getMessage().startsWith("lockfacade.lease"), failure.getMessage());
    }
}
