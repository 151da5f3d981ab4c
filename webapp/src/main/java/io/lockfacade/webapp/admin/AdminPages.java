package io.lockfacade.webapp.admin;

import io.lockfacade.server.service.MemoryLockServiceImpl;
import jakarta.servlet.DispatcherType;
import org.eclipse.jetty.ee11.servlet.FilterHolder;
import org.eclipse.jetty.ee11.servlet.ServletContextHandler;
import org.eclipse.jetty.ee11.servlet.ServletHolder;

import java.util.EnumSet;

/**
 * Mounts the admin pages on the master's context: everything under {@value #ADMIN_PATTERN} behind HTTP Basic
 * with the admin credentials, and {@value #LOCKS_PATH} itself.
 *
 * <p>For now {@value #LOCKS_PATH} is a placeholder; the admin page replaces {@link AdminPlaceholderServlet} here
 * and keeps the {@link BasicAuthFilter}.
 */
public final class AdminPages {

    /** Path of the admin page. */
    public static final String LOCKS_PATH = "/admin/locks";

    /** Everything the admin credentials protect. */
    public static final String ADMIN_PATTERN = "/admin/*";

    private AdminPages() {
    }

    /**
     * @param context     the master's servlet context
     * @param service     the master's lock service
     * @param credentials the admin's user and password
     */
    public static void install(ServletContextHandler context, MemoryLockServiceImpl service,
                               AdminCredentials credentials) {
        context.addFilter(new FilterHolder(new BasicAuthFilter(credentials)), ADMIN_PATTERN,
                EnumSet.of(DispatcherType.REQUEST));
        context.addServlet(new ServletHolder("admin-locks", new AdminPlaceholderServlet(service.table())),
                LOCKS_PATH);
    }
}
