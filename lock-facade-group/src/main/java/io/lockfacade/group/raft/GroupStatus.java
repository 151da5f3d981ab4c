package io.lockfacade.group.raft;

import java.util.List;

/**
 * One member's view of its group, as {@code GET /admin/api/group} answers it.
 *
 * @param self    this member's id
 * @param leader  the leader's id, or {@code null} while none is known
 * @param term    the current Raft term as this member knows it
 * @param members every member with its URL and role as far as this member knows
 */
public record GroupStatus(String self, String leader, long term, List<Member> members) {

    /** Copies the list. */
    public GroupStatus {
        members = List.copyOf(members);
    }

    /**
     * @param id   the member id
     * @param url  {@code http://HOST:HTTP_PORT}
     * @param role its role
     */
    public record Member(String id, String url, MemberRole role) {
    }
}
