package io.lockfacade.group.raft;

import org.apache.ratis.conf.RaftProperties;
import org.apache.ratis.server.RaftServerConfigKeys;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FsyncPolicyTest {

    private static final GroupMemberAddress SELF = new GroupMemberAddress("n1", "127.0.0.1", 8081, 9081);

    @Test
    void flagValuesNameThePoliciesInAnyCase() {
        assertEquals(FsyncPolicy.ALWAYS, FsyncPolicy.parse("always"));
        assertEquals(FsyncPolicy.ASYNC, FsyncPolicy.parse(" Async "));
        assertEquals(FsyncPolicy.OFF, FsyncPolicy.parse("OFF"));
        assertEquals(FsyncPolicy.ALWAYS, FsyncPolicy.DEFAULT);
    }

    @Test
    void anUnknownValueIsRefusedNamingTheAcceptedOnes() {
        String message = assertThrows(IllegalArgumentException.class, () -> FsyncPolicy.parse("sometimes"))
                .getMessage();
        assertTrue(message.contains("'sometimes'") && message.contains("always, async, off"), message);
        assertThrows(IllegalArgumentException.class, () -> FsyncPolicy.parse(""));
        assertThrows(IllegalArgumentException.class, () -> FsyncPolicy.parse(null));
    }

    @Test
    void eachPolicyMapsOntoRatisFlushSettings() {
        RaftProperties always = RaftTuning.properties(SELF, Path.of("d"), FsyncPolicy.ALWAYS);
        assertFalse(RaftServerConfigKeys.Log.asyncFlushEnabled(always));
        assertFalse(RaftServerConfigKeys.Log.unsafeFlushEnabled(always));
        RaftProperties async = RaftTuning.properties(SELF, Path.of("d"), FsyncPolicy.ASYNC);
        assertTrue(RaftServerConfigKeys.Log.asyncFlushEnabled(async));
        assertFalse(RaftServerConfigKeys.Log.unsafeFlushEnabled(async));
        RaftProperties off = RaftTuning.properties(SELF, Path.of("d"), FsyncPolicy.OFF);
        assertFalse(RaftServerConfigKeys.Log.asyncFlushEnabled(off));
        assertTrue(RaftServerConfigKeys.Log.unsafeFlushEnabled(off));
        assertFalse(RaftServerConfigKeys.Log.logMetadataEnabled(always));
    }
}
