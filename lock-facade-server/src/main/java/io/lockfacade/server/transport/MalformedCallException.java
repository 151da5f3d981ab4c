package io.lockfacade.server.transport;

import java.io.Serial;

/**
 * A request body that is not a well-formed call of the contract: not Hessian 2, truncated, an unknown method, a
 * wrong number of arguments, an argument of the wrong type, trailing data, or a type the master refuses to decode.
 *
 * <p>The message is built by the master from fixed text and the contract's own names only, so it is safe to send
 * back to the caller; it never quotes the request's bytes.
 */
public final class MalformedCallException extends Exception {

    @Serial
    private static final long serialVersionUID = 1L;

    /**
     * @param message what is wrong, safe to show the caller
     */
    public MalformedCallException(String message) {
        super(message, null, false, false);
    }
}
