package io.lockfacade.webapp;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class DurationTextTest {

    @Test
    void readsEachUnit() {
        assertEquals(Duration.ofMillis(500), DurationText.parse("500ms"));
        assertEquals(Duration.ofSeconds(30), DurationText.parse("30s"));
        assertEquals(Duration.ofMinutes(10), DurationText.parse("10m"));
        assertEquals(Duration.ofHours(1), DurationText.parse("1h"));
        assertEquals(Duration.ofSeconds(5), DurationText.parse(" 5S "));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "10", "ms", "1.5s", "-1s", "10 m", "1d", "PT10M", "9999999999999s"})
    void refusesAnythingElseWithAnExample(String text) {
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class, () -> DurationText.parse(text));
        assertEquals(true, bad.getMessage().contains("e.g. 500ms"), bad.getMessage());
    }

    @Test
    void writesTheShortestTextItReadsBack() {
        assertEquals("10m", DurationText.format(Duration.ofMinutes(10)));
        assertEquals("2h", DurationText.format(Duration.ofHours(2)));
        assertEquals("90s", DurationText.format(Duration.ofSeconds(90)));
        assertEquals("1500ms", DurationText.format(Duration.ofMillis(1500)));
        assertEquals("0s", DurationText.format(Duration.ZERO));
        for (String text : new String[] {"10m", "2h", "90s", "1500ms"}) {
            assertEquals(text, DurationText.format(DurationText.parse(text)));
        }
    }
}
