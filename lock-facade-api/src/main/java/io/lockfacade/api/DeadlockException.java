package io.lockfacade.api;

import java.io.Serial;

/**
 * Thrown to the one waiter chosen in a cycle of waits (a deadlock) instead of letting every thread of the cycle
 * wait out its timeout. The victim is the youngest wait of the cycle, the one that closed it; it keeps every lock it
 * already holds (the application decides what to release and whether to retry), and the others of the cycle go on
 * waiting, so that one of them gets its lock as soon as the victim releases.
 *
 * <p>The message begins with {@value #PREFIX} and names the cycle, each wait as
 * {@code THREAD waits for TYPE/KEY held by THREAD}, then the victim: outside tools read it, so its wording is part
 * of the contract.
 */
public class DeadlockException extends RuntimeException {

    @Serial
    private static final long serialVersionUID = 1L;

    /** The start of every message. */
    public static final String PREFIX = "deadlock: ";

    /**
     * @param message the cycle, beginning with {@value #PREFIX}
     * @throws IllegalArgumentException if the message does not begin with {@value #PREFIX}
     */
    public DeadlockException(String message) {
        super(requirePrefix(message));
    }

    private static String requirePrefix(String message) {
        if (message == null || !message.startsWith(PREFIX)) {
            throw new IllegalArgumentException("a deadlock message begins with '" + PREFIX + "', was: " + message);
        }
        return message;
    }
}
