package io.lockfacade.webapp.admin;

import io.lockfacade.group.raft.GroupStatus;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.http.HttpStatus;

/**
 * What a master-group member that cannot serve the lock list tells the operator: that it is not the leader, and
 * where the leader's page is when it knows. The admin pages are served by the leader only; a follower never
 * answers from its own copy of the table.
 *
 * @param status   the HTTP status of a refused API call or action: 421 (Misdirected Request) when the leader is
 *                 known, 503 while none is (an election) or while this member cannot confirm that it leads
 * @param message  the explanation, naming the leader and its page when known
 * @param leaderId the leader's member id, or {@code null}
 * @param leaderUrl the leader's lock page, or {@code null}
 */
public record LeaderDirections(int status, String message, String leaderId, String leaderUrl) {

    /**
     * @param status this member's view of the group
     * @return the directions to give now
     */
    public static LeaderDirections of(GroupStatus status) {
        String self = status.self();
        String leader = status.leader();
        if (leader == null) {
            return new LeaderDirections(HttpServletResponse.SC_SERVICE_UNAVAILABLE, "This member (" + self
                    + ") is not the leader and knows no leader now (an election is under way): the locks are listed"
                    + " and removed on the leader only. Try again in a few seconds. Nothing was changed.", null, null);
        }
        if (leader.equals(self)) {
            return new LeaderDirections(HttpServletResponse.SC_SERVICE_UNAVAILABLE, "This member (" + self
                    + ") leads the group but could not confirm it with a majority of the members just now (it may"
                    + " be cut off from them): it neither lists nor removes locks until it can. Try again in a few"
                    + " seconds. Nothing was changed.", leader, null);
        }
        String url = status.members().stream().filter(member -> member.id().equals(leader)).findFirst()
                .map(member -> member.url() + AdminPages.LOCKS_PATH).orElse(null);
        return new LeaderDirections(HttpStatus.MISDIRECTED_REQUEST.value(), "This member (" + self
                + ") is a follower: the locks and sessions are listed and removed on the leader, " + leader
                + (url == null ? "" : ", at " + url) + ". Nothing was changed.", leader, url);
    }

    /** @return the refusal of an API call or action, with {@link #status()} */
    public AdminRequestException refusal() {
        return new AdminRequestException(status, message);
    }
}
