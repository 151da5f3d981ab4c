package io.lockfacade.client.transport;

import com.caucho.hessian.HessianException;
import com.caucho.hessian.client.HessianRuntimeException;
import io.lockfacade.api.AcquisitionRefusedException;
import io.lockfacade.api.CallNotServedException;
import io.lockfacade.api.LockServiceUnavailableException;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.lang.reflect.UndeclaredThrowableException;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * How the client tells a master's answer from a call that did not complete, for every remote service of the client:
 * transport failures become {@link LockServiceUnavailableException} naming the master and the operation; the
 * master's refusals (a bad argument, an ended session, a refused acquisition, a call it does not serve) pass through.
 */
final class RemoteCalls {

    private static final int MAX_CAUSE_DEPTH = 8;

    private RemoteCalls() {
    }

    /**
     * @return what the call answered
     * @throws LockServiceUnavailableException if the call did not complete
     */
    static <T> T call(String master, Supplier<T> remoteCall, String operation, String target) {
        try {
            return remoteCall.get();
        } catch (RuntimeException e) {
            throw translated(e, master, operation, target);
        }
    }

    /**
     * @return what a failed call throws: {@code e} itself if the master answered it (or it is a client bug), else a
     *         {@link LockServiceUnavailableException} naming the master, the operation and the cause
     */
    static RuntimeException translated(RuntimeException e, String master, String operation, String target) {
        if (e instanceof LockServiceUnavailableException || !isTransportFailure(e)) {
            return e;
        }
        return new LockServiceUnavailableException(
                operation + "(" + target + ") on lock master " + master + " failed: " + describe(e), e);
    }

    /**
     * {@link #call} for a call that older masters do not know: their refusal becomes a
     * {@link CallNotServedException} whose message begins with {@code master too old} and names the call.
     */
    static <T> T callNewer(String master, Supplier<T> remoteCall, String operation, String target, String needs) {
        try {
            return remoteCall.get();
        } catch (RuntimeException e) {
            if (namesAnUnknownMethod(e)) {
                throw new CallNotServedException("master too old: lock master " + master + " does not know "
                        + operation + "; " + needs);
            }
            throw translated(e, master, operation, target);
        }
    }

    /** Whether the failure is a master's answer that it has no method of the called name. */
    private static boolean namesAnUnknownMethod(Throwable failure) {
        Throwable reason = failure;
        for (int depth = 0; depth < MAX_CAUSE_DEPTH && reason != null; depth++) {
            String message = String.valueOf(reason.getMessage()).toLowerCase(Locale.ROOT);
            if (message.contains("unknown method") || message.contains("no method named")) {
                return true;
            }
            reason = reason.getCause() == reason ? null : reason.getCause();
        }
        return false;
    }

    /** Whether {@code e} says the call did not complete, as opposed to the master's refusal or a client bug. */
    static boolean isTransportFailure(RuntimeException e) {
        if (e instanceof AcquisitionRefusedException || e instanceof CallNotServedException) {
            return false;
        }
        return e instanceof HessianException
                || e instanceof HessianRuntimeException
                || e instanceof UndeclaredThrowableException
                || e instanceof UncheckedIOException
                // the master's fault for its own failures; a bad argument is an IllegalArgumentException
                || e instanceof IllegalStateException;
    }

    /** @return whether the call failed because no reply came in time (rather than no connection at all) */
    static boolean timedOut(Throwable failure) {
        Throwable reason = failure;
        for (int depth = 0; depth < MAX_CAUSE_DEPTH && reason != null; depth++) {
            if (reason instanceof InterruptedIOException) { // read, connect and pool-lease timeouts alike
                return true;
            }
            reason = reason.getCause() == reason ? null : reason.getCause();
        }
        return false;
    }

    /** Names the most telling cause: the first I/O failure in the chain, else the deepest cause. */
    static String describe(Throwable failure) {
        Throwable reason = failure;
        for (int depth = 0; depth < MAX_CAUSE_DEPTH && !(reason instanceof IOException); depth++) {
            Throwable cause = reason.getCause();
            if (cause == null || cause == reason) {
                break;
            }
            reason = cause;
        }
        String message = reason.getMessage();
        return reason.getClass().getSimpleName() + (message == null ? "" : ": " + message);
    }
}
