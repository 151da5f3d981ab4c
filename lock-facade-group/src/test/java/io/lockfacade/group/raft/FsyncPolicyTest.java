package io.lockfacade.group.raft;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FsyncPolicyTest {

    @Test
    void parsesTheFlagValuesCaseInsensitively() {
        assertEquals(FsyncPolicy.ALWAYS, FsyncPolicy.parse("always"));
        assertEquals(FsyncPolicy.OFF, FsyncPolicy.parse(" OFF "));
        assertEquals(FsyncPolicy.ALWAYS, FsyncPolicy.DEFAULT);
    }

    @Test
    void anUnknownValueNamesTheAcceptedOnes() {
        String message = assertThrows(IllegalArgumentException.class, () -> FsyncPolicy.parse("sometimes"))
                .getMessage();
        assertTrue(message.contains("'sometimes'") && message.contains("always, off"), message);
        assertThrows(IllegalArgumentException.class, () -> FsyncPolicy.parse("async"),
                "jgroups-raft's log has no background force");
        assertThrows(IllegalArgumentException.class, () -> FsyncPolicy.parse(null));
    }
}
