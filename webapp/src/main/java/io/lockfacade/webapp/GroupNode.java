package io.lockfacade.webapp;

import io.lockfacade.api.tls.TlsStores;
import io.lockfacade.group.raft.GroupMember;
import io.lockfacade.group.tls.PeerTls;
import io.lockfacade.group.service.GroupMemberLockService;
import io.lockfacade.server.service.MasterSettings;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.util.Optional;

/**
 * A master's membership in a master group: its Raft server and the lock service that answers on it.
 */
final class GroupNode implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(GroupNode.class);

    private final GroupMember member;
    private final GroupMemberLockService service;

    private GroupNode(GroupMember member, GroupMemberLockService service) {
        this.member = member;
        this.service = service;
    }

    /**
     * Starts the Raft server on this member's Raft port (no election is awaited) and the service on it.
     *
     * @param tls the stores of mutual TLS between members, or empty for plain TCP
     * @throws IOException if the data folder or the Raft port cannot be used
     */
    static GroupNode start(MasterGroupOptions options, MasterSettings settings, Optional<TlsStores> tls)
            throws IOException {
        GroupMember member = GroupMember.start(options.topology(), options.nodeId(), options.dataDir(),
                options.fsync(), tls.map(PeerTls::new).orElse(null));
        return new GroupNode(member, new GroupMemberLockService(member, settings));
    }

    GroupMember member() {
        return member;
    }

    GroupMemberLockService service() {
        return service;
    }

    /** Fails parked calls, then leaves the group and closes the log; the log and snapshots stay on disk. */
    @Override
    public void close() {
        service.close();
        try {
            member.close();
        } catch (RuntimeException e) {
            LOG.warn("the group member {} did not stop cleanly: {}", member.self().id(), e.toString());
        }
    }
}
