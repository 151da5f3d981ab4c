package io.lockfacade.webapp.admin;

import io.lockfacade.group.raft.GroupMember;
import io.lockfacade.group.raft.GroupStatus;
import io.lockfacade.webapp.activity.ActivityReport;
import io.lockfacade.webapp.activity.MasterActivity;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.ResponseBody;
import org.springframework.web.servlet.ModelAndView;

import java.util.Optional;

/**
 * The activity panel: {@code GET /admin/activity} (the page: grants per second, waiters, longest wait and the
 * hottest lock types, with a chart its script draws from the API) and {@code GET /admin/api/activity} (the same
 * figures and every sample of the last five minutes as JSON, {@link ActivityReport}).
 *
 * <p>On a master group the leader serves both. A follower redirects the page to the leader's (to its own lock page,
 * which explains, while no leader is known) and answers the API with 421 naming the leader's, or 503.
 */
@Controller
public class ActivityController {

    /** Where the page lives. */
    public static final String ACTIVITY_PATH = "/admin/activity";

    /** Where its JSON lives. */
    public static final String ACTIVITY_API_PATH = "/admin/api/activity";

    private final MasterActivity activity;
    private final GroupMember group;

    /**
     * @param activity the sampled activity
     * @param admin    the admin services, for the group member this master is (if any)
     */
    public ActivityController(MasterActivity activity, AdminServices admin) {
        this.activity = activity;
        this.group = admin.group();
    }

    /** @return the page, drawn with the figures now; its script keeps them current; on a follower, a redirect */
    @GetMapping("/activity")
    public ModelAndView page(HttpServletRequest request) {
        if (servedHere()) {
            return new ModelAndView("activity", "view", ActivityPageModel.of(activity.report()));
        }
        return new ModelAndView("redirect:" + leaderUrl().map(url -> url + ACTIVITY_PATH)
                .orElse(request.getContextPath() + AdminPages.LOCKS_PATH));
    }

    /** @return the figures and samples now; on a follower, 421 naming the leader's, or 503 while none is known */
    @GetMapping("/api/activity")
    @ResponseBody
    public ResponseEntity<?> api() {
        if (servedHere()) {
            return ResponseEntity.ok(activity.report());
        }
        Optional<String> leader = leaderUrl();
        int status = leader.isPresent() ? HttpStatus.MISDIRECTED_REQUEST.value()
                : HttpStatus.SERVICE_UNAVAILABLE.value();
        String message = "This member (" + group.self().id() + ") does not lead the group: the activity is served by"
                + " the leader" + leader.map(url -> ", at " + url + ACTIVITY_API_PATH)
                .orElse(", and none is known now (an election is under way). Try again in a few seconds") + ".";
        return ResponseEntity.status(status).contentType(MediaType.APPLICATION_JSON)
                .body(new ApiBodies.Error(status, HttpStatus.valueOf(status).getReasonPhrase(), message));
    }

    /** The single master, or the group member that leads now. */
    private boolean servedHere() {
        return group == null || group.isLeader();
    }

    /** @return the base URL of the leader this member knows, if another member leads */
    private Optional<String> leaderUrl() {
        GroupStatus status = group.status();
        String leader = status.leader();
        if (leader == null || leader.equals(status.self())) {
            return Optional.empty();
        }
        return status.members().stream().filter(member -> member.id().equals(leader)).findFirst()
                .map(GroupStatus.Member::url);
    }
}
