package io.lockfacade.api;

import java.io.Serial;

/**
 * A call the master refused at once because it could never be granted as asked: an owner that holds only the read
 * lock asking for the write lock (it would wait for itself), or more permits than the semaphore has. Nothing was
 * granted or queued. Not retryable as it stands.
 */
public class AcquisitionRefusedException extends IllegalStateException {

    @Serial
    private static final long serialVersionUID = 1L;

    /**
     * @param message what was asked and why it cannot be granted
     */
    public AcquisitionRefusedException(String message) {
        super(message);
    }
}
