package io.lockfacade.client.leadership;

import io.lockfacade.client.LeadershipListener;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The one daemon thread of a participant ({@code lock-facade-leadership-<name>}) on which its listener is told, in
 * order, that it was elected or revoked; never under a lock of this library, so a listener may call back into it.
 * A listener that throws is logged and told the next event all the same. Also runs the participant's periodic checks.
 */
final class ListenerThread {

    private static final Logger log = LoggerFactory.getLogger(ListenerThread.class);

    private final LeadershipListener listener;
    private final String name;
    private final ScheduledThreadPoolExecutor thread;

    ListenerThread(String name, LeadershipListener listener) {
        this.name = name;
        this.listener = listener;
        this.thread = new ScheduledThreadPoolExecutor(1, task -> {
            Thread t = new Thread(task, "lock-facade-leadership-" + name);
            t.setDaemon(true);
            return t;
        });
        thread.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
    }

    void elected(long epoch) {
        tell(() -> listener.elected(epoch), "elected(" + epoch + ")");
    }

    void revoked() {
        tell(listener::revoked, "revoked()");
    }

    /** Runs {@code check} every {@code periodNanos} on this thread until {@link #close()}. */
    ScheduledFuture<?> every(long periodNanos, Runnable check) {
        return thread.scheduleWithFixedDelay(check, periodNanos, periodNanos, TimeUnit.NANOSECONDS);
    }

    /** Delivers the events already told, then ends the thread. */
    void close() {
        thread.shutdown();
    }

    private void tell(Runnable event, String what) {
        if (thread.isShutdown()) {
            return;
        }
        thread.execute(() -> {
            try {
                event.run();
            } catch (RuntimeException | Error e) {
                log.error("The listener of leadership {} failed on {}", name, what, e);
            }
        });
    }
}
