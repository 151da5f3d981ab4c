package io.lockfacade.bench.node;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * Counts, inside the master's JVM, the keep-alives the master received: it samples the time of each open session's
 * last keep-alive (or opening) and counts every change, and every session newly seen. Sampled often enough (a
 * fraction of the keep-alive interval), no keep-alive falls between two samples, so the count is the master's, not
 * the client's own account of what it sent.
 */
final class KeepAliveWatch implements AutoCloseable {

    private final Supplier<Map<String, Long>> lastKeepAlives;
    private final ScheduledExecutorService sampler = Executors.newSingleThreadScheduledExecutor(task -> {
        Thread thread = new Thread(task, "bench-keep-alive-watch");
        thread.setDaemon(true);
        return thread;
    });
    private final AtomicLong seen = new AtomicLong();
    private Map<String, Long> previous = Map.of();

    /**
     * @param lastKeepAlives the master's open sessions, each with the time of its last keep-alive
     * @param period         time between two samples
     */
    KeepAliveWatch(Supplier<Map<String, Long>> lastKeepAlives, Duration period) {
        this.lastKeepAlives = lastKeepAlives;
        sampler.scheduleAtFixedRate(this::sample, 0, period.toNanos(), TimeUnit.NANOSECONDS);
    }

    /** @return keep-alives and openings seen since the watch started */
    long seen() {
        return seen.get();
    }

    /** @return sessions open at the last sample */
    synchronized int sessions() {
        return previous.size();
    }

    @Override
    public void close() {
        sampler.shutdownNow();
    }

    private synchronized void sample() {
        Map<String, Long> now = lastKeepAlives.get();
        for (Map.Entry<String, Long> session : now.entrySet()) {
            if (!session.getValue().equals(previous.get(session.getKey()))) {
                seen.incrementAndGet();
            }
        }
        previous = now;
    }
}
