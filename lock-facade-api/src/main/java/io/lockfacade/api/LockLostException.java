package io.lockfacade.api;

import java.io.Serial;

/**
 * Thrown to a holder whose lock was lost while held: its lease expired (renewal failed or the node paused),
 * an operator force-removed it, or the master restarted. Work done under the lock may have overlapped with the
 * next holder; the fencing token lets the protected resource refuse the stale writes.
 */
public class LockLostException extends IllegalMonitorStateException {

    @Serial
    private static final long serialVersionUID = 1L;

    /**
     * @param message what was lost and why
     */
    public LockLostException(String message) {
        super(message);
    }
}
