package io.lockfacade.group.service;

import io.lockfacade.api.NotLeaderException;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * Holds calls on a new leader until its term-start entry (the lease extension) is applied, so that no grant of
 * the new term is ordered before it. Fails them when the member stops leading.
 */
final class LeaderGate {

    private CompletableFuture<Void> ready = CompletableFuture.failedFuture(NotLeaderException.pointingTo(null));

    /** This member became leader: calls wait from now on until {@link #open()}. */
    synchronized void close() {
        if (ready.isDone()) {
            ready = new CompletableFuture<>();
        }
    }

    /** The term-start entry is applied: calls go through. Waiting calls continue outside the gate's monitor. */
    void open() {
        CompletableFuture<Void> waiting;
        synchronized (this) {
            waiting = ready;
            if (waiting.isCompletedExceptionally()) {
                ready = CompletableFuture.completedFuture(null);
            }
        }
        waiting.complete(null);
    }

    /**
     * This member stopped leading: waiting calls and later ones fail with {@code notLeader}. Waiting calls are
     * failed outside the gate's monitor (jgroups-raft calls this on its own threads).
     */
    void fail(NotLeaderException notLeader) {
        CompletableFuture<Void> waiting;
        synchronized (this) {
            waiting = ready;
            ready = CompletableFuture.failedFuture(notLeader);
        }
        waiting.completeExceptionally(notLeader);
    }

    /** @return completes when calls may go through, or exceptionally with {@link NotLeaderException} */
    synchronized CompletableFuture<Void> ready() {
        return ready;
    }

    /**
     * {@link #ready()} for one call that waits at most {@code bound} for a shut gate: after that it alone fails
     * with {@code notLeader}, and the gate stays as it is for everyone else.
     *
     * @return completes when the call may go through, or exceptionally with {@link NotLeaderException}
     */
    CompletableFuture<Void> ready(Duration bound, Supplier<NotLeaderException> notLeader) {
        CompletableFuture<Void> gate = ready();
        if (gate.isDone()) {
            return gate;
        }
        return gate.copy().orTimeout(bound.toMillis(), TimeUnit.MILLISECONDS)
                .exceptionallyCompose(failure -> CompletableFuture.failedFuture(
                        Failures.unwrap(failure) instanceof TimeoutException ? notLeader.get()
                                : Failures.unwrap(failure)));
    }
}
