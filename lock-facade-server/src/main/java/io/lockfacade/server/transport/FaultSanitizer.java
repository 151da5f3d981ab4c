package io.lockfacade.server.transport;

import io.lockfacade.api.AcquisitionRefusedException;
import io.lockfacade.api.CallNotServedException;
import io.lockfacade.api.DeadlockException;
import io.lockfacade.api.NotLeaderException;
import io.lockfacade.api.SessionExpiredException;

import java.util.concurrent.ThreadLocalRandom;

/**
 * Turns failures into Hessian faults that carry nothing of the master's internals.
 *
 * <p>Caucho's skeleton sends the service's exception object itself: its stack trace, its cause chain and, when
 * the cause is the exception itself, a cycle that some Hessian clients cannot decode. Here every detail is a
 * new exception of a type the client's allow-list admits ({@link IllegalArgumentException},
 * {@link SessionExpiredException}, {@link NotLeaderException}, {@link DeadlockException},
 * {@link AcquisitionRefusedException}, {@link CallNotServedException} or {@link IllegalStateException}), with an
 * empty stack trace, no cause and a length-capped message.
 */
public final class FaultSanitizer {

    /** Fault code for failures of the service call, as Caucho's skeleton names them. */
    public static final String SERVICE_EXCEPTION = "ServiceException";

    /** Fault code for request bodies that are not a well-formed call of the contract. */
    public static final String PROTOCOL_EXCEPTION = "ProtocolException";

    /** Longest message a fault carries; longer ones are cut. */
    static final int MAX_MESSAGE_LENGTH = 512;

    private static final StackTraceElement[] NO_FRAMES = new StackTraceElement[0];
    private static final int INCIDENT_ID_RADIX = 36;

    private FaultSanitizer() {
    }

    /**
     * A bad argument: the client rethrows an {@link IllegalArgumentException} with the service's message, which
     * names the argument.
     *
     * @param badArgument what the service threw
     * @return the fault to send
     */
    public static HessianFault badArgument(IllegalArgumentException badArgument) {
        String message = cap(String.valueOf(badArgument.getMessage()));
        return new HessianFault(SERVICE_EXCEPTION, message, frameless(new IllegalArgumentException(message, null)));
    }

    /**
     * A call naming a session that has ended: the client rethrows a {@link SessionExpiredException} and opens a
     * new session.
     *
     * @param ended what the service threw
     * @return the fault to send
     */
    public static HessianFault sessionExpired(SessionExpiredException ended) {
        String message = cap(String.valueOf(ended.getMessage()));
        return new HessianFault(SERVICE_EXCEPTION, message, frameless(new SessionExpiredException(message)));
    }

    /**
     * A master-group member that cannot serve the call: the client rethrows a {@link NotLeaderException} and asks
     * the leader its message names.
     *
     * @param notLeader what the service threw; its message is the contract's {@code not leader} text
     * @return the fault to send
     */
    public static HessianFault notLeader(NotLeaderException notLeader) {
        String message = cap(String.valueOf(notLeader.getMessage()));
        return new HessianFault(SERVICE_EXCEPTION, message, frameless(new NotLeaderException(message)));
    }

    /**
     * The victim of a deadlock: the client rethrows a {@link DeadlockException} naming the cycle.
     *
     * @param deadlock what the service failed the call with; its message begins with {@code deadlock: }
     * @return the fault to send
     */
    public static HessianFault deadlock(DeadlockException deadlock) {
        String message = cap(String.valueOf(deadlock.getMessage()));
        return new HessianFault(SERVICE_EXCEPTION, message, frameless(new DeadlockException(message)));
    }

    /**
     * A call that could never be granted as asked (a reader asking for the write lock, more permits than the
     * semaphore has): the client rethrows an {@link AcquisitionRefusedException}.
     *
     * @param refused what the service threw
     * @return the fault to send
     */
    public static HessianFault refused(AcquisitionRefusedException refused) {
        String message = cap(String.valueOf(refused.getMessage()));
        return new HessianFault(SERVICE_EXCEPTION, message, frameless(new AcquisitionRefusedException(message)));
    }

    /**
     * A call this master does not serve (a master group, for calls it does not serve yet): the client rethrows a
     * {@link CallNotServedException}.
     *
     * @param notServed what the service threw
     * @return the fault to send
     */
    public static HessianFault notServed(CallNotServedException notServed) {
        String message = cap(String.valueOf(notServed.getMessage()));
        return new HessianFault(SERVICE_EXCEPTION, message, frameless(new CallNotServedException(message)));
    }

    /**
     * A body the master refused to decode.
     *
     * @param refusal the reader's refusal, whose message is safe to return
     * @return the fault to send; the client rethrows an {@link IllegalStateException}
     */
    public static HessianFault malformedCall(MalformedCallException refusal) {
        String message = cap("Hessian call refused: " + refusal.getMessage());
        return new HessianFault(PROTOCOL_EXCEPTION, message, frameless(new IllegalStateException(message, null)));
    }

    /**
     * A failure inside the master that is not the caller's fault. The reply says only that it happened and gives
     * an incident id to find the full story in the master's log.
     *
     * @param incidentId the id logged with the failure, see {@link #newIncidentId()}
     * @return the fault to send; the client rethrows an {@link IllegalStateException}
     */
    public static HessianFault internalError(String incidentId) {
        String message = "the lock master failed to handle the call (incident " + incidentId + ", see its log)";
        return new HessianFault(SERVICE_EXCEPTION, message, frameless(new IllegalStateException(message, null)));
    }

    /** @return a short random id that ties a fault to the master's log line */
    public static String newIncidentId() {
        return Long.toString(ThreadLocalRandom.current().nextLong(Long.MAX_VALUE), INCIDENT_ID_RADIX);
    }

    private static <T extends Throwable> T frameless(T exception) {
        exception.setStackTrace(NO_FRAMES);
        return exception;
    }

    private static String cap(String message) {
        return message.length() <= MAX_MESSAGE_LENGTH ? message : message.substring(0, MAX_MESSAGE_LENGTH) + "...";
    }
}
