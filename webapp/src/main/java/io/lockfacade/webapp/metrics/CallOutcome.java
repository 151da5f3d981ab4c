package io.lockfacade.webapp.metrics;

import io.lockfacade.api.AcquisitionRefusedException;
import io.lockfacade.api.CallNotServedException;
import io.lockfacade.api.DeadlockException;
import io.lockfacade.api.MemoryLockService;
import io.lockfacade.api.SessionExpiredException;
import io.lockfacade.api.YieldOutcome;
import io.lockfacade.server.transport.RemoteMethod;

import java.util.Locale;
import java.util.concurrent.CancellationException;

/** How a Hessian call ended, as the {@code outcome} tag of the call metrics. */
public enum CallOutcome {

    /** A {@code tryLock} call got the lock. */
    GRANTED,

    /** A {@code tryLock} call did not get the lock: busy, and the wait (if any) is over. */
    NOT_GRANTED,

    /** An answer that did what was asked (unlock, renew, open, keep alive or close a session, a lookup). */
    OK,

    /**
     * A well-formed call the master said no to: an unlock, renew or yield by an owner that does not hold the lock, a
     * keep-alive of an ended session, a close of an unknown session, an acquisition that can never be granted as
     * asked, a call this master does not serve.
     */
    REFUSED,

    /** An argument outside the limits; nothing changed. */
    BAD_ARGUMENT,

    /** The call named a session that has ended. */
    SESSION_EXPIRED,

    /** A waiting call chosen as the victim of a deadlock: it got a {@code DeadlockException}. */
    DEADLOCK,

    /** A waiting call withdrawn before its answer: the client went away or the call could not be parked. */
    ABANDONED,

    /** An internal failure, logged with an incident id. */
    ERROR;

    /** @return the tag value, e.g. {@code not_granted} */
    public String tag() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * @param method  the method called
     * @param result  what the service returned
     * @param failure why it failed, or {@code null}
     * @return the outcome
     */
    public static CallOutcome of(RemoteMethod method, Object result, Throwable failure) {
        if (failure != null) {
            return failed(failure);
        }
        return switch (method) {
            case TRY_LOCK, TRY_LOCK_IN_SESSION, TRY_LOCK_IN_SESSION_HOLDING, TRY_READ_LOCK_IN_SESSION,
                 TRY_WRITE_LOCK_IN_SESSION, TRY_ACQUIRE_PERMITS, JOIN_LEADERSHIP, TRY_READ_LOCK_IN_SESSION_HOLDING,
                 TRY_WRITE_LOCK_IN_SESSION_HOLDING, TRY_ACQUIRE_PERMITS_HOLDING ->
                    result != null ? GRANTED : NOT_GRANTED;
            case UNLOCK, RENEW, CLOSE_SESSION, UNLOCK_READ, UNLOCK_WRITE, RELEASE_PERMITS, LEAVE_LEADERSHIP ->
                    Boolean.TRUE.equals(result) ? OK : REFUSED;
            case UNLOCK_EARLY -> result instanceof Long answer && answer == MemoryLockService.UNLOCK_NOT_HELD
                    ? REFUSED : OK;
            case SETTLE_RELEASES -> OK;
            case YIELD_TO_WAITERS -> result == YieldOutcome.NOT_HELD ? REFUSED : OK;
            case KEEP_ALIVE_SESSION -> result instanceof Long count && count < 0 ? REFUSED : OK;
            case AWAIT_READ_WRITE_WAITER -> result instanceof Integer standing && standing < 0 ? REFUSED : OK;
            case IS_LOCK_TYPE_EMPTY, HAS_WAITERS, OPEN_SESSION, AVAILABLE_PERMITS, LEADERSHIP_EPOCH -> OK;
        };
    }

    private static CallOutcome failed(Throwable failure) {
        if (failure instanceof IllegalArgumentException) {
            return BAD_ARGUMENT;
        }
        if (failure instanceof SessionExpiredException) {
            return SESSION_EXPIRED;
        }
        if (failure instanceof DeadlockException) {
            return DEADLOCK;
        }
        if (failure instanceof AcquisitionRefusedException || failure instanceof CallNotServedException) {
            return REFUSED;
        }
        if (failure instanceof CancellationException) {
            return ABANDONED;
        }
        return ERROR;
    }
}
