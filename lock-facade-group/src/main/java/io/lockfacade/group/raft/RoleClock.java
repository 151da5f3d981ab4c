package io.lockfacade.group.raft;

import org.jgroups.protocols.raft.RAFT;
import org.jgroups.protocols.raft.Role;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Remembers when this member took its current Raft role, for the admin page's "leader since", and logs each change
 * with the term and the leader: the member log's account of every election.
 */
final class RoleClock implements RAFT.RoleChange {

    private static final Logger LOG = LoggerFactory.getLogger(RoleClock.class);

    private final String selfId;
    private volatile RAFT raft;
    private volatile long sinceEpochMillis = System.currentTimeMillis();

    RoleClock(String selfId) {
        this.selfId = selfId;
    }

    /** Gives the clock the Raft protocol it listens to, to read the term and leader from. */
    void watch(RAFT raft) {
        this.raft = raft;
        raft.addRoleListener(this);
    }

    @Override
    public void roleChanged(Role role) {
        sinceEpochMillis = System.currentTimeMillis();
        RAFT watched = raft;
        LOG.info("member {} is {} in term {} (leader {})", selfId, role, watched == null ? "?" : watched.currentTerm(),
                watched == null ? "?" : GroupMember.raftId(watched.leader()).orElse("unknown"));
    }

    /** @return when the current role was taken (or the member started), wall clock */
    long sinceEpochMillis() {
        return sinceEpochMillis;
    }
}
