package io.lockfacade.group.raft;

import org.jgroups.Address;
import org.jgroups.Message;
import org.jgroups.annotations.Property;
import org.jgroups.conf.ClassConfigurator;
import org.jgroups.stack.Protocol;
import org.jgroups.util.MessageBatch;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A JGroups protocol just above the transport that drops every message from a process whose raft id is not one of
 * {@code --group}'s members (or that has none: a plain JGroups process), discovery and join requests included, so
 * an outsider that reaches a member's Raft port never enters the view. It logs each such sender once.
 *
 * <p>Without TLS this is a filter on a claim anyone can make (a process may call itself {@code n2} while n2 is
 * down); with TLS, only a peer holding a member's certificate gets this far ({@link io.lockfacade.group.tls.PeerTls}).
 */
public final class MembersOnly extends Protocol {

    /** JGroups' id for this protocol; ids below 1000 belong to JGroups itself. */
    private static final short PROTOCOL_ID = 1702;

    private static final int MAX_REPORTED = 1_000;

    static {
        ClassConfigurator.addProtocol(PROTOCOL_ID, MembersOnly.class);
    }

    @Property(description = "the raft ids of the group's members, comma-separated", writable = false)
    private String ids = "";

    private volatile Set<String> members = Set.of();
    private final Set<Address> reported = ConcurrentHashMap.newKeySet();

    @Override
    public void init() throws Exception {
        super.init();
        members = Set.of(ids.split(","));
    }

    @Override
    public Object up(Message msg) {
        return isMember(msg.getSrc()) ? up_prot.up(msg) : null;
    }

    @Override
    public void up(MessageBatch batch) {
        if (isMember(batch.sender())) {
            up_prot.up(batch);
        }
    }

    private boolean isMember(Address sender) {
        if (sender == null) {
            return true; // a message of this member's own stack
        }
        String raftId = GroupMember.raftId(sender).orElse(null);
        if (raftId != null && members.contains(raftId)) {
            return true;
        }
        if (reported.size() < MAX_REPORTED && reported.add(sender)) {
            log.warn("%s: dropping messages from %s, which is not a member of the group %s", local_addr, sender,
                    members);
        }
        return false;
    }
}
