package io.lockfacade.webapp.admin;

import io.lockfacade.group.service.GroupAdminSource;
import io.lockfacade.group.service.GroupMemberLockService;
import io.lockfacade.server.admin.AdminSource;
import io.lockfacade.server.service.MemoryLockServiceImpl;
import io.lockfacade.webapp.activity.MasterActivity;
import io.lockfacade.webapp.metrics.MasterMetrics;
import jakarta.servlet.DispatcherType;
import org.eclipse.jetty.ee11.servlet.FilterHolder;
import org.eclipse.jetty.ee11.servlet.ServletContextHandler;
import org.eclipse.jetty.ee11.servlet.ServletHolder;
import org.springframework.web.context.support.AnnotationConfigWebApplicationContext;
import org.springframework.web.servlet.DispatcherServlet;

import java.time.Clock;
import java.util.EnumSet;

/**
 * Mounts the admin surface on the master's context: a Spring MVC {@link DispatcherServlet} on
 * {@value #ADMIN_PATTERN} with its own annotation-configured context ({@link AdminWebConfig}), behind two filters
 * that run first, in this order: {@link AdminRequestPolicyFilter} (security headers, allowed methods) and
 * {@link BasicAuthFilter} (the admin credentials; 401 otherwise).
 *
 * <p>Nothing under {@code /admin} is reachable through the Hessian endpoint's path, and the Hessian secret opens
 * nothing here. The JSPs under {@code /WEB-INF} are reached only by the dispatcher's forwards: the context refuses
 * direct requests to {@code /WEB-INF} and {@code /META-INF}.
 */
public final class AdminPages {

    /** Path of the admin page. */
    public static final String LOCKS_PATH = "/admin/locks";

    /** Path of the JSON API. */
    public static final String API_PATH = "/admin/api/locks";

    /** Everything the admin credentials protect. */
    public static final String ADMIN_PATTERN = "/admin/*";

    /** Name of the admin dispatcher servlet, as seen in logs. */
    public static final String DISPATCHER_NAME = "lock-facade-admin";

    private static final String[] PROTECTED_TARGETS = {"/WEB-INF", "/META-INF"};
    private static final int DISPATCHER_INIT_ORDER = 1;

    private AdminPages() {
    }

    /**
     * Mounts the single master's admin surface.
     *
     * @param context     the master's servlet context, not started; the JSP support must be prepared on it
     * @param service     the master's lock service
     * @param credentials the admin's user and password
     * @param metrics     the master's meters, served at {@value MetricsController#METRICS_PATH}
     * @param activity    the sampled activity, shown at {@value ActivityController#ACTIVITY_PATH}
     */
    public static void install(ServletContextHandler context, MemoryLockServiceImpl service,
                               AdminCredentials credentials, MasterMetrics metrics, MasterActivity activity) {
        mount(context, AdminServices.of(AdminSource.of(service), null), credentials, metrics, activity);
    }

    /**
     * Mounts a master-group member's admin surface: the same pages, API and activity page, served by the leader
     * from its replicated table (a follower shows the group panel and directs to the leader), plus
     * {@value GroupStatusServlet#PATH}. {@code /admin/metrics} serves the member's meters.
     *
     * @param context     the member's servlet context, not started; the JSP support must be prepared on it
     * @param service     the member's lock service
     * @param credentials the admin's user and password
     * @param metrics     the member's meters
     * @param activity    the activity the member samples, shown at {@value ActivityController#ACTIVITY_PATH} while
     *                    it leads
     */
    public static void installOnGroupMember(ServletContextHandler context, GroupMemberLockService service,
                                            AdminCredentials credentials, MasterMetrics metrics,
                                            MasterActivity activity) {
        AdminServices admin = AdminServices.of(new GroupAdminSource(service, Clock.systemUTC()), service.member());
        mount(context, admin, credentials, metrics, activity);
        context.addServlet(new ServletHolder(GroupStatusServlet.SERVLET_NAME,
                new GroupStatusServlet(service.member())), GroupStatusServlet.PATH);
    }

    private static void mount(ServletContextHandler context, AdminServices admin, AdminCredentials credentials,
                              MasterMetrics metrics, MasterActivity activity) {
        context.setProtectedTargets(PROTECTED_TARGETS);
        EnumSet<DispatcherType> requests = EnumSet.of(DispatcherType.REQUEST);
        context.addFilter(new FilterHolder(new AdminRequestPolicyFilter()), ADMIN_PATTERN, requests);
        context.addFilter(new FilterHolder(new BasicAuthFilter(credentials)), ADMIN_PATTERN, requests);

        AnnotationConfigWebApplicationContext spring = new AnnotationConfigWebApplicationContext();
        spring.setDisplayName(DISPATCHER_NAME);
        spring.addBeanFactoryPostProcessor(factory -> {
            factory.registerSingleton("adminServices", admin);
            factory.registerSingleton("masterMetrics", metrics);
            if (activity != null) {
                factory.registerSingleton("masterActivity", activity);
            }
        });
        spring.register(AdminWebConfig.class);
        if (activity != null) {
            spring.register(ActivityWebConfig.class);
        }
        ServletHolder dispatcher = new ServletHolder(DISPATCHER_NAME, new DispatcherServlet(spring));
        dispatcher.setInitOrder(DISPATCHER_INIT_ORDER);
        context.addServlet(dispatcher, ADMIN_PATTERN);
    }
}
