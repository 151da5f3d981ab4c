package io.lockfacade.webapp.admin;

import io.lockfacade.webapp.activity.ActivityReport;
import io.lockfacade.webapp.activity.MasterActivity;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.ResponseBody;
import org.springframework.web.servlet.ModelAndView;

/**
 * The activity panel: {@code GET /admin/activity} (the page: grants per second, waiters, longest wait and the
 * hottest lock types, with a chart its script draws from the API) and {@code GET /admin/api/activity} (the same
 * figures and every sample of the last five minutes as JSON, {@link ActivityReport}).
 */
@Controller
public class ActivityController {

    /** Where the page lives. */
    public static final String ACTIVITY_PATH = "/admin/activity";

    /** Where its JSON lives. */
    public static final String ACTIVITY_API_PATH = "/admin/api/activity";

    private final MasterActivity activity;

    /** @param activity the sampled activity */
    public ActivityController(MasterActivity activity) {
        this.activity = activity;
    }

    /** @return the page, drawn with the figures now; its script keeps them current */
    @GetMapping("/activity")
    public ModelAndView page() {
        return new ModelAndView("activity", "view", ActivityPageModel.of(activity.report()));
    }

    /** @return the figures and samples now */
    @GetMapping("/api/activity")
    @ResponseBody
    public ActivityReport api() {
        return activity.report();
    }
}
