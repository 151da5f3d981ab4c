package io.lockfacade.client.spring;

import java.io.Serial;

/**
 * Thrown by a {@link DistributeLocked} method whose lock could not be acquired; the method did not run and
 * nothing is held. This class itself means the wait was interrupted (the thread's interrupt flag is set again);
 * {@link LockAcquisitionTimeoutException} means the wait ran out.
 */
public class LockAcquisitionException extends RuntimeException {

    @Serial
    private static final long serialVersionUID = 1L;

    private final String lockType;
    private final String key;

    /**
     * @param message  what was not acquired and why
     * @param lockType the lock type
     * @param key      the key
     * @param cause    the underlying failure, or {@code null}
     */
    public LockAcquisitionException(String message, String lockType, String key, Throwable cause) {
        super(message, cause);
        this.lockType = lockType;
        this.key = key;
    }

    /** @return the lock type */
    public String lockType() {
        return lockType;
    }

    /** @return the key */
    public String key() {
        return key;
    }
}
