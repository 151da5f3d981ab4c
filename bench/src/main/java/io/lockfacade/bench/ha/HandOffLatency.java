package io.lockfacade.bench.ha;

import io.lockfacade.bench.stats.LatencyHistogram;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * S4, a cross-client hand-off: two clients, each on a thread of its own, take one lock in turn. The holder keeps
 * it while the other client's acquisition is parked on the service, then releases it; the time from the start of
 * the release to the return of the waiting acquisition is one hand-off. The same for every system measured, so the
 * ratio compares the services, not the harness.
 */
final class HandOffLatency {

    /** How long the waiter is given to park before the holder releases. */
    private static final long PARK_MILLIS = 20;

    /** Longest one acquisition or release may take before the run is abandoned. */
    private static final long STEP_TIMEOUT_SECONDS = 30;

    /** One client's side of the lock: blocks until held, releases what it holds. */
    interface Side {
        /** Blocks until this client holds the lock. */
        void lock() throws Exception;

        /** Releases the lock this client holds. */
        void unlock() throws Exception;
    }

    private HandOffLatency() {
    }

    /**
     * Measures {@code warmup + rounds} hand-offs, alternating the direction.
     *
     * @return the latency of the timed rounds
     */
    static Latency measure(Side first, Side second, int warmup, int rounds) throws Exception {
        ExecutorService a = Executors.newSingleThreadExecutor(daemon("s4-a"));
        ExecutorService b = Executors.newSingleThreadExecutor(daemon("s4-b"));
        try {
            LatencyHistogram histogram = new LatencyHistogram();
            await(a.submit(() -> {
                first.lock();
                return null;
            }));
            Side holder = first;
            Side waiter = second;
            ExecutorService holderThread = a;
            ExecutorService waiterThread = b;
            for (int i = 0; i < warmup + rounds; i++) {
                Side parked = waiter;
                Future<Long> acquired = waiterThread.submit(() -> {
                    parked.lock();
                    return System.nanoTime();
                });
                Thread.sleep(PARK_MILLIS);
                Side releasing = holder;
                long releasedAt = await(holderThread.submit(() -> {
                    long start = System.nanoTime();
                    releasing.unlock();
                    return start;
                }));
                long handOff = await(acquired) - releasedAt;
                if (i >= warmup) {
                    histogram.recordNanos(handOff);
                }
                holder = parked;
                waiter = releasing;
                ExecutorService swap = holderThread;
                holderThread = waiterThread;
                waiterThread = swap;
            }
            Side last = holder;
            await(holderThread.submit(() -> {
                last.unlock();
                return null;
            }));
            return Latency.of(histogram);
        } finally {
            a.shutdownNow();
            b.shutdownNow();
        }
    }

    private static <T> T await(Future<T> step) throws Exception {
        return step.get(STEP_TIMEOUT_SECONDS, TimeUnit.SECONDS);
    }

    private static java.util.concurrent.ThreadFactory daemon(String name) {
        return task -> {
            Thread thread = new Thread(task, name);
            thread.setDaemon(true);
            return thread;
        };
    }
}
