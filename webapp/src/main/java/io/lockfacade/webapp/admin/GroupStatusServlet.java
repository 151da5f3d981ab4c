package io.lockfacade.webapp.admin;

import io.lockfacade.group.raft.GroupMember;
import io.lockfacade.group.raft.GroupProgress;
import io.lockfacade.group.raft.GroupStatus;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.io.Serial;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code GET /admin/api/group} on a master-group member: this member's view of the group, exactly
 * {@code {"self":"n1","leader":"n2","term":7,"members":[{"id":"n1","url":"http://HOST:PORT","role":"FOLLOWER"},...]}}
 * ({@code leader} is {@code null} while none is known), followed by added fields on the member's Raft progress
 * ({@link #toJson}). Behind the admin credentials like the rest of {@code /admin}; any other method is answered 405.
 */
public final class GroupStatusServlet extends HttpServlet {

    @Serial
    private static final long serialVersionUID = 1L;

    /** Where the group status is served. */
    public static final String PATH = "/admin/api/group";

    /** The servlet's name, as seen in logs; {@link AdminPages#installOnGroupMember} mounts it. */
    public static final String SERVLET_NAME = "lock-facade-group-status";

    private final transient GroupMember member;
    private final transient JsonMapper json = JsonMapper.builder().build();

    /** @param member the member whose view is reported */
    public GroupStatusServlet(GroupMember member) {
        this.member = member;
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        long now = System.currentTimeMillis();
        byte[] body = json.writeValueAsString(toJson(member.status(), GroupProgress.of(member, now)))
                .getBytes(StandardCharsets.UTF_8);
        response.setStatus(HttpServletResponse.SC_OK);
        response.setContentType("application/json;charset=utf-8");
        response.setHeader("Cache-Control", "no-store");
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }

    /**
     * The contract's fields in its order, then the added ones: {@code commitIndex}, {@code appliedIndex},
     * {@code lastIndex} ({@code null} while the Raft server is down), {@code leaderSince} and
     * {@code leaderSinceEpochMillis} (on the leader only), {@code leaderContactMillis} (on a follower: since it
     * last heard from the leader), and {@code followers}: on the leader's answer, for each follower its
     * {@code id}, {@code matchIndex}, {@code lagEntries} and {@code lastResponseMillis} (empty elsewhere). The
     * objects of {@code members} keep exactly the contract's three fields.
     */
    static Map<String, Object> toJson(GroupStatus status, Optional<GroupProgress> progress) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("self", status.self());
        body.put("leader", status.leader());
        body.put("term", status.term());
        List<Map<String, Object>> members = new ArrayList<>();
        for (GroupStatus.Member member : status.members()) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("id", member.id());
            entry.put("url", member.url());
            entry.put("role", member.role().name());
            members.add(entry);
        }
        body.put("members", members);
        // Kept apart from "members", whose objects tools read exactly as DESIGN.md writes them.
        List<Map<String, Object>> followers = new ArrayList<>();
        progress.ifPresent(p -> status.members().forEach(member -> {
            GroupProgress.Follower follower = p.followers().get(member.id());
            if (follower != null) {
                Map<String, Object> entry = new LinkedHashMap<>();
                entry.put("id", member.id());
                entry.put("matchIndex", follower.matchIndex() < 0 ? null : follower.matchIndex());
                entry.put("lagEntries", follower.lagEntries() < 0 ? null : follower.lagEntries());
                entry.put("lastResponseMillis", follower.lastResponseMillis());
                followers.add(entry);
            }
        }));
        body.put("followers", followers);
        body.put("commitIndex", progress.map(GroupProgress::commitIndex).orElse(null));
        body.put("appliedIndex", progress.map(GroupProgress::appliedIndex).orElse(null));
        body.put("lastIndex", progress.map(GroupProgress::lastIndex).orElse(null));
        Long leaderSince = progress.map(GroupProgress::leaderSinceEpochMillis).orElse(null);
        body.put("leaderSince", leaderSince == null ? null : AdminFormats.iso(leaderSince));
        body.put("leaderSinceEpochMillis", leaderSince);
        body.put("leaderContactMillis", progress.map(GroupProgress::leaderContactMillis).orElse(null));
        return body;
    }
}
