package io.lockfacade.bench.ha;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * Client threads that repeat one step until stopped; a step that fails is counted and the loop goes on, since
 * failures are expected while a leader is gone. Threads are daemons, so one stuck in a peer's call cannot keep
 * the run alive.
 */
final class LoadThreads {

    /** One step of a client thread. */
    @FunctionalInterface
    interface Step {
        /** Runs one step. @throws Exception any failure: counted, then the next step runs */
        void run() throws Exception;
    }

    /** Makes the step of client thread {@code index}. */
    @FunctionalInterface
    interface StepFactory {
        /** @return the step that thread {@code index} repeats */
        Step create(int index);
    }

    private final List<Thread> threads = new ArrayList<>();
    private volatile boolean stopped;

    /** Starts {@code count} threads named {@code name-i}. */
    LoadThreads(String name, int count, StepFactory steps) {
        for (int i = 0; i < count; i++) {
            Step step = steps.create(i);
            Thread thread = new Thread(() -> loop(step), name + "-" + i);
            thread.setDaemon(true);
            threads.add(thread);
        }
        threads.forEach(Thread::start);
    }

    /**
     * Runs {@code count} threads of {@code steps} for {@code duration}, then stops them.
     *
     * @param done how many units of work (e.g. lock+unlock pairs) the steps have finished so far
     * @return units finished per second over the duration
     */
    static double ratePerSecond(String name, int count, StepFactory steps, Duration duration, LongSupplier done)
            throws InterruptedException {
        LoadThreads threads = new LoadThreads(name, count, steps);
        long start = System.nanoTime();
        Thread.sleep(duration.toMillis());
        long counted = done.getAsLong();
        double seconds = (System.nanoTime() - start) / 1e9;
        threads.stop();
        return counted / seconds;
    }

    private void loop(Step step) {
        while (!stopped && !Thread.currentThread().isInterrupted()) {
            try {
                step.run();
            } catch (InterruptedException e) {
                return;
            } catch (Exception e) {
                // a failed step while a leader is gone: the next one tries again
            }
        }
    }

    /** Stops every thread and waits (bounded) for them; a thread still stuck in a call is left to die with its JVM. */
    void stop() throws InterruptedException {
        stopped = true;
        threads.forEach(Thread::interrupt);
        long deadline = System.nanoTime() + HaLimits.JOIN_TIMEOUT.toNanos();
        for (Thread thread : threads) {
            thread.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
        }
    }
}
