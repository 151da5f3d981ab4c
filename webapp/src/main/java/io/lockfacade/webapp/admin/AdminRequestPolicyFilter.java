package io.lockfacade.webapp.admin;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;
import java.io.Serial;
import java.nio.charset.StandardCharsets;
import java.util.Set;

/**
 * The admin surface's response headers and allowed methods, applied before authentication so that 401s carry
 * them too.
 *
 * <ul>
 *   <li>{@value #CONTENT_SECURITY_POLICY}: scripts, styles and images only from the master itself, no inline script
 *       or style, no plug-ins, forms post only back to the master, and no page may frame the admin pages.</li>
 *   <li>{@code X-Frame-Options: DENY} (older browsers' clickjacking guard), {@code X-Content-Type-Options: nosniff},
 *       {@code Referrer-Policy: no-referrer}, and {@code Cache-Control: no-store} except on the static files.</li>
 *   <li>Only {@code GET}, {@code HEAD}, {@code POST} and {@code DELETE}; anything else (notably {@code TRACE}, which
 *       would echo the {@code Authorization} header back) is answered 405.</li>
 * </ul>
 */
public final class AdminRequestPolicyFilter extends HttpFilter {

    @Serial
    private static final long serialVersionUID = 1L;

    /** The Content-Security-Policy of every admin response. */
    public static final String CONTENT_SECURITY_POLICY = "default-src 'none'; script-src 'self'; style-src 'self'; "
            + "img-src 'self' data:; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

    /** The methods the admin surface answers. */
    public static final Set<String> ALLOWED_METHODS = Set.of("GET", "HEAD", "POST", "DELETE");

    /** Path prefix of the static files (CSS, JS), which browsers may cache. */
    public static final String STATIC_PREFIX = "/admin/static/";

    private static final byte[] METHOD_REFUSAL = "method not allowed on the admin pages\n"
            .getBytes(StandardCharsets.UTF_8);

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        response.setHeader("Content-Security-Policy", CONTENT_SECURITY_POLICY);
        response.setHeader("X-Frame-Options", "DENY");
        response.setHeader("X-Content-Type-Options", "nosniff");
        response.setHeader("Referrer-Policy", "no-referrer");
        if (!request.getRequestURI().startsWith(STATIC_PREFIX)) {
            response.setHeader("Cache-Control", "no-store");
        }
        if (!ALLOWED_METHODS.contains(request.getMethod())) {
            response.setStatus(HttpServletResponse.SC_METHOD_NOT_ALLOWED);
            response.setHeader("Allow", String.join(", ", ALLOWED_METHODS.stream().sorted().toList()));
            response.setContentType("text/plain;charset=utf-8");
            response.setContentLength(METHOD_REFUSAL.length);
            response.getOutputStream().write(METHOD_REFUSAL);
            return;
        }
        chain.doFilter(request, response);
    }
}
