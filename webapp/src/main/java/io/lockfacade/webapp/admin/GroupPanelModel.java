package io.lockfacade.webapp.admin;

import io.lockfacade.group.raft.GroupProgress;
import io.lockfacade.group.raft.GroupStatus;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The group panel of a master-group member's admin page, prepared so the JSP only escapes and lays out: this
 * member's view of the group (from its own Raft server) and, on the leader, each follower's lag.
 *
 * @param self          this member's id
 * @param selfRole      its role
 * @param term          the current term as it knows it
 * @param leader        the leader's id, or {@code null} while none is known
 * @param leaderUrl     the leader's lock page, or {@code null}
 * @param selfLeads     whether this member is the leader
 * @param leaderSince   on the leader, when it took the lead (UTC) and how long ago; else {@code null}
 * @param leaderContact on a follower, how long ago it last heard from the leader; else {@code null}
 * @param commitIndex   the highest committed log index it knows, or {@code null} while its Raft server is down
 * @param appliedIndex  the highest index its table has applied, or {@code null}
 * @param lastIndex     the last index in its log, or {@code null}
 * @param members       every member, in the {@code --group} order
 */
public record GroupPanelModel(String self, String selfRole, long term, String leader, String leaderUrl,
                              boolean selfLeads, String leaderSince, String leaderContact, Long commitIndex,
                              Long appliedIndex, Long lastIndex, List<MemberRow> members) {

    /**
     * One member's row.
     *
     * @param id           its id
     * @param pageUrl      its lock page
     * @param role         its role as this member knows it
     * @param self         whether it is the member drawing the page
     * @param matchIndex   on the leader's page, the follower's match index; else empty
     * @param lag          on the leader's page, how many entries the follower lacks; else empty
     * @param lastResponse on the leader's page, how long ago the follower last answered; else empty
     */
    public record MemberRow(String id, String pageUrl, String role, boolean self, String matchIndex, String lag,
                            String lastResponse) {
    }

    /**
     * @param status    this member's view of the group
     * @param progress  its Raft progress, empty while its Raft server is down
     * @param nowMillis the wall clock now
     * @return the panel
     */
    public static GroupPanelModel of(GroupStatus status, Optional<GroupProgress> progress, long nowMillis) {
        String selfRole = status.members().stream().filter(m -> m.id().equals(status.self())).findFirst()
                .map(m -> m.role().name()).orElse("UNKNOWN");
        String leaderUrl = status.members().stream().filter(m -> m.id().equals(status.leader())).findFirst()
                .map(m -> m.url() + AdminPages.LOCKS_PATH).orElse(null);
        List<MemberRow> rows = new ArrayList<>();
        for (GroupStatus.Member member : status.members()) {
            GroupProgress.Follower follower = progress.map(p -> p.followers().get(member.id())).orElse(null);
            rows.add(new MemberRow(member.id(), member.url() + AdminPages.LOCKS_PATH, member.role().name(),
                    member.id().equals(status.self()),
                    follower == null || follower.matchIndex() < 0 ? "" : Long.toString(follower.matchIndex()),
                    follower == null || follower.lagEntries() < 0 ? "" : follower.lagEntries() + " entries",
                    follower == null ? "" : AdminFormats.duration(follower.lastResponseMillis()) + " ago"));
        }
        Long leaderSince = progress.map(GroupProgress::leaderSinceEpochMillis).orElse(null);
        Long contact = progress.map(GroupProgress::leaderContactMillis).orElse(null);
        return new GroupPanelModel(status.self(), selfRole, status.term(), status.leader(), leaderUrl,
                status.self().equals(status.leader()),
                leaderSince == null ? null : AdminFormats.instant(leaderSince) + " ("
                        + AdminFormats.duration(Math.max(0, nowMillis - leaderSince)) + " ago)",
                contact == null ? null : AdminFormats.duration(contact) + " ago",
                progress.map(GroupProgress::commitIndex).orElse(null),
                progress.map(GroupProgress::appliedIndex).orElse(null),
                progress.map(GroupProgress::lastIndex).orElse(null), List.copyOf(rows));
    }
}
