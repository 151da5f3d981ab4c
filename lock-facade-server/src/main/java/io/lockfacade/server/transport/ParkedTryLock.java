package io.lockfacade.server.transport;

import io.lockfacade.server.table.Handout;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One {@code tryLock} call parked on a servlet {@link AsyncContext} while it waits for the lock: no thread is held.
 *
 * <p>The call is answered exactly once, by whichever comes first:
 * <ul>
 *   <li>the service's outcome (granted, or {@code null} when the wait is over). When a call this endpoint serves
 *       completed it (an {@code unlock} handing the lock over), the answer is written on the same request thread as
 *       soon as that call's service method returns, before its own reply ({@link GrantsBeforeReply}): no thread
 *       wake-up between the release and the grant. Completed anywhere else (reaper, wait timer, admin page, a group's apply
 *       thread), it is written on a container thread via {@link AsyncContext#start}, never on the completing
 *       thread;</li>
 *   <li>the async timeout (a safety net set above the master's wait cap): the call is withdrawn and answered
 *       {@code null}, or answered with the grant if it won the race;</li>
 *   <li>an I/O error (the client went away): the call is withdrawn and nothing is written.</li>
 * </ul>
 * Before a grant is written, {@link ClientPresence} is asked whether the client has closed the connection
 * meanwhile (the servlet API alone never says so over HTTP/1.1). A grant that cannot be delivered (the client is
 * gone, the write fails) goes back through {@link CallResponder#undelivered}, so a caller that went away does not
 * end up holding the lock.
 */
final class ParkedTryLock implements AsyncListener {

    /** How long a timeout that lost the race waits for the winner to finish answering. */
    private static final Duration ANSWER_GRACE = Duration.ofSeconds(1);

    private final AsyncContext async;
    private final HttpServletRequest request;
    private final HttpServletResponse response;
    private final CompletableFuture<Handout> call;
    private final CallResponder responder;
    private final AtomicBoolean answered = new AtomicBoolean();
    private final CountDownLatch finished = new CountDownLatch(1);

    private ParkedTryLock(AsyncContext async, HttpServletRequest request, HttpServletResponse response,
                          CompletableFuture<Handout> call, CallResponder responder) {
        this.async = async;
        this.request = request;
        this.response = response;
        this.call = call;
        this.responder = responder;
    }

    /**
     * Puts the request in async mode and answers it when the call completes.
     *
     * @param timeout the async timeout; must exceed the master's wait cap
     */
    static void park(HttpServletRequest request, HttpServletResponse response, CompletableFuture<Handout> call,
                     Duration timeout, CallResponder responder) {
        AsyncContext async = request.startAsync(request, response);
        async.setTimeout(timeout.toMillis());
        ParkedTryLock parked = new ParkedTryLock(async, request, response, call, responder);
        async.addListener(parked);
        call.whenComplete(parked::callCompleted);
    }

    private void callCompleted(Handout handout, Throwable failure) {
        if (failure instanceof CancellationException) {
            return; // cancelled by onTimeout or onError, which answer themselves
        }
        Throwable reason = failure instanceof CompletionException wrapped && wrapped.getCause() != null
                ? wrapped.getCause() : failure;
        Answer answer = new Answer(handout, reason);
        if (!GrantsBeforeReply.collect(answer)) {
            answer.dispatch();
        }
    }

    /** The outcome of a completed call, to be written here or on a container thread. */
    final class Answer {

        private final Handout handout;
        private final Throwable failure;

        private Answer(Handout handout, Throwable failure) {
            this.handout = handout;
            this.failure = failure;
        }

        /** Writes the answer on the current thread, unless another path answered first. */
        void writeHere() {
            answer(handout, failure);
        }

        /** Writes the answer on a container thread; a grant whose request is already over is released. */
        void dispatch() {
            try {
                async.start(this::writeHere);
            } catch (IllegalStateException requestAlreadyOver) {
                if (answered.compareAndSet(false, true)) {
                    responder.undelivered(handout);
                    finished.countDown();
                }
            }
        }
    }

    @Override
    public void onTimeout(AsyncEvent event) {
        if (call.cancel(false)) {
            answer(null, null);
            return;
        }
        if (!answer(finishedCall(), failureOf(call))) {
            awaitWinner();
        }
    }

    @Override
    public void onError(AsyncEvent event) {
        if (!answered.compareAndSet(false, true)) {
            return;
        }
        if (!call.cancel(false)) {
            responder.undelivered(finishedCall());
        }
        responder.clientGone(event.getThrowable());
        completeQuietly();
    }

    @Override
    public void onComplete(AsyncEvent event) {
        // Answered already.
    }

    @Override
    public void onStartAsync(AsyncEvent event) {
        // Not re-dispatched.
    }

    /** @return whether this thread answered (false if another path had answered already) */
    private boolean answer(Handout handout, Throwable failure) {
        if (!answered.compareAndSet(false, true)) {
            return false;
        }
        try {
            if (handout != null && responder.clientHasLeft(request, response)) {
                responder.undelivered(handout);
            } else {
                responder.deliver(response, handout, failure);
            }
        } finally {
            completeQuietly();
        }
        return true;
    }

    /** @return the handout of a call known to be done, or null if it was not granted */
    private Handout finishedCall() {
        try {
            return call.getNow(null);
        } catch (CompletionException | CancellationException notGranted) {
            return null;
        }
    }

    private static Throwable failureOf(CompletableFuture<Handout> done) {
        try {
            done.getNow(null);
            return null;
        } catch (CompletionException e) {
            return e.getCause();
        } catch (CancellationException e) {
            return e;
        }
    }

    private void completeQuietly() {
        try {
            async.complete();
        } catch (IllegalStateException alreadyCompleted) {
            // The container ended the request first (client gone); nothing left to do.
        } finally {
            finished.countDown();
        }
    }

    private void awaitWinner() {
        try {
            // The container errors the request if no listener completes it: let the winner finish first.
            finished.await(ANSWER_GRACE.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
