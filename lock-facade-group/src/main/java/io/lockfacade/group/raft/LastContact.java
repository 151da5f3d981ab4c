package io.lockfacade.group.raft;

import org.jgroups.Address;
import org.jgroups.Message;
import org.jgroups.conf.ClassConfigurator;
import org.jgroups.raft.util.Utils;
import org.jgroups.stack.Protocol;
import org.jgroups.util.ExtendedUUID;
import org.jgroups.util.MessageBatch;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A JGroups protocol that only watches: it records when a message (any message, heartbeats included) last came
 * from each peer, by raft id, for the admin page's "last response" and "leader contact". It sits just above the
 * transport, in {@code group-stack.xml}.
 */
public final class LastContact extends Protocol {

    /** JGroups' id for this protocol; ids below 1000 belong to JGroups itself. */
    private static final short PROTOCOL_ID = 1701;

    static {
        ClassConfigurator.addProtocol(PROTOCOL_ID, LastContact.class);
    }

    private final Map<String, Long> lastHeardNanos = new ConcurrentHashMap<>();

    @Override
    public Object up(Message msg) {
        heard(msg.getSrc());
        return up_prot.up(msg);
    }

    @Override
    public void up(MessageBatch batch) {
        heard(batch.sender());
        up_prot.up(batch);
    }

    private void heard(Address sender) {
        if (!(sender instanceof ExtendedUUID)) {
            return;
        }
        String raftId = Utils.extractRaftId(sender);
        if (raftId != null) {
            lastHeardNanos.put(raftId, System.nanoTime());
        }
    }

    /** @return how long ago a message last came from the member with this raft id, if one ever did */
    public Optional<Long> millisSinceHeardFrom(String raftId) {
        Long heard = raftId == null ? null : lastHeardNanos.get(raftId);
        return heard == null ? Optional.empty() : Optional.of((System.nanoTime() - heard) / 1_000_000);
    }
}
