package io.lockfacade.webapp.admin;

import io.lockfacade.server.session.SessionInfo;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import java.util.List;
import java.util.OptionalInt;

/**
 * The sessions part of the JSON API, same protection as the rest of {@code /admin}.
 *
 * <ul>
 *   <li>{@code GET /admin/api/sessions}: every open session (id, node, locks held, last keep-alive, expires in).</li>
 *   <li>{@code DELETE /admin/api/sessions?id=S}: force-expires the session, releasing all its locks (200, with
 *       what it held), 404 when no such session is open. Needs the {@value CsrfInterceptor#REQUESTED_BY_HEADER}
 *       header, and is logged by {@link AuditedSessionExpiry}.</li>
 * </ul>
 * On a master-group member that is not the leader both answer 421 naming the leader's page (503 while no leader
 * is known), and nothing changes.
 */
@RestController
@RequestMapping("/api")
public class SessionApiController {

    private final AdminServices admin;
    private final AuditedSessionExpiry expiry;

    /** @param admin what the API works with */
    public SessionApiController(AdminServices admin) {
        this.admin = admin;
        this.expiry = new AuditedSessionExpiry(admin.source().sessions());
    }

    /** One open session as the API shows it. */
    public record SessionView(String id, String node, int locks, long ttlMillis, String lastKeepAlive,
                              long lastKeepAliveEpochMillis, long expiresInMillis) {

        static SessionView of(SessionInfo session) {
            return new SessionView(session.id(), session.node(), session.locks(), session.ttlMillis(),
                    AdminFormats.iso(session.lastKeepAliveEpochMillis()), session.lastKeepAliveEpochMillis(),
                    session.expiresInMillis());
        }
    }

    /** What a force-expiry did. */
    public record Expiry(String id, int locksReleased, String message) {
    }

    /** @return every open session */
    @GetMapping("/sessions")
    public List<SessionView> list() {
        admin.requireCurrent();
        return admin.source().sessions().describe().stream().map(SessionView::of).toList();
    }

    /** @return what was released; 404 when the session is not open */
    @DeleteMapping("/sessions")
    public Expiry expire(@RequestParam(name = "id", required = false) String id, HttpServletRequest request) {
        AuditedSessionExpiry.requireSessionId(id);
        admin.requireCurrent();
        OptionalInt released = expiry.expire(Requester.of(request), id);
        String message = AuditedSessionExpiry.message(id, released);
        if (released.isEmpty()) {
            throw new AdminRequestException(HttpServletResponse.SC_NOT_FOUND, message);
        }
        return new Expiry(id, released.getAsInt(), message);
    }
}
