package io.lockfacade.webapp;

import java.io.Serial;

/** A command line the master cannot run with; the message says what is wrong, for the operator. */
public final class UsageException extends Exception {

    @Serial
    private static final long serialVersionUID = 1L;

    /**
     * @param message what is wrong, naming the flag
     */
    public UsageException(String message) {
        super(message);
    }
}
