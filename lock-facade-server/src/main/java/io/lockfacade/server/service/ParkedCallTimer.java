package io.lockfacade.server.service;

import java.util.concurrent.ScheduledThreadPoolExecutor;

/**
 * The timer of a master's parked calls: one named daemon thread that ends calls whose wait is over. A timeout is
 * cancelled when its call is answered first, and a cancelled timeout leaves the queue at once, so thousands of
 * calls answered early leave no tasks behind. The single master and a master group's leader both use it.
 */
public final class ParkedCallTimer {

    private ParkedCallTimer() {
    }

    /** @return a started timer whose thread is named {@code threadName} */
    public static ScheduledThreadPoolExecutor start(String threadName) {
        ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1, runnable -> {
            Thread thread = new Thread(runnable, threadName);
            thread.setDaemon(true);
            return thread;
        });
        timer.setRemoveOnCancelPolicy(true);
        return timer;
    }
}
