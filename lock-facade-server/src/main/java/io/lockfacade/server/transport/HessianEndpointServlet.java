package io.lockfacade.server.transport;

import io.lockfacade.api.LockLimits;
import io.lockfacade.api.PrimitiveLockService;
import io.lockfacade.server.service.ParkingLockService;
import io.lockfacade.server.table.Handout;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;
import java.io.Serial;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * Serves {@code POST /remoting/MemoryLockService}: the lock service over Hessian 2, without Caucho's skeleton.
 *
 * <p>In order, a request is: refused with 401 if a secret is configured and the {@value LockLimits#SECRET_HEADER}
 * header does not match; refused with 404 unless its path is {@value LockLimits#SERVICE_PATH}; refused with 405
 * unless it is a POST; refused with 413 if its body is or claims to be
 * over {@link LockLimits#MAX_REQUEST_BYTES}; answered with a {@code ProtocolException} fault unless it decodes as a
 * call of the contract ({@link HessianCallReader}); then dispatched. {@code unlock}, {@code renew} and
 * {@code isLockTypeEmpty} are answered at once. A {@code tryLock} that must wait is parked on an async context
 * ({@link ParkedTryLock}) and holds no thread. A parked call that a served call completes (an {@code unlock}
 * handing the lock to the oldest waiter) is answered on the same thread as soon as the service method returns,
 * before the served call's reply ({@link GrantsBeforeReply}): the new holder learns of its grant first, with no
 * thread wake-up.
 * Nothing is decoded from a refused request, no reply carries a stack trace, and garbage never gets a 5xx.
 *
 * <p>Register it with async support enabled, on {@value #MAPPING} (so that the secret guards the whole folder) or
 * on {@value LockLimits#SERVICE_PATH} alone.
 */
public final class HessianEndpointServlet extends HttpServlet {

    @Serial
    private static final long serialVersionUID = 1L;

    /** How far the async timeout of a parked call lies beyond the wait cap: the service answers first. */
    public static final Duration ASYNC_TIMEOUT_MARGIN = Duration.ofSeconds(5);

    /** The servlet mapping that puts all of {@code /remoting} behind the secret check. */
    public static final String MAPPING = "/remoting/*";

    private static final String ALLOWED_METHOD = "POST";

    private final transient ParkingLockService service;
    private final transient SecretCheck secretCheck;
    private final transient RequestBodyReader bodies = new RequestBodyReader(LockLimits.MAX_REQUEST_BYTES);
    private final transient HessianCallReader calls = new HessianCallReader();
    private final transient ReplyWriter replies = new ReplyWriter();
    private final transient CallResponder responder;
    private final transient PrimitiveCalls primitiveCalls;
    private final transient CallObserver observer;
    private final Duration asyncTimeout;

    /**
     * Creates an endpoint that cannot tell whether a parked client went away: a grant to a vanished caller is then
     * released only if writing its reply fails, otherwise when its lease ends.
     *
     * @param service     the lock service to call; the servlet does not close it
     * @param secretCheck who may call
     */
    public HessianEndpointServlet(ParkingLockService service, SecretCheck secretCheck) {
        this(service, secretCheck, ClientPresence.UNKNOWN);
    }

    /**
     * @param service        the lock service to call; the servlet does not close it
     * @param secretCheck    who may call
     * @param clientPresence the container's check whether a parked client went away
     */
    public HessianEndpointServlet(ParkingLockService service, SecretCheck secretCheck,
                                  ClientPresence clientPresence) {
        this(service, secretCheck, clientPresence, CallObserver.NONE);
    }

    /**
     * @param service        the lock service to call; the servlet does not close it
     * @param secretCheck    who may call
     * @param clientPresence the container's check whether a parked client went away
     * @param observer       sees every decoded call and its outcome (metrics)
     */
    public HessianEndpointServlet(ParkingLockService service, SecretCheck secretCheck,
                                  ClientPresence clientPresence, CallObserver observer) {
        this.service = service;
        this.secretCheck = secretCheck;
        this.responder = new CallResponder(service, replies, clientPresence);
        this.primitiveCalls = new PrimitiveCalls(service);
        this.observer = observer;
        this.asyncTimeout = asyncTimeout(service.settings().waitCap());
    }

    /**
     * @param waitCap the master's cap on one call's wait
     * @return the async timeout of a parked call: the wait cap plus {@link #ASYNC_TIMEOUT_MARGIN}. The connector's
     *         idle timeout must be longer still.
     */
    public static Duration asyncTimeout(Duration waitCap) {
        return waitCap.plus(ASYNC_TIMEOUT_MARGIN);
    }

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
        if (!secretCheck.admits(request.getHeader(LockLimits.SECRET_HEADER))) {
            replies.sendRefusal(response, HttpServletResponse.SC_UNAUTHORIZED,
                    "missing or wrong " + LockLimits.SECRET_HEADER + " header");
            return;
        }
        String path = request.getServletPath() + Objects.toString(request.getPathInfo(), "");
        if (!LockLimits.SERVICE_PATH.equals(path)) {
            replies.sendRefusal(response, HttpServletResponse.SC_NOT_FOUND,
                    "no such service; the lock service is at " + LockLimits.SERVICE_PATH);
            return;
        }
        if (!ALLOWED_METHOD.equals(request.getMethod())) {
            response.setHeader("Allow", ALLOWED_METHOD);
            replies.sendRefusal(response, HttpServletResponse.SC_METHOD_NOT_ALLOWED,
                    "the lock service accepts Hessian calls by POST only");
            return;
        }
        byte[] body;
        try {
            body = bodies.read(request);
        } catch (BodyTooLargeException e) {
            replies.sendRefusal(response, HttpServletResponse.SC_REQUEST_ENTITY_TOO_LARGE, e.getMessage());
            return;
        } catch (IOException unreadable) {
            replies.sendRefusal(response, HttpServletResponse.SC_BAD_REQUEST, "unreadable request body");
            return;
        }
        HessianCall call;
        try {
            call = calls.read(body);
        } catch (MalformedCallException refusal) {
            responder.sendMalformed(response, refusal);
            return;
        }
        try (GrantsBeforeReply grants = GrantsBeforeReply.open()) {
            dispatch(call, request, response, grants);
        }
    }

    private void dispatch(HessianCall call, HttpServletRequest request, HttpServletResponse response,
                          GrantsBeforeReply grants) {
        String method = call.method().wireName();
        CallObserver.Trace trace = observer.started(call);
        if (call.method() == RemoteMethod.AWAIT_READ_WRITE_WAITER) {
            grants.deliver();
            awaitWaiter(call, request, response, trace);
            return;
        }
        CompletableFuture<Handout> pending;
        Object result = null;
        try {
            pending = switch (call.method()) {
                case TRY_LOCK -> service.tryLockAsync(call.string(0), call.string(1), call.string(2),
                        call.number(3), call.number(4));
                case TRY_LOCK_IN_SESSION -> service.tryLockInSessionAsync(call.string(0), call.string(1),
                        call.string(2), call.string(3), call.number(4));
                case TRY_LOCK_IN_SESSION_HOLDING -> service.tryLockInSessionHoldingAsync(call.string(0),
                        call.string(1), call.string(2), call.string(3), call.number(4), call.string(5), call.number(6));
                default -> PrimitiveCalls.mayWait(call.method()) ? primitiveCalls.pending(call) : null;
            };
            if (pending == null) {
                result = answerAtOnce(call);
            }
        } catch (RuntimeException failure) {
            grants.deliver();
            trace.finished(null, failure);
            responder.sendFailure(response, method, failure);
            return;
        }
        grants.deliver();
        try {
            if (pending == null) {
                trace.finished(result, null);
                responder.sendResult(response, result);
            } else {
                if (!pending.isDone()) {
                    trace.parked();
                }
                pending.whenComplete(trace::finished);
                answer(pending, request, response);
            }
        } catch (RuntimeException failure) {
            responder.sendFailure(response, method, failure);
        }
    }

    private void awaitWaiter(HessianCall call, HttpServletRequest request, HttpServletResponse response,
                             CallObserver.Trace trace) {
        String method = call.method().wireName();
        CompletableFuture<Integer> watch;
        try {
            watch = primitiveCalls.awaitWaiter(call);
        } catch (RuntimeException failure) {
            trace.finished(null, failure);
            responder.sendFailure(response, method, failure);
            return;
        }
        if (!watch.isDone()) {
            trace.parked();
        }
        watch.whenComplete(trace::finished);
        try {
            ParkedAnswer.answer(request, response, watch, PrimitiveLockService.READ_WRITE_QUIET, asyncTimeout,
                    responder, method);
        } catch (RuntimeException notParked) {
            watch.cancel(false);
            responder.sendFailure(response, method, notParked);
        }
    }

    private Object answerAtOnce(HessianCall call) {
        return switch (call.method()) {
            case UNLOCK -> service.unlock(call.string(0), call.string(1), call.string(2));
            case UNLOCK_EARLY -> service.unlockEarly(call.string(0), call.string(1), call.string(2));
            case SETTLE_RELEASES -> service.settleReleases(call.string(0), call.string(1));
            case YIELD_TO_WAITERS -> service.yieldToWaiters(call.string(0), call.string(1), call.string(2));
            case HAS_WAITERS -> service.hasWaiters(call.string(0), call.string(1));
            case RENEW -> service.renew(call.string(0), call.string(1), call.string(2), call.number(3));
            case IS_LOCK_TYPE_EMPTY -> service.isLockTypeEmpty(call.string(0));
            case OPEN_SESSION -> service.openSession(call.string(0), call.number(1));
            case KEEP_ALIVE_SESSION -> service.keepAliveSession(call.string(0));
            case CLOSE_SESSION -> service.closeSession(call.string(0));
            case TRY_LOCK, TRY_LOCK_IN_SESSION, TRY_LOCK_IN_SESSION_HOLDING -> throw new IllegalStateException(
                    call.method().wireName() + " may wait: it is answered through its future");
            default -> primitiveCalls.answer(call);
        };
    }

    private void answer(CompletableFuture<Handout> pending, HttpServletRequest request,
                        HttpServletResponse response) {
        if (pending.isDone()) {
            try {
                responder.deliver(response, pending.join(), null);
            } catch (CompletionException failed) {
                responder.deliver(response, null, failed.getCause());
            }
        } else {
            try {
                ParkedTryLock.park(request, response, pending, asyncTimeout, responder);
            } catch (RuntimeException notParked) {
                // Nobody would answer the call: withdraw it, or release the grant that came meanwhile.
                if (!pending.cancel(false) && !pending.isCompletedExceptionally()) {
                    responder.undelivered(pending.getNow(null));
                }
                throw notParked;
            }
        }
    }
}
