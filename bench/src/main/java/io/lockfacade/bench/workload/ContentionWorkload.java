package io.lockfacade.bench.workload;

import io.lockfacade.bench.client.LockClient;
import io.lockfacade.bench.stats.AcquisitionLog;
import io.lockfacade.client.LockFacade;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;

/**
 * Runs a {@link WorkloadSpec} on one client: its threads lock and unlock until the window ends, counting what
 * happened inside the window {@code [windowStart, windowEnd)} (before it is warm-up). Each thread's loop:
 * lock; note the time and fencing token; check that no other thread of this node is inside; hold; unlock; note
 * the release's start and end; pause.
 */
public final class ContentionWorkload {

    /** Longest one acquisition may wait before it counts as an error. */
    public static final Duration LOCK_TIMEOUT = Duration.ofSeconds(30);

    /** How long the workload may overrun its window before its threads are abandoned. */
    public static final Duration JOIN_GRACE = Duration.ofSeconds(60);

    private static final Duration ERROR_BACKOFF = Duration.ofMillis(10);

    private final LockClient client;
    private final WorkloadSpec spec;
    private final String keyPrefix;
    private final AtomicInteger inside = new AtomicInteger();
    private final LongAdder operations = new LongAdder();
    private final LongAdder acquisitions = new LongAdder();
    private final LongAdder overlaps = new LongAdder();
    private final LongAdder errors = new LongAdder();
    private final List<LongAdder> perThread = new ArrayList<>();

    /**
     * @param client    the client to drive
     * @param spec      what to do
     * @param keyPrefix makes fresh keys unique across nodes and runs
     */
    public ContentionWorkload(LockClient client, WorkloadSpec spec, String keyPrefix) {
        this.client = client;
        this.spec = spec;
        this.keyPrefix = keyPrefix;
    }

    /**
     * Runs the threads from now until {@code windowEndNanos} and waits for them.
     *
     * @param windowStartNanos start of the measured window ({@link System#nanoTime()})
     * @param windowEndNanos   end of the run and of the window
     * @return what happened inside the window
     * @throws IllegalStateException if a thread does not finish within {@link #JOIN_GRACE} after the window
     */
    public WorkloadOutcome run(long windowStartNanos, long windowEndNanos) throws InterruptedException {
        long callsBefore = client.counter().totalCalls();
        List<Thread> threads = new ArrayList<>();
        List<AcquisitionLog> logs = new ArrayList<>();
        perThread.clear();
        for (int t = 0; t < spec.threads(); t++) {
            perThread.add(new LongAdder());
        }
        for (int t = 0; t < spec.threads(); t++) {
            AcquisitionLog log = new AcquisitionLog();
            logs.add(log);
            int index = t;
            Thread thread = new Thread(() -> loop(index, log, windowStartNanos, windowEndNanos), "bench-worker-" + t);
            threads.add(thread);
            thread.start();
        }
        long joinDeadline = windowEndNanos + JOIN_GRACE.toNanos();
        for (Thread thread : threads) {
            thread.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(joinDeadline - System.nanoTime())));
            if (thread.isAlive()) {
                throw new IllegalStateException(thread.getName() + " still running " + JOIN_GRACE
                        + " after the window");
            }
        }
        return new WorkloadOutcome(operations.sum(), client.counter().totalCalls() - callsBefore, acquisitions.sum(),
                overlaps.sum(), errors.sum(), AcquisitionLog.concat(logs),
                perThread.stream().mapToLong(LongAdder::sum).max().orElse(0));
    }

    private void loop(int thread, AcquisitionLog log, long windowStart, long windowEnd) {
        LockFacade locks = client.facade();
        long sequence = 0;
        while (System.nanoTime() < windowEnd) {
            String key = spec.shared() ? WorkloadSpec.SHARED_KEY : keyPrefix + "-" + thread + "-" + sequence++;
            try {
                locks.lock(spec.lockType(), key, LOCK_TIMEOUT.toMillis());
            } catch (Exception e) {
                errors.increment();
                LockSupport.parkNanos(ERROR_BACKOFF.toNanos());
                continue;
            }
            long acquired = System.nanoTime();
            long token = locks.fencingToken(spec.lockType(), key).orElse(0);
            boolean alone = !spec.shared() || inside.incrementAndGet() == 1;
            if (!alone) {
                overlaps.increment();
            }
            pause(spec.hold());
            if (spec.shared()) {
                inside.decrementAndGet();
            }
            long releaseStart = System.nanoTime();
            try {
                locks.unlock(spec.lockType(), key);
            } catch (RuntimeException e) {
                errors.increment();
            }
            long releaseEnd = System.nanoTime();
            acquisitions.increment();
            if (acquired >= windowStart && acquired < windowEnd) {
                operations.increment();
                perThread.get(thread).increment();
                if (spec.log()) {
                    log.add(acquired, releaseStart, releaseEnd, token);
                }
            }
            pause(spec.coolOff());
        }
    }

    private static void pause(Duration duration) {
        long end = System.nanoTime() + duration.toNanos();
        long left;
        while ((left = end - System.nanoTime()) > 0) {
            LockSupport.parkNanos(left);
        }
    }
}
