package io.lockfacade.server.transport;

import java.io.Serial;

/** A request body longer than the endpoint accepts; nothing of it was decoded. */
public final class BodyTooLargeException extends Exception {

    @Serial
    private static final long serialVersionUID = 1L;

    /**
     * @param limit the largest body accepted, in bytes
     */
    public BodyTooLargeException(int limit) {
        super("request body over " + limit + " bytes", null, false, false);
    }
}
