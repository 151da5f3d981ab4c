package io.lockfacade.bench.cli;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

class OptionReaderTest {

    @Test
    void readsFlagsAndValuesInOrder() {
        OptionReader options = new OptionReader("--quick", "--seconds", "3", "--ttl", "5000000000", "--out", "d");

        assertEquals("--quick", options.next());
        assertEquals("--seconds", options.next());
        assertEquals(3, options.intValue());
        assertEquals("--ttl", options.next());
        assertEquals(5_000_000_000L, options.longValue());
        assertEquals("--out", options.next());
        assertEquals(Path.of("d"), options.pathValue());
        assertFalse(options.hasNext());
    }

    @Test
    void namesTheOptionWhoseValueIsMissingOrMalformed() {
        assertMessage("--seconds needs a value", new OptionReader("--seconds"), OptionReader::intValue);
        assertMessage("--seconds needs a whole number, not x", new OptionReader("--seconds", "x"),
                OptionReader::intValue);
        assertMessage("--seconds is too large: 3000000000", new OptionReader("--seconds", "3000000000"),
                OptionReader::intValue);
        assertMessage("unknown option --runs", new OptionReader("--runs"), OptionReader::unknown);
    }

    private static void assertMessage(String message, OptionReader options,
                                      Function<OptionReader, Object> read) {
        options.next();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> {
            Object answer = read.apply(options);
            if (answer instanceof IllegalArgumentException unknown) {
                throw unknown;
            }
        });
        assertEquals(message, e.getMessage());
    }
}
