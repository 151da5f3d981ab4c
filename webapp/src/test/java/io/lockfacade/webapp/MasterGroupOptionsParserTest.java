package io.lockfacade.webapp;

import io.lockfacade.group.raft.FsyncPolicy;
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
        assertEquals(FsyncPolicy.ALWAYS, options.group().fsync());
    }

    @Test
    void fsyncNamesOneOfTwoPoliciesInAnyCase() throws Exception {
        assertEquals(FsyncPolicy.ALWAYS, parse("--node-id", "n1", "--group", GROUP, "--fsync=always").group().fsync());
        assertEquals(FsyncPolicy.OFF, parse("--node-id", "n1", "--group", GROUP, "--fsync", "OFF").group().fsync());
    }

    @Test
    void aBadFsyncValueIsRefusedNamingTheFlagAndTheAcceptedValues() {
        String refusal = refusal("--node-id", "n1", "--group", GROUP, "--fsync", "sometimes");
        assertTrue(refusal.contains("--fsync") && refusal.contains("sometimes"), refusal);
        assertTrue(refusal.contains("always, off"), refusal);
        assertTrue(refusal("--node-id", "n1", "--group", GROUP, "--fsync=").contains("--fsync"));
        assertTrue(refusal("--fsync", "off").contains("--node-id"), "--fsync is for group members only");
        assertTrue(refusal("--node-id", "n1", "--group", GROUP, "--fsync", "off", "--fsync", "always")
                .contains("--fsync"));
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
