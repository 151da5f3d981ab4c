package io.lockfacade.shedlock;

import java.time.Duration;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

/**
 * Checks, when a task's {@code lockAtMostFor} ends, whether the task still runs, and counts those that do. One
 * daemon thread ({@code lock-facade-shedlock-overruns}) per provider, started with the first check.
 */
final class LeaseOverrunWatch implements AutoCloseable {

    private final LongAdder overruns = new LongAdder();
    private final ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1, runnable -> {
        Thread thread = new Thread(runnable, "lock-facade-shedlock-overruns");
        thread.setDaemon(true);
        return thread;
    });

    LeaseOverrunWatch() {
        timer.setRemoveOnCancelPolicy(true);
    }

    /** @return the scheduled check of {@code hold} after {@code lockAtMostFor}; cancel it when the hold ends */
    Future<?> check(ShedLockHold hold, Duration lockAtMostFor) {
        return timer.schedule(() -> {
            if (hold.reportOverrun()) {
                overruns.increment();
            }
        }, lockAtMostFor.toNanos(), TimeUnit.NANOSECONDS);
    }

    /** @return how many holds were still running when their {@code lockAtMostFor} ended */
    long count() {
        return overruns.sum();
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
