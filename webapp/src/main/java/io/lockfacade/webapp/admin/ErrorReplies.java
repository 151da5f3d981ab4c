package io.lockfacade.webapp.admin;

import io.lockfacade.api.NotLeaderException;
import jakarta.servlet.http.HttpServletRequest;
import org.eclipse.jetty.http.HttpException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.web.ErrorResponse;

import java.util.Locale;
import java.util.UUID;

/**
 * What an admin error tells the operator, shared by the page and the API: the status and a message that never
 * carries a stack trace or an internal detail. An unexpected failure is logged in full under an incident id and
 * answered 500 with only that id.
 *
 * @param status  the HTTP status
 * @param reason  the status's reason phrase
 * @param message what went wrong, for people
 */
record ErrorReplies(int status, String reason, String message) {

    private static final Logger LOG = LoggerFactory.getLogger(ErrorReplies.class);

    /** @return the reply to any exception a handler threw */
    static ErrorReplies of(Exception failure, HttpServletRequest request) {
        if (failure instanceof AdminRequestException refused) {
            return of(refused.status(), refused.getMessage());
        }
        if (failure instanceof NotLeaderException lost) {
            // A group member stopped leading (or lost its majority) between the check and the change.
            return of(HttpStatus.SERVICE_UNAVAILABLE.value(), "This member stopped leading the group during the"
                    + " request (" + lost.getMessage() + "): the change may or may not have been made. Open the"
                    + " leader's page to see the locks as they are.");
        }
        if (failure instanceof ErrorResponse framework && framework.getStatusCode().is4xxClientError()) {
            return of(framework.getStatusCode().value(), framework.getBody().getDetail() != null
                    ? framework.getBody().getDetail() : reason(framework.getStatusCode()));
        }
        HttpException containerRefusal = containerRefusal(failure);
        if (containerRefusal != null) {
            return of(containerRefusal.getCode(), "The request could not be read: " + reason(
                    HttpStatusCode.valueOf(containerRefusal.getCode())).toLowerCase(Locale.ROOT)
                    + " (for example a parameter that is not valid UTF-8).");
        }
        String incident = UUID.randomUUID().toString();
        LOG.error("admin request {} {} failed, incident {}", request.getMethod(), request.getRequestURI(), incident,
                failure);
        return of(HttpStatus.INTERNAL_SERVER_ERROR.value(),
                "The master failed to answer; the master's log has the details under incident " + incident + ".");
    }

    /** Jetty refuses unreadable requests (bad encodings, for instance) with a 4xx exception, possibly wrapped. */
    private static HttpException containerRefusal(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof HttpException http && http.getCode() >= HttpStatus.BAD_REQUEST.value()
                    && http.getCode() < HttpStatus.INTERNAL_SERVER_ERROR.value()) {
                return http;
            }
        }
        return null;
    }

    private static ErrorReplies of(int status, String message) {
        return new ErrorReplies(status, reason(HttpStatusCode.valueOf(status)), message);
    }

    private static String reason(HttpStatusCode status) {
        HttpStatus known = HttpStatus.resolve(status.value());
        return known == null ? "Error" : known.getReasonPhrase();
    }
}
