package io.lockfacade.api;

import java.io.Serial;

/**
 * The master's answer to a call naming a session that has ended (expired, closed or force-expired) or was never
 * opened. Nothing was granted; every lock of the session has been released. The client opens a new session.
 */
public class SessionExpiredException extends RuntimeException {

    @Serial
    private static final long serialVersionUID = 1L;

    /**
     * @param message which session and why
     */
    public SessionExpiredException(String message) {
        super(message);
    }
}
