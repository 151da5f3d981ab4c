package io.lockfacade.webapp;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MasterGroupOptionsParserTest {

    private static final String GROUP = "n1=10.0.0.1:8081:9081,n2=10.0.0.2:8082:9082,n3=10.0.0.3:8083:9083";

    private static MasterOptions parse(String... args) throws UsageException {
        return new MasterOptionsParser(Map.of(), () -> "pw").parse(List.of(args));
    }

    private static String refusal(String... args) {
        return assertThrows(UsageException.class, () -> parse(args)).getMessage();
    }

    @Test
    void aMemberListensOnItsOwnEntryAndKeepsItsDataUnderTheDefaultFolder() throws Exception {
        MasterOptions options = parse("--node-id", "n2", "--group", GROUP);
        assertEquals("10.0.0.2", options.host());
        assertEquals(8082, options.port());
        assertEquals("n2", options.group().nodeId());
        assertEquals(3, options.group().topology().members().size());
        assertEquals(Path.of("lockfacade-data", "n2"), options.group().dataDir());
    }

    @Test
    void hostAndPortMayBeRepeatedWhenTheyAgreeAndDataDirIsTaken() throws Exception {
        MasterOptions options = parse("--node-id", "n1", "--group", GROUP, "--host", "10.0.0.1", "--port", "8081",
                "--data-dir", "/var/lib/lf/n1");
        assertEquals(Path.of("/var/lib/lf/n1"), options.group().dataDir());
    }

    @Test
    void withoutGroupTheMasterIsTheSingleMasterOfToday() throws Exception {
        assertNull(parse().group());
    }

    @Test
    void badGroupFlagsAreRefusedWithAMessageNamingTheProblem() {
        assertTrue(refusal("--node-id", "n1", "--group", GROUP, "--port", "9999").contains("--port"));
        assertTrue(refusal("--node-id", "n4", "--group", GROUP).contains("n4"));
        assertTrue(refusal("--group", GROUP).contains("--node-id"));
        assertTrue(refusal("--node-id", "n1").contains("--group"));
        assertTrue(refusal("--data-dir", "x").contains("--data-dir"));
        assertTrue(refusal("--node-id", "n1", "--group", "n1=h:1").contains("n1=h:1"));
        assertTrue(refusal("--node-id", "n1", "--group", "n1=h:1:2,n1=h:3:4").contains("twice"));
        assertTrue(refusal("--node-id", "n1", "--group", "n1=h:1:70000").contains("70000"));
    }
}
