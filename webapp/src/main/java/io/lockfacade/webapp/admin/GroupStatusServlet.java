package io.lockfacade.webapp.admin;

import io.lockfacade.group.raft.GroupMember;
import io.lockfacade.group.raft.GroupStatus;
import org.eclipse.jetty.ee11.servlet.FilterHolder;
import org.eclipse.jetty.ee11.servlet.ServletContextHandler;
import org.eclipse.jetty.ee11.servlet.ServletHolder;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.io.Serial;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code GET /admin/api/group} on a master-group member: this member's view of the group, exactly
 * {@code {"self":"n1","leader":"n2","term":7,"members":[{"id":"n1","url":"http://HOST:PORT","role":"FOLLOWER"},...]}}
 * ({@code leader} is {@code null} while none is known). Behind the admin credentials like the rest of
 * {@code /admin}; any other method is answered 405.
 */
public final class GroupStatusServlet extends HttpServlet {

    @Serial
    private static final long serialVersionUID = 1L;

    /** Where the group status is served. */
    public static final String PATH = "/admin/api/group";

    private final transient GroupMember member;
    private final transient JsonMapper json = JsonMapper.builder().build();

    /** @param member the member whose view is reported */
    public GroupStatusServlet(GroupMember member) {
        this.member = member;
    }

    /**
     * Mounts the group status on a group member's context, behind the same filters as the admin pages
     * ({@link AdminRequestPolicyFilter}, then {@link BasicAuthFilter}). A group member serves no lock pages.
     *
     * @param context     the member's servlet context, not started
     * @param member      the member
     * @param credentials the admin's user and password
     */
    public static void install(ServletContextHandler context, GroupMember member, AdminCredentials credentials) {
        EnumSet<DispatcherType> requests = EnumSet.of(DispatcherType.REQUEST);
        context.addFilter(new FilterHolder(new AdminRequestPolicyFilter()), AdminPages.ADMIN_PATTERN, requests);
        context.addFilter(new FilterHolder(new BasicAuthFilter(credentials)), AdminPages.ADMIN_PATTERN, requests);
        context.addServlet(new ServletHolder("lock-facade-group-status", new GroupStatusServlet(member)), PATH);
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        byte[] body = json.writeValueAsString(toJson(member.status())).getBytes(StandardCharsets.UTF_8);
        response.setStatus(HttpServletResponse.SC_OK);
        response.setContentType("application/json;charset=utf-8");
        response.setHeader("Cache-Control", "no-store");
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }

    /** The fields in the contract's order. */
    static Map<String, Object> toJson(GroupStatus status) {
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
        return body;
    }
}
