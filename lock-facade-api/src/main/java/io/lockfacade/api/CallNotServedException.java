package io.lockfacade.api;

import java.io.Serial;

/**
 * The master does not serve the call: it is older than the call (a new client against an older master), or it is a
 * master group that does not serve that call yet. Nothing changed on the master. Not retryable against the same
 * master; its message names the call.
 */
public class CallNotServedException extends UnsupportedOperationException {

    @Serial
    private static final long serialVersionUID = 1L;

    /**
     * @param message which call is not served and why
     */
    public CallNotServedException(String message) {
        super(message);
    }
}
