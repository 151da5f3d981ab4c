package io.lockfacade.webapp;

import io.lockfacade.group.raft.GroupMemberAddress;
import io.lockfacade.group.raft.GroupTopology;

import java.nio.file.Path;
import java.util.Objects;

/**
 * How a master joins a master group ({@code --node-id}, {@code --group}, {@code --data-dir}).
 *
 * @param nodeId   this member's id, one of the group's
 * @param topology every member of the group, this one included
 * @param dataDir  where this member keeps its Raft log and snapshots
 */
public record MasterGroupOptions(String nodeId, GroupTopology topology, Path dataDir) {

    /** Folder under the working directory that holds each member's data by default. */
    public static final String DEFAULT_DATA_ROOT = "lockfacade-data";

    /** Checks that the node is a member of the group. */
    public MasterGroupOptions {
        Objects.requireNonNull(nodeId, "nodeId");
        Objects.requireNonNull(topology, "topology");
        Objects.requireNonNull(dataDir, "dataDir");
        topology.require(nodeId);
    }

    /** @return the data folder used without {@code --data-dir}: {@code ./lockfacade-data/<node-id>} */
    public static Path defaultDataDir(String nodeId) {
        return Path.of(DEFAULT_DATA_ROOT, nodeId);
    }

    /** @return this member's entry of the group */
    public GroupMemberAddress self() {
        return topology.require(nodeId);
    }
}
