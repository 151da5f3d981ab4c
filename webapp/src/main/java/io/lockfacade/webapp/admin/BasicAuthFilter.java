package io.lockfacade.webapp.admin;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;
import java.io.Serial;
import java.nio.charset.StandardCharsets;

/**
 * Lets a request through only with the admin's HTTP Basic credentials; answers 401 with a Basic challenge
 * otherwise, before anything else sees the request. The Hessian endpoint's shared secret opens nothing here.
 *
 * <p>A request let through carries the admin's user name in the {@value #USER_ATTRIBUTE} request attribute, for
 * the audit log and the CSRF tokens.
 */
public final class BasicAuthFilter extends HttpFilter {

    @Serial
    private static final long serialVersionUID = 1L;

    /** The realm browsers show in their login prompt. */
    public static final String REALM = "Lock Facade admin";

    /** Request attribute holding the user name of an admitted request. */
    public static final String USER_ATTRIBUTE = "io.lockfacade.admin.user";

    private static final byte[] REFUSAL = "admin credentials required\n".getBytes(StandardCharsets.UTF_8);

    private final transient AdminCredentials credentials;

    /**
     * @param credentials the admin's user and password
     */
    public BasicAuthFilter(AdminCredentials credentials) {
        this.credentials = credentials;
    }

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        if (credentials.admits(request.getHeader("Authorization"))) {
            request.setAttribute(USER_ATTRIBUTE, credentials.user());
            chain.doFilter(request, response);
            return;
        }
        response.setStatus(HttpServletResponse.SC_UNAUTHORIZED);
        response.setHeader("WWW-Authenticate", "Basic realm=\"" + REALM + "\", charset=\"UTF-8\"");
        response.setContentType("text/plain;charset=utf-8");
        response.setContentLength(REFUSAL.length);
        response.getOutputStream().write(REFUSAL);
    }
}
