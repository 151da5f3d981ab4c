package io.lockfacade.group.service;

import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/** Unwrapping of the wrappers futures put around a failure. */
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
}
