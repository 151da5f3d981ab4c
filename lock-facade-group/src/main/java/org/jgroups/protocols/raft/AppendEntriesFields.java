package org.jgroups.protocols.raft;

/**
 * Read access to an {@link AppendEntriesRequest}'s fields, which jgroups-raft 1.1.4 keeps package-private with no
 * getters. It lives in jgroups-raft's package for that reason only; the group's own code
 * ({@code io.lockfacade.group.raft.AppendRuns}) uses it to join consecutive appends into one. Nothing here
 * changes a request.
 */
public final class AppendEntriesFields {

    private AppendEntriesFields() {
    }

    /** @return the sender's term */
    public static long term(AppendEntriesRequest request) {
        return request.curr_term;
    }

    /** @return the leader that sent the request */
    public static org.jgroups.Address leader(AppendEntriesRequest request) {
        return request.leader;
    }

    /** @return the index of the entry just before the request's first entry */
    public static long prevLogIndex(AppendEntriesRequest request) {
        return request.prev_log_index;
    }

    /** @return the term of the entry just before the request's first entry */
    public static long prevLogTerm(AppendEntriesRequest request) {
        return request.prev_log_term;
    }

    /** @return the term of the request's entries */
    public static long entryTerm(AppendEntriesRequest request) {
        return request.entry_term;
    }

    /** @return the leader's commit index when it sent the request */
    public static long leaderCommit(AppendEntriesRequest request) {
        return request.leader_commit;
    }
}
