package io.lockfacade.server.transport;

import io.lockfacade.api.AcquisitionRefusedException;
import io.lockfacade.api.CallNotServedException;
import io.lockfacade.api.DeadlockException;
import io.lockfacade.api.NotLeaderException;
import io.lockfacade.api.SessionExpiredException;
import io.lockfacade.server.service.ParkingLockService;
import io.lockfacade.server.table.Handout;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;

/**
 * Answers decoded calls: encodes results and failures as Hessian replies and faults, and hands back grants that
 * could not be delivered. Every failure is answered through {@link FaultSanitizer}; internal ones are logged here
 * with an incident id, the only place their stack traces go. Thread-safe.
 */
final class CallResponder {

    private static final Logger LOG = LoggerFactory.getLogger(CallResponder.class);

    private final ParkingLockService service;
    private final ReplyWriter replies;
    private final ClientPresence presence;

    CallResponder(ParkingLockService service, ReplyWriter replies, ClientPresence presence) {
        this.service = service;
        this.replies = replies;
        this.presence = presence;
    }

    /** Sends a method's return value; a client that went away is only logged. */
    void sendResult(HttpServletResponse response, Object value) {
        trySend(response, replies.encodeReply(value));
    }

    /** Sends the fault for a failed call: the service's {@link IllegalArgumentException} or an internal error. */
    void sendFailure(HttpServletResponse response, String method, Throwable failure) {
        HessianFault fault;
        if (failure instanceof IllegalArgumentException badArgument) {
            fault = FaultSanitizer.badArgument(badArgument);
        } else if (failure instanceof SessionExpiredException ended) {
            fault = FaultSanitizer.sessionExpired(ended);
        } else if (failure instanceof NotLeaderException notLeader) {
            fault = FaultSanitizer.notLeader(notLeader);
        } else if (failure instanceof DeadlockException deadlock) {
            fault = FaultSanitizer.deadlock(deadlock);
        } else if (failure instanceof AcquisitionRefusedException refused) {
            fault = FaultSanitizer.refused(refused);
        } else if (failure instanceof CallNotServedException notServed) {
            fault = FaultSanitizer.notServed(notServed);
        } else {
            String incident = FaultSanitizer.newIncidentId();
            LOG.error("{} failed (incident {})", method, incident, failure);
            fault = FaultSanitizer.internalError(incident);
        }
        trySend(response, replies.encodeFault(fault));
    }

    /** Sends the fault for a body that is not a well-formed call. */
    void sendMalformed(HttpServletResponse response, MalformedCallException refusal) {
        LOG.debug("refused a malformed call: {}", refusal.getMessage());
        trySend(response, replies.encodeFault(FaultSanitizer.malformedCall(refusal)));
    }

    /**
     * Answers a {@code tryLock}: the grant, {@code null} (busy), or the failure. A grant whose reply cannot be
     * written is released, so the caller that went away does not keep the lock.
     */
    void deliver(HttpServletResponse response, Handout handout, Throwable failure) {
        if (failure != null) {
            sendFailure(response, RemoteMethod.TRY_LOCK.wireName(), failure);
            return;
        }
        try {
            replies.sendHessian(response, replies.encodeReply(handout == null ? null : handout.grant()));
        } catch (IOException | RuntimeException writeFailed) {
            LOG.debug("tryLock reply not delivered: {}", writeFailed.toString());
            undelivered(handout);
        }
    }

    /** Releases a grant that will never reach its caller; does nothing for {@code null}. */
    void undelivered(Handout handout) {
        if (handout != null) {
            LOG.debug("releasing {} (token {}): the caller is gone", handout.lockKey(),
                    handout.grant().getFencingToken());
            service.releaseUndelivered(handout);
        }
    }

    /** @return whether the client of a parked call has certainly gone; a failing check counts as present */
    boolean clientHasLeft(HttpServletRequest request, HttpServletResponse response) {
        try {
            return presence.hasLeft(request, response);
        } catch (RuntimeException checkFailed) {
            LOG.warn("client presence check failed: {}", checkFailed.toString());
            return false;
        }
    }

    /** Notes that a parked caller went away before its answer. */
    void clientGone(Throwable cause) {
        LOG.debug("parked tryLock abandoned by its client: {}", String.valueOf(cause));
    }

    private void trySend(HttpServletResponse response, byte[] encoded) {
        try {
            replies.sendHessian(response, encoded);
        } catch (IOException clientGone) {
            LOG.debug("reply not delivered: {}", clientGone.toString());
        }
    }
}
