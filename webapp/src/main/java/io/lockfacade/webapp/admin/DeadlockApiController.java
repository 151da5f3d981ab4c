package io.lockfacade.webapp.admin;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The deadlocks part of the JSON API, same protection as the rest of {@code /admin}: {@code GET
 * /admin/api/deadlocks} answers a {@link DeadlocksReport}. On a master-group member that is not the leader it
 * answers 421 naming the leader's page (503 while no leader is known).
 */
@RestController
@RequestMapping("/api")
public class DeadlockApiController {

    private final AdminServices admin;

    /** @param admin what the API works with */
    public DeadlockApiController(AdminServices admin) {
        this.admin = admin;
    }

    /** @return the deadlocks found over the last hour and the waits watched now */
    @GetMapping("/deadlocks")
    public DeadlocksReport deadlocks() {
        admin.requireCurrent();
        return DeadlocksReport.of(admin.source().deadlocks(), admin.clock().millis());
    }
}
