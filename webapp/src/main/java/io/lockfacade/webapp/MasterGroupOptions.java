package io.lockfacade.webapp;

import io.lockfacade.group.raft.FsyncPolicy;
import io.lockfacade.group.raft.GroupMemberAddress;
import io.lockfacade.group.raft.GroupTopology;

import java.nio.file.Path;
import java.util.Objects;

/**
 * How a master joins a master group ({@code --node-id}, {@code --group}, {@code --data-dir}, {@code --fsync}).
 *
 * @param nodeId   this member's id, one of the group's
 * @param topology every member of the group, this one included
 * @param dataDir  where this member keeps its Raft log and snapshots
 * @param fsync    when this member forces its log to disk relative to an entry counting for commit
 */
public record MasterGroupOptions(String nodeId, GroupTopology topology, Path dataDir, FsyncPolicy fsync) {

    /** Folder under the working directory that holds each member's data by default. */
    public static final String DEFAULT_DATA_ROOT = "lockfacade-data";

    /** Checks that the node is a member of the group. */
    public MasterGroupOptions {
        Objects.requireNonNull(nodeId, "nodeId");
        Objects.requireNonNull(topology, "topology");
        Objects.requireNonNull(dataDir, "dataDir");
        Objects.requireNonNull(fsync, "fsync");
        topology.require(nodeId);
    }

    /** Options with the default fsync policy ({@link FsyncPolicy#DEFAULT}). */
    public MasterGroupOptions(String nodeId, GroupTopology topology, Path dataDir) {
        this(nodeId, topology, dataDir, FsyncPolicy.DEFAULT);
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
