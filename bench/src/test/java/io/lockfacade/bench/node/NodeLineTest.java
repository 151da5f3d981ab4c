package io.lockfacade.bench.node;

import org.junit.jupiter.api.Test;

import java.util.NoSuchElementException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class NodeLineTest {

    @Test
    void aFormattedLineParsesBack() {
        NodeLine line = NodeLine.parse(NodeLine.format("STATS", "cpuNanos", 12L, "ratio", 0.5, "url", "http://h:1/x"));
        assertEquals("STATS", line.tag());
        assertEquals(12, line.number("cpuNanos"));
        assertEquals(0.5, line.decimal("ratio"));
        assertEquals("http://h:1/x", line.text("url"));
    }

    @Test
    void spacesInValuesBecomeUnderscores() {
        assertEquals("ERROR message=a_b", NodeLine.format("ERROR", "message", "a b"));
    }

    @Test
    void aMissingFieldIsNamed() {
        NoSuchElementException e = assertThrows(NoSuchElementException.class,
                () -> NodeLine.parse("READY").text("url"));
        assertEquals(true, e.getMessage().contains("url"));
    }
}
