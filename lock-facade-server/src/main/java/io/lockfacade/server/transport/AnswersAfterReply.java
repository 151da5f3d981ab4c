package io.lockfacade.server.transport;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;

/**
 * Holds back the answers of parked calls that the call a request thread is serving completed (an {@code unlock}
 * handing its lock to the oldest waiter, a {@code closeSession} ending locks with waiters), until that call's own
 * reply is sent. Then the first held-back answer is written on the same thread, and any others are dispatched to
 * container threads.
 *
 * <p>Why: before, the releasing thread dispatched the waiter's answer to another container thread
 * ({@link jakarta.servlet.AsyncContext#start}) and only then wrote its own reply. On a small machine each thread
 * wake-up costs 0.1 to 3 ms, and the woken thread competed for the CPU with the release's reply. Now the holder
 * gets its reply first and the waiter's grant follows on the same thread, with no wake-up between. Nothing about
 * the lock changes: the table had applied the release and the hand-over before any answer is written, whenever
 * it is written.
 *
 * <p>The scope belongs to one thread ({@link #open()}, then {@link #close()} in a {@code finally}); answers
 * completed on any other thread (the expiry reaper, the wait timer, the admin page, a master group's apply thread)
 * are not held back and go to a container thread as before. Not thread-safe: used by its own thread only.
 */
final class AnswersAfterReply implements AutoCloseable {

    /** How many held-back answers are written on the serving thread itself; the rest go to container threads. */
    static final int ANSWERED_INLINE = 1;

    private static final Logger LOG = LoggerFactory.getLogger(AnswersAfterReply.class);

    private static final ThreadLocal<AnswersAfterReply> OPEN = new ThreadLocal<>();

    private final List<ParkedTryLock.Answer> held = new ArrayList<>();

    private AnswersAfterReply() {
    }

    /**
     * Starts holding back answers completed on the current thread.
     *
     * @throws IllegalStateException if a scope is already open on this thread
     */
    static AnswersAfterReply open() {
        if (OPEN.get() != null) {
            throw new IllegalStateException("answers are already held back on " + Thread.currentThread().getName());
        }
        AnswersAfterReply scope = new AnswersAfterReply();
        OPEN.set(scope);
        return scope;
    }

    /**
     * Holds {@code answer} back if the current thread has a scope open.
     *
     * @return whether it was held back; if not, the caller must dispatch it itself
     */
    static boolean holdBack(ParkedTryLock.Answer answer) {
        AnswersAfterReply scope = OPEN.get();
        if (scope == null) {
            return false;
        }
        scope.held.add(answer);
        return true;
    }

    /**
     * Ends the scope and delivers what it held back: the first {@value #ANSWERED_INLINE} on this thread, the rest
     * on container threads. Answers completed meanwhile (a grant released again because its caller was gone,
     * handed to the next waiter) are no longer held back. Call it after the served call's reply is sent.
     */
    @Override
    public void close() {
        OPEN.remove();
        for (int i = 0; i < held.size(); i++) {
            ParkedTryLock.Answer answer = held.get(i);
            try {
                if (i < ANSWERED_INLINE) {
                    answer.writeHere();
                } else {
                    answer.dispatch();
                }
            } catch (RuntimeException failed) { // the other answers must still go out
                LOG.error("a parked call's answer failed", failed);
            }
        }
        held.clear();
    }
}
