package io.lockfacade.webapp.admin;

import jakarta.servlet.http.HttpServletResponse;

import java.io.Serial;

/**
 * Refuses an admin request with an HTTP status and a message meant for the operator (it names the parameter and
 * what was expected, never an internal detail). The page shows it on its error page, the JSON API in its error
 * body.
 */
public final class AdminRequestException extends RuntimeException {

    @Serial
    private static final long serialVersionUID = 1L;

    private final int status;

    /**
     * @param status  the HTTP status to answer with, 4xx
     * @param message what was wrong, for the operator
     */
    public AdminRequestException(int status, String message) {
        super(message, null, false, false);
        this.status = status;
    }

    /** @return a 400 Bad Request with the message */
    public static AdminRequestException badRequest(String message) {
        return new AdminRequestException(HttpServletResponse.SC_BAD_REQUEST, message);
    }

    /** @return the HTTP status to answer with */
    public int status() {
        return status;
    }
}
