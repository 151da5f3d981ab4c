package io.lockfacade.webapp.admin;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.web.servlet.HandlerInterceptor;

import java.util.Objects;

/**
 * Refuses state-changing admin requests that another site could have made on the operator's behalf, with 403,
 * before any controller runs.
 *
 * <ul>
 *   <li>{@code GET} and {@code HEAD} pass: they never change anything.</li>
 *   <li>{@code POST} (the page's forms) needs a valid {@value CsrfTokens#FIELD} form field (see
 *       {@link CsrfTokens}).</li>
 *   <li>{@code DELETE} (the JSON API) needs a non-blank {@value #REQUESTED_BY_HEADER} header. A browser sends
 *       neither a {@code DELETE} nor a custom header to another origin without a CORS preflight, which the master
 *       never approves; scripts set it with one flag ({@code curl -H 'X-Requested-By: ops-script'}).</li>
 * </ul>
 */
public final class CsrfInterceptor implements HandlerInterceptor {

    /** Header a JSON {@code DELETE} must carry, any non-blank value (e.g. the script's name). */
    public static final String REQUESTED_BY_HEADER = "X-Requested-By";

    private final CsrfTokens tokens;

    /** @param tokens the master's CSRF tokens */
    public CsrfInterceptor(CsrfTokens tokens) {
        this.tokens = Objects.requireNonNull(tokens, "tokens");
    }

    @Override
    public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) {
        switch (request.getMethod()) {
            case "GET", "HEAD" -> {
                return true;
            }
            case "DELETE" -> {
                String requestedBy = request.getHeader(REQUESTED_BY_HEADER);
                if (requestedBy == null || requestedBy.isBlank()) {
                    throw forbidden("a DELETE needs the " + REQUESTED_BY_HEADER + " header (any value, e.g. the"
                            + " script's name); nothing was removed");
                }
                return true;
            }
            default -> {
                Object user = request.getAttribute(BasicAuthFilter.USER_ATTRIBUTE);
                String token = request.getParameter(CsrfTokens.FIELD);
                if (!(user instanceof String name) || !tokens.verify(name, token)) {
                    throw forbidden(token == null ? "the form carries no CSRF token; nothing was changed"
                            : "the form's CSRF token is invalid or expired (reload the page and try again);"
                                    + " nothing was changed");
                }
                return true;
            }
        }
    }

    private static AdminRequestException forbidden(String message) {
        return new AdminRequestException(HttpServletResponse.SC_FORBIDDEN, message);
    }
}
