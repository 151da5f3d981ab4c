package io.lockfacade.group.raft;

/** A member's role as {@code GET /admin/api/group} reports it. */
public enum MemberRole {
    /** The leader of the current term. */
    LEADER,
    /** A follower of a known leader. */
    FOLLOWER,
    /** A member asking for votes. */
    CANDIDATE,
    /** Not known to the member that answers (no leader known, or the member is not running). */
    UNKNOWN
}
