package io.lockfacade.group.raft;

import org.apache.ratis.conf.RaftProperties;
import org.apache.ratis.server.RaftServerConfigKeys;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RaftTuningTest {

    private static final GroupMemberAddress SELF = new GroupMemberAddress("n1", "127.0.0.1", 8081, 9081);
    private static final String ELECTION_MIN = "raft.server.rpc.timeout.min";

    @AfterEach
    void clearOverride() {
        System.clearProperty(ELECTION_MIN);
    }

    @Test
    void theProjectsSettingsReplaceRatisDefaults() {
        RaftProperties properties = RaftTuning.properties(SELF, Path.of("/tmp/x"), FsyncPolicy.DEFAULT);

        assertEquals(RaftTuning.ELECTION_TIMEOUT_MIN.toMillis(),
                RaftServerConfigKeys.Rpc.timeoutMin(properties).toLong(TimeUnit.MILLISECONDS));
        assertEquals(2 * RaftTuning.ELECTION_TIMEOUT_MAX.toMillis(),
                RaftServerConfigKeys.LeaderElection.leaderStepDownWaitTime(properties).toLong(TimeUnit.MILLISECONDS));
        assertFalse(RaftServerConfigKeys.Log.appendEntriesComposeEnabled(properties));
        assertFalse(RaftServerConfigKeys.Log.logMetadataEnabled(properties));
        assertEquals(RaftServerConfigKeys.Read.Option.LINEARIZABLE, RaftServerConfigKeys.Read.option(properties));
    }

    @Test
    void aRatisKeyGivenAsSystemPropertyWins() {
        System.setProperty(ELECTION_MIN, "450ms");

        RaftProperties properties = RaftTuning.properties(SELF, Path.of("/tmp/x"), FsyncPolicy.DEFAULT);

        assertEquals(450, RaftServerConfigKeys.Rpc.timeoutMin(properties).toLong(TimeUnit.MILLISECONDS));
        assertTrue(RaftServerConfigKeys.Log.Appender.installSnapshotEnabled(properties),
                "keys not given keep their value");
    }
}
