package io.lockfacade.webapp.admin;

import io.lockfacade.api.LockArguments;
import io.lockfacade.server.session.SessionInfo;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
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
 *       header, and is logged at INFO with who asked, like a lock removal.</li>
 * </ul>
 */
@RestController
@RequestMapping("/api")
public class SessionApiController {

    private static final Logger LOG = LoggerFactory.getLogger(SessionApiController.class);

    private final AdminServices admin;

    /** @param admin what the API works with */
    public SessionApiController(AdminServices admin) {
        this.admin = admin;
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
        return admin.service().sessions().describe().stream().map(SessionView::of).toList();
    }

    /** @return what was released; 404 when the session is not open */
    @DeleteMapping("/sessions")
    public Expiry expire(@RequestParam(name = "id", required = false) String id, HttpServletRequest request) {
        String sessionId;
        try {
            sessionId = LockArguments.requireSessionId(id);
        } catch (IllegalArgumentException e) {
            throw AdminRequestException.badRequest(e.getMessage());
        }
        Requester who = Requester.of(request);
        OptionalInt released = admin.service().sessions().end(sessionId);
        if (released.isEmpty()) {
            LOG.info("admin session expiry: {} asked to expire session={}: not open; nothing changed", who,
                    LogText.quote(sessionId));
            throw new AdminRequestException(HttpServletResponse.SC_NOT_FOUND,
                    "session " + sessionId + " is not open (expired or closed already)");
        }
        int locks = released.getAsInt();
        LOG.info("admin session expiry: {} force-expired session={} holding {} lock(s); they are released", who,
                LogText.quote(sessionId), locks);
        return new Expiry(sessionId, locks, "session " + sessionId + " expired: " + locks + " lock(s) released");
    }
}
