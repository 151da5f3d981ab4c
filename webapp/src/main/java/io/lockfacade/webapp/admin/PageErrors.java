package io.lockfacade.webapp.admin;

import jakarta.servlet.http.HttpServletRequest;
import org.springframework.http.HttpStatusCode;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.servlet.ModelAndView;

/**
 * Renders the page's errors with {@code error.jsp}: the status, what was wrong and a link back to the listing.
 * Refusals (bad parameter, CSRF, wrong method) keep their 4xx status; anything else is a 500 with an incident id.
 */
@ControllerAdvice(assignableTypes = {LockPageController.class, SessionPageController.class,
        DeadlockPageController.class})
public class PageErrors {

    private static final String ERROR_VIEW = "error";

    /** @return the error page for any failure of the page's handlers */
    @ExceptionHandler(Exception.class)
    public ModelAndView failed(Exception failure, HttpServletRequest request) {
        ErrorReplies reply = ErrorReplies.of(failure, request);
        ModelAndView page = new ModelAndView(ERROR_VIEW);
        page.addObject("error", new ErrorModel(reply.status(), reply.reason(), reply.message(),
                AdminPages.LOCKS_PATH));
        page.setStatus(HttpStatusCode.valueOf(reply.status()));
        return page;
    }

    /**
     * What {@code error.jsp} shows.
     *
     * @param status  the HTTP status
     * @param reason  its reason phrase
     * @param message what was wrong
     * @param backUrl where to go from here
     */
    public record ErrorModel(int status, String reason, String message, String backUrl) {
    }
}
