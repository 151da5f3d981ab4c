package io.lockfacade.webapp.admin;

import io.lockfacade.webapp.activity.MasterActivity;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The activity page's part of the admin set-up, registered beside {@link AdminWebConfig} (on the single master and
 * on every master-group member; a member that does not lead points to the leader's).
 */
@Configuration(proxyBeanMethods = false)
public class ActivityWebConfig {

    /**
     * @param activity the sampled activity
     * @param admin    the admin services
     * @return the activity page and its JSON
     */
    @Bean
    public ActivityController activityController(MasterActivity activity, AdminServices admin) {
        return new ActivityController(activity, admin);
    }
}
