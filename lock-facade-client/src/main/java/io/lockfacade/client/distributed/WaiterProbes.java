package io.lockfacade.client.distributed;

import io.lockfacade.client.distributed.WaiterProbe.Answer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Asks the master the {@link WaiterProbe} questions of one node in the background, on at most
 * {@link #MAX_THREADS} daemon threads named {@code lock-facade-probe-<nodeId>} that end after
 * {@link #IDLE_SECONDS} s without work. A question never blocks the local thread that raised it; a question that
 * cannot be asked or answered is answered {@link Answer#UNANSWERED}, which makes the node yield as it did before
 * probes existed.
 */
final class WaiterProbes implements AutoCloseable {

    /** Most questions in flight at once; more wait their turn (their locks keep moving locally meanwhile). */
    static final int MAX_THREADS = 4;

    /** Seconds a probing thread waits for work before it ends. */
    static final int IDLE_SECONDS = 30;

    private static final Logger log = LoggerFactory.getLogger(WaiterProbes.class);

    private final RemoteGrants grants;
    private final ThreadPoolExecutor threads;

    /**
     * @param grants the master
     * @param nodeId names the threads
     */
    WaiterProbes(RemoteGrants grants, String nodeId) {
        this.grants = grants;
        this.threads = new ThreadPoolExecutor(MAX_THREADS, MAX_THREADS, IDLE_SECONDS, TimeUnit.SECONDS,
                new LinkedBlockingQueue<>(), task -> {
                    Thread thread = new Thread(task, "lock-facade-probe-" + nodeId);
                    thread.setDaemon(true);
                    return thread;
                });
        threads.allowCoreThreadTimeOut(true);
    }

    /** Asks, in the background, whether another node's call waits for the lock of {@code hold}. */
    void ask(RemoteHold hold, WaiterProbe probe) {
        try {
            threads.execute(() -> probe.answered(answerFor(hold)));
        } catch (RejectedExecutionException closed) {
            probe.answered(Answer.UNANSWERED);
        }
    }

    /**
     * Stops the probing threads; questions still queued are dropped unasked (a closed node never hands a grant
     * off, so nobody reads their answers).
     */
    @Override
    public void close() {
        threads.shutdownNow();
    }

    private Answer answerFor(RemoteHold hold) {
        try {
            return grants.hasWaiters(hold) ? Answer.OTHERS_WAIT : Answer.NOBODY_WAITS;
        } catch (RuntimeException e) {
            log.debug("Could not ask the master whether anyone waits for {}: {}", hold.id(), e.toString());
            return Answer.UNANSWERED;
        }
    }
}
