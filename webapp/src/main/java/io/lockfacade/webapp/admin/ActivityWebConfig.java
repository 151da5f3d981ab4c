package io.lockfacade.webapp.admin;

import io.lockfacade.webapp.activity.MasterActivity;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The activity page's part of the admin set-up, registered beside {@link AdminWebConfig} on the single master only
 * (a master-group member samples no activity).
 */
@Configuration(proxyBeanMethods = false)
public class ActivityWebConfig {

    /**
     * @param activity the sampled activity
     * @return the activity page and its JSON
     */
    @Bean
    public ActivityController activityController(MasterActivity activity) {
        return new ActivityController(activity);
    }
}
