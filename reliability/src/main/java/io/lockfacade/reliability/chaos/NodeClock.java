package io.lockfacade.reliability.chaos;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Measures how long a node's calls take beyond what they asked for, leaving out the time the whole JVM stood
 * still (a {@code SIGSTOP}, a GC pause, a starved CPU): a ticker thread notices gaps in its own sleep and adds them
 * up. A call's <em>overrun</em> is its duration, minus such pauses, minus the wait it asked for.
 */
final class NodeClock {

    private static final long TICK_MILLIS = 20;
    /** A gap beyond this is counted as a pause of the whole JVM. */
    private static final long PAUSE_THRESHOLD_NANOS = TimeUnit.MILLISECONDS.toNanos(200);

    private final AtomicLong pausedNanos = new AtomicLong();
    private final AtomicLong maxOverrunNanos = new AtomicLong();

    /** Starts the ticker daemon. */
    NodeClock() {
        Thread ticker = new Thread(this::tick, "node-clock");
        ticker.setDaemon(true);
        ticker.start();
    }

    /** @return the total time the JVM was seen standing still */
    long pausedNanos() {
        return pausedNanos.get();
    }

    /** @return a running call's overrun so far */
    long overrunNanos(long startNanos, long pausedAtStart, long requestedWaitMillis) {
        long elapsed = System.nanoTime() - startNanos - (pausedNanos.get() - pausedAtStart);
        return elapsed - TimeUnit.MILLISECONDS.toNanos(requestedWaitMillis);
    }

    /** Records a finished call's overrun. */
    void finished(long startNanos, long pausedAtStart, long requestedWaitMillis) {
        long overrun = overrunNanos(startNanos, pausedAtStart, requestedWaitMillis);
        maxOverrunNanos.accumulateAndGet(overrun, Math::max);
    }

    long maxOverrunMillis() {
        return TimeUnit.NANOSECONDS.toMillis(Math.max(0, maxOverrunNanos.get()));
    }

    private void tick() {
        long last = System.nanoTime();
        while (true) {
            try {
                Thread.sleep(TICK_MILLIS);
            } catch (InterruptedException e) {
                return;
            }
            long now = System.nanoTime();
            long gap = now - last - TimeUnit.MILLISECONDS.toNanos(TICK_MILLIS);
            if (gap > PAUSE_THRESHOLD_NANOS) {
                pausedNanos.addAndGet(gap);
            }
            last = now;
        }
    }
}
