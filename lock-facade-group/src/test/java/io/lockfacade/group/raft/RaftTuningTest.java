package io.lockfacade.group.raft;

import org.jgroups.JChannel;
import org.jgroups.protocols.FD_ALL3;
import org.jgroups.protocols.TCP;
import org.jgroups.protocols.TCPPING;
import org.jgroups.protocols.VERIFY_SUSPECT2;
import org.jgroups.protocols.raft.RAFT;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

class RaftTuningTest {

    private static final GroupTopology TOPOLOGY = GroupTopology.parse(
            "n1=127.0.0.1:8081:9081,n2=127.0.0.1:8082:9082,n3=127.0.0.1:8083:9083");

    @Test
    void theStackJGroupsBuildsCarriesTheProjectsSettings() throws Exception {
        String config = RaftTuning.stackConfig(TOPOLOGY, TOPOLOGY.require("n2"), Path.of("/tmp/lf-n2"),
                FsyncPolicy.DEFAULT);

        // Building the channel parses the XML and sets every attribute, without joining anything.
        try (JChannel channel = new JChannel(new ByteArrayInputStream(config.getBytes(StandardCharsets.UTF_8)))) {
            TCP tcp = channel.getProtocolStack().findProtocol(TCP.class);
            assertEquals(9082, tcp.getBindPort());
            assertEquals(0, tcp.getPortRange(), "only RAFT_PORT, never a neighbour's");
            TCPPING ping = channel.getProtocolStack().findProtocol(TCPPING.class);
            assertEquals(3, ping.getInitialHosts().size());
            assertEquals(RaftTuning.SILENCE_TIMEOUT.toMillis(),
                    ((FD_ALL3) channel.getProtocolStack().findProtocol(FD_ALL3.class)).getTimeout());
            assertEquals(RaftTuning.VERIFY_SUSPECT.toMillis(),
                    ((VERIFY_SUSPECT2) channel.getProtocolStack().findProtocol(VERIFY_SUSPECT2.class)).getTimeout());
            RAFT raft = channel.getProtocolStack().findProtocol(RAFT.class);
            assertEquals("n2", raft.raftId());
            assertEquals(List.of("n1", "n2", "n3"), raft.members());
            assertEquals(RaftTuning.SNAPSHOT_AFTER_BYTES, raft.maxLogSize());
            assertEquals(true, raft.getValue("_log_use_fsync"),
                    "the default policy forces the log before an entry counts");
            assertEquals("/tmp/lf-n2", raft.getValue("log_dir"));
            assertNotNull(channel.getProtocolStack().findProtocol(LastContact.class));
        }
    }

    @Test
    void fsyncOffLeavesTheLogToThePageCache() throws Exception {
        String config = RaftTuning.stackConfig(TOPOLOGY, TOPOLOGY.require("n1"), Path.of("/tmp/lf-n1"),
                FsyncPolicy.OFF);

        try (JChannel channel = new JChannel(new ByteArrayInputStream(config.getBytes(StandardCharsets.UTF_8)))) {
            RAFT raft = channel.getProtocolStack().findProtocol(RAFT.class);
            assertEquals(false, raft.getValue("_log_use_fsync"));
        }
    }

    @Test
    void valuesAreEscapedForXmlAndEveryMarkerMustBeFilled() {
        assertEquals("<a b=\"x&amp;&quot;y\"/>", RaftTuning.fill("<a b=\"{{V}}\"/>", Map.of("V", "x&\"y")));
        assertThrows(IllegalStateException.class, () -> RaftTuning.fill("{{MISSING}}", Map.of()));
    }
}
