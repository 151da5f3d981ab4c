package io.lockfacade.webapp.admin;

import io.lockfacade.server.session.SessionInfo;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.ModelAndView;
import org.springframework.web.servlet.view.RedirectView;

import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The sessions page: {@code GET /admin/sessions} lists the open sessions (node, locks held, last keep-alive,
 * expires in); {@code POST /admin/sessions/expire} (the page's form, CSRF-checked like a lock removal)
 * force-expires one and comes back with the outcome.
 */
@Controller
public class SessionPageController {

    /** Where the page lives. */
    public static final String SESSIONS_PATH = "/admin/sessions";

    private static final String NOTICE_PARAMETER = "notice";

    private final AdminServices admin;
    private final AuditedSessionExpiry expiry;

    /** @param admin what the page works with */
    public SessionPageController(AdminServices admin) {
        this.admin = admin;
        this.expiry = new AuditedSessionExpiry(admin.source().sessions());
    }

    /** One open session as the page shows it. */
    public record SessionRow(String id, String node, int locks, String lastKeepAlive, String expiresIn) {

        static SessionRow of(SessionInfo session, long nowMillis) {
            return new SessionRow(session.id(), session.node(), session.locks(),
                    AdminFormats.duration(Math.max(0, nowMillis - session.lastKeepAliveEpochMillis())) + " ago",
                    AdminFormats.duration(session.expiresInMillis()));
        }
    }

    /**
     * What the page shows.
     *
     * @param rows      the open sessions
     * @param csrfToken the token the expire forms carry
     * @param notice    the outcome of the last action, or {@code null}
     */
    public record SessionsPageModel(List<SessionRow> rows, String csrfToken, Notice notice) {
    }

    /** @return the sessions page; on a master-group member that is not the leader, directions to the leader */
    @GetMapping("/sessions")
    public ModelAndView sessions(@RequestParam(name = NOTICE_PARAMETER, required = false) String notice,
                                 HttpServletRequest request) {
        Optional<LeaderDirections> elsewhere = admin.notServedHere();
        if (elsewhere.isPresent()) {
            return new ModelAndView("sessions", LockPageController.ELSEWHERE_MODEL, elsewhere.get());
        }
        long now = admin.clock().millis();
        List<SessionRow> rows = admin.source().sessions().describe().stream()
                .map(session -> SessionRow.of(session, now)).toList();
        return new ModelAndView("sessions", "view", new SessionsPageModel(rows,
                admin.csrf().issue(Requester.of(request).user()), admin.notices().find(notice)));
    }

    /** @return a redirect to the sessions page with the outcome */
    @PostMapping("/sessions/expire")
    public RedirectView expire(@RequestParam(name = "id", required = false) String id, HttpServletRequest request) {
        AuditedSessionExpiry.requireSessionId(id);
        admin.requireCurrent();
        OptionalInt released = expiry.expire(Requester.of(request), id);
        String message = AuditedSessionExpiry.message(id, released);
        Notice notice = released.isPresent() ? Notice.success(message) : Notice.warning(message);
        RedirectView redirect = new RedirectView(SESSIONS_PATH + "?" + NOTICE_PARAMETER + "="
                + admin.notices().put(notice), true);
        redirect.setStatusCode(HttpStatus.SEE_OTHER);
        redirect.setExpandUriTemplateVariables(false);
        redirect.setExposeModelAttributes(false);
        return redirect;
    }
}
