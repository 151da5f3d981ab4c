package io.lockfacade.server.service;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Passes events on to a {@link LockEvents} implementation and logs, instead of propagating, anything it throws:
 * a faulty metrics module must never fail a lock call or leave a transition half applied.
 */
public final class GuardedLockEvents implements LockEvents {

    private static final Logger LOG = LoggerFactory.getLogger(GuardedLockEvents.class);

    private final LockEvents target;

    /** @param target the implementation to pass events on to */
    public GuardedLockEvents(LockEvents target) {
        this.target = target;
    }

    @Override
    public void granted(String lockType, long waitedNanos) {
        try {
            target.granted(lockType, waitedNanos);
        } catch (RuntimeException e) {
            failed("granted", e);
        }
    }

    @Override
    public void released(String lockType) {
        try {
            target.released(lockType);
        } catch (RuntimeException e) {
            failed("released", e);
        }
    }

    @Override
    public void expired(String lockType) {
        try {
            target.expired(lockType);
        } catch (RuntimeException e) {
            failed("expired", e);
        }
    }

    @Override
    public void waiterParked(String lockType) {
        try {
            target.waiterParked(lockType);
        } catch (RuntimeException e) {
            failed("waiterParked", e);
        }
    }

    @Override
    public void waiterLeft(String lockType) {
        try {
            target.waiterLeft(lockType);
        } catch (RuntimeException e) {
            failed("waiterLeft", e);
        }
    }

    private static void failed(String event, RuntimeException e) {
        LOG.warn("lock event listener failed on {}; ignored", event, e);
    }
}
