package io.lockfacade.webapp.admin;

import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.servlet.ModelAndView;

import java.util.Optional;

/**
 * The deadlocks page, {@code GET /admin/deadlocks}: the deadlocks this master found over the last hour (when, the
 * victim, the cycle) and the waits it watches now (threads that hold locks and wait for another: the edges of its
 * wait-for graph), see {@link DeadlocksReport}. On a master-group member that is not the leader it points to the
 * leader: the leader parks the calls, so only it sees the graph.
 */
@Controller
public class DeadlockPageController {

    /** Where the page lives. */
    public static final String DEADLOCKS_PATH = "/admin/deadlocks";

    private final AdminServices admin;

    /** @param admin what the page works with */
    public DeadlockPageController(AdminServices admin) {
        this.admin = admin;
    }

    /** @return the page; on a master-group member that is not the leader, directions to the leader */
    @GetMapping("/deadlocks")
    public ModelAndView page() {
        Optional<LeaderDirections> elsewhere = admin.notServedHere();
        if (elsewhere.isPresent()) {
            return new ModelAndView("deadlocks", LockPageController.ELSEWHERE_MODEL, elsewhere.get());
        }
        return new ModelAndView("deadlocks", "view",
                DeadlocksReport.of(admin.source().deadlocks(), admin.clock().millis()));
    }
}
