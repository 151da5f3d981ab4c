package io.lockfacade.client.transport;

import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The one background thread of a client's chore (releasing abandoned grants, settling early releases): a daemon,
 * started on the first task and ended after {@link #IDLE_SECONDS} with nothing to do. One per client, not per JVM,
 * so that a chore waiting out a silent group never holds up another client's.
 */
final class BackgroundThread {

    /** How long the thread of a client with nothing to do stays before it ends. */
    static final long IDLE_SECONDS = 30;

    private BackgroundThread() {
    }

    /** @return a scheduler running its tasks on one such thread, named {@code name} */
    static ScheduledThreadPoolExecutor named(String name) {
        ScheduledThreadPoolExecutor executor = new ScheduledThreadPoolExecutor(1, task -> {
            Thread thread = new Thread(task, name);
            thread.setDaemon(true);
            return thread;
        });
        executor.setKeepAliveTime(IDLE_SECONDS, TimeUnit.SECONDS);
        executor.allowCoreThreadTimeOut(true);
        return executor;
    }
}
