package io.lockfacade.api;

import java.io.Serial;

/**
 * Thrown by clients when the master cannot be reached or does not answer within the configured timeouts.
 *
 * <p>The call that throws it leaves no lock behind on the calling node; any grant the master may have made
 * for it is released on a best-effort basis and otherwise expires with its lease.
 */
public class LockServiceUnavailableException extends RuntimeException {

    @Serial
    private static final long serialVersionUID = 1L;

    /**
     * @param message what failed
     * @param cause   the transport failure
     */
    public LockServiceUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
