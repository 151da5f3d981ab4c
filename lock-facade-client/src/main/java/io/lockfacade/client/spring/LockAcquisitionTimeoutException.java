package io.lockfacade.client.spring;

import java.io.Serial;
import java.time.Duration;
import java.util.concurrent.TimeoutException;

/**
 * Thrown by a {@link DistributeLocked} method when another thread or node still held its lock after
 * {@link DistributeLocked#waitMillis()}; the method did not run and nothing is held.
 */
public class LockAcquisitionTimeoutException extends LockAcquisitionException {

    @Serial
    private static final long serialVersionUID = 1L;

    private final Duration wait;

    /**
     * @param method   the method, as messages name it
     * @param lockType the lock type
     * @param key      the key
     * @param wait     how long the call waited
     * @param cause    the facade's timeout
     */
    public LockAcquisitionTimeoutException(String method, String lockType, String key, Duration wait,
                                           TimeoutException cause) {
        super("lock " + lockType + "/" + key + " for " + method + " not acquired within " + wait.toMillis() + " ms",
                lockType, key, cause);
        this.wait = wait;
    }

    /** @return how long the call waited */
    public Duration waitTime() {
        return wait;
    }
}
