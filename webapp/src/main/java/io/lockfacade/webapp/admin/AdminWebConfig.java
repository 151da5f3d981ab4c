package io.lockfacade.webapp.admin;

import io.lockfacade.webapp.metrics.MasterMetrics;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.CacheControl;
import org.springframework.web.servlet.config.annotation.EnableWebMvc;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.ResourceHandlerRegistry;
import org.springframework.web.servlet.config.annotation.ViewResolverRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

import java.time.Duration;

/**
 * The admin surface's Spring MVC set-up, for the {@code DispatcherServlet} mounted on {@code /admin/*} (request
 * mappings are relative to it): JSP views under {@value #VIEW_PREFIX}, the CSS and JavaScript shipped in the jar
 * under {@code /admin/static/}, the CSRF check on every handler, the page and API controllers, and their error
 * handling (the activity page, the single master's only, is {@link ActivityWebConfig}). JSON goes through Jackson 3, which {@code @EnableWebMvc} picks up from the class path.
 */
@Configuration(proxyBeanMethods = false)
@EnableWebMvc
public class AdminWebConfig implements WebMvcConfigurer {

    /** Where the admin JSPs live, inside the web resources. */
    public static final String VIEW_PREFIX = "/WEB-INF/jsp/";

    /** The JSPs' file suffix. */
    public static final String VIEW_SUFFIX = ".jsp";

    /** Class-path folder of the static files. */
    public static final String STATIC_LOCATION = "classpath:/webapp/static/";

    /** How long browsers may cache the static files. */
    public static final Duration STATIC_MAX_AGE = Duration.ofHours(1);

    private final AdminServices admin;

    /** @param admin what the controllers work with */
    public AdminWebConfig(AdminServices admin) {
        this.admin = admin;
    }

    @Override
    public void configureViewResolvers(ViewResolverRegistry registry) {
        registry.jsp(VIEW_PREFIX, VIEW_SUFFIX);
    }

    @Override
    public void addResourceHandlers(ResourceHandlerRegistry registry) {
        registry.addResourceHandler("/static/**").addResourceLocations(STATIC_LOCATION)
                .setCacheControl(CacheControl.maxAge(STATIC_MAX_AGE).cachePrivate());
    }

    @Override
    public void addInterceptors(InterceptorRegistry registry) {
        registry.addInterceptor(new CsrfInterceptor(admin.csrf()));
    }

    /** @return the HTML pages */
    @Bean
    public LockPageController lockPageController() {
        return new LockPageController(admin);
    }

    /** @return the JSON API */
    @Bean
    public LockApiController lockApiController() {
        return new LockApiController(admin);
    }

    /** @return the sessions page */
    @Bean
    public SessionPageController sessionPageController() {
        return new SessionPageController(admin);
    }

    /** @return the sessions part of the JSON API */
    @Bean
    public SessionApiController sessionApiController() {
        return new SessionApiController(admin);
    }

    /** @return the deadlocks page */
    @Bean
    public DeadlockPageController deadlockPageController() {
        return new DeadlockPageController(admin);
    }

    /** @return the deadlocks part of the JSON API */
    @Bean
    public DeadlockApiController deadlockApiController() {
        return new DeadlockApiController(admin);
    }

    /**
     * @param metrics the master's meters
     * @return the Prometheus scrape endpoint
     */
    @Bean
    public MetricsController metricsController(MasterMetrics metrics) {
        return new MetricsController(metrics);
    }

    /** @return the HTML pages' error handling */
    @Bean
    public PageErrors pageErrors() {
        return new PageErrors();
    }

    /** @return the JSON API's error handling */
    @Bean
    public ApiErrors apiErrors() {
        return new ApiErrors();
    }
}
