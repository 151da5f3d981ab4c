package io.lockfacade.webapp.admin;

import jakarta.servlet.http.HttpServletRequest;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/**
 * Answers the JSON API's errors as {@link ApiBodies.Error} bodies: 400 for a bad parameter (the message names it),
 * 403 for a missing {@code X-Requested-By}, 404, 405 and 409 as the API documents, and 500 with an incident id for
 * anything unexpected.
 */
@RestControllerAdvice(assignableTypes = {LockApiController.class, SessionApiController.class,
        DeadlockApiController.class})
public class ApiErrors {

    /** @return the error body for any failure of the API's handlers */
    @ExceptionHandler(Exception.class)
    public ResponseEntity<ApiBodies.Error> failed(Exception failure, HttpServletRequest request) {
        ErrorReplies reply = ErrorReplies.of(failure, request);
        return ResponseEntity.status(reply.status()).contentType(MediaType.APPLICATION_JSON)
                .body(new ApiBodies.Error(reply.status(), reply.reason(), reply.message()));
    }
}
