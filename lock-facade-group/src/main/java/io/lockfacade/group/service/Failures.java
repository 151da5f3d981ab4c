package io.lockfacade.group.service;

import io.lockfacade.api.SessionExpiredException;

import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/** The failures this member's services answer, and unwrapping of the wrappers futures put around a failure. */
final class Failures {

    private Failures() {
    }

    /** @return the failure inside {@link CompletionException} / {@link ExecutionException} wrappers */
    static Throwable unwrap(Throwable failure) {
        Throwable reason = failure;
        while ((reason instanceof CompletionException || reason instanceof ExecutionException)
                && reason.getCause() != null) {
            reason = reason.getCause();
        }
        return reason;
    }

    /** @return the contract's answer for a call under a session that has ended or was never opened */
    static SessionExpiredException sessionEnded(String sessionId) {
        return new SessionExpiredException("session " + sessionId + " has ended or was never opened");
    }
}
