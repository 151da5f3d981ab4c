package io.lockfacade.server.transport;

import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A call that waits without changing anything ({@code awaitReadWriteWaiter}), parked on a servlet
 * {@link AsyncContext}: no thread is held. Unlike a parked acquisition ({@link ParkedTryLock}) its answer grants
 * nothing, so an answer that cannot be delivered is simply dropped. It is answered once, on a container thread, by
 * whichever comes first: the future (its value or its failure), or the async timeout (a safety net above the
 * master's wait cap: the future is cancelled and the call answered with the value given for it). An I/O error
 * cancels the future and writes nothing.
 */
final class ParkedAnswer<T> implements AsyncListener {

    private final AsyncContext async;
    private final HttpServletResponse response;
    private final CompletableFuture<T> call;
    private final T onTimeout;
    private final CallResponder responder;
    private final String method;
    private final AtomicBoolean answered = new AtomicBoolean();

    private ParkedAnswer(AsyncContext async, HttpServletResponse response, CompletableFuture<T> call, T onTimeout,
                         CallResponder responder, String method) {
        this.async = async;
        this.response = response;
        this.call = call;
        this.onTimeout = onTimeout;
        this.responder = responder;
        this.method = method;
    }

    /**
     * Answers the call now if its future is done, else parks it until it is.
     *
     * @param onTimeout what the call is answered if the async timeout comes first
     */
    static <T> void answer(HttpServletRequest request, HttpServletResponse response, CompletableFuture<T> call,
                           T onTimeout, Duration timeout, CallResponder responder, String method) {
        if (call.isDone()) {
            writeDone(response, call, responder, method);
            return;
        }
        AsyncContext async = request.startAsync(request, response);
        async.setTimeout(timeout.toMillis());
        ParkedAnswer<T> parked = new ParkedAnswer<>(async, response, call, onTimeout, responder, method);
        async.addListener(parked);
        call.whenComplete((value, failure) -> {
            if (!(failure instanceof CancellationException)) {
                parked.dispatch();
            }
        });
    }

    private void dispatch() {
        try {
            async.start(() -> finish(() -> writeDone(response, call, responder, method)));
        } catch (IllegalStateException requestAlreadyOver) {
            answered.set(true); // timed out or failed first; nothing to write
        }
    }

    @Override
    public void onTimeout(AsyncEvent event) {
        if (call.cancel(false)) {
            finish(() -> responder.sendResult(response, onTimeout));
        } else {
            finish(() -> writeDone(response, call, responder, method));
        }
    }

    @Override
    public void onError(AsyncEvent event) {
        call.cancel(false);
        finish(() -> responder.clientGone(event.getThrowable()));
    }

    @Override
    public void onComplete(AsyncEvent event) {
        // Answered already.
    }

    @Override
    public void onStartAsync(AsyncEvent event) {
        // Not re-dispatched.
    }

    private void finish(Runnable write) {
        if (!answered.compareAndSet(false, true)) {
            return;
        }
        try {
            write.run();
        } finally {
            try {
                async.complete();
            } catch (IllegalStateException alreadyCompleted) {
                // The container ended the request first (client gone).
            }
        }
    }

    private static <T> void writeDone(HttpServletResponse response, CompletableFuture<T> call,
                                      CallResponder responder, String method) {
        try {
            responder.sendResult(response, call.join());
        } catch (CompletionException failed) {
            responder.sendFailure(response, method, failed.getCause());
        } catch (CancellationException cancelled) {
            responder.sendFailure(response, method, cancelled);
        }
    }
}
