package io.lockfacade.bench.primitives;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;

/**
 * The load of one client JVM of a permits benchmark, whatever the system under test: {@code threads} threads, first
 * for {@code warmup} seconds unrecorded (connections, JIT, the server's too), then for {@code seconds}, each taking
 * its {@link Hold}, holding it for no time and giving it back. Every recorded hold is written to {@code out} as
 * {@code <nanos after the grant> <nanos before the release>} on the machine's monotonic clock, for
 * {@link HoldSweep} to count holders at once. Prints {@code READY}, waits for a line on its input, runs, prints
 * {@code DONE <holds>}.
 */
public final class HoldLoad {

    /** Takes what a worker holds, e.g. one permit of a semaphore, waiting a bounded time. */
    @FunctionalInterface
    public interface Take {

        /** @return whether it was granted within the wait */
        boolean take() throws InterruptedException;
    }

    /**
     * What a worker thread takes and gives back.
     *
     * @param take     takes it
     * @param giveBack gives back what {@code take} granted
     */
    public record Hold(Take take, Runnable giveBack) {
    }

    private HoldLoad() {
    }

    /**
     * Runs the load once the parent says so; see the class comment.
     *
     * @param holdOfThread the hold of worker {@code t}
     */
    public static void run(int threads, long warmup, long seconds, Path out, IntFunction<Hold> holdOfThread)
            throws IOException, InterruptedException {
        System.out.println("READY");
        if (System.in.read() < 0) {
            return;
        }
        long start = System.nanoTime() + TimeUnit.SECONDS.toNanos(warmup);
        long end = start + TimeUnit.SECONDS.toNanos(seconds);
        List<Thread> workers = new ArrayList<>();
        List<List<long[]>> holds = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            List<long[]> mine = new ArrayList<>();
            holds.add(mine);
            Hold hold = holdOfThread.apply(t);
            Thread worker = new Thread(() -> cycle(hold, start, end, mine), "load-" + t);
            workers.add(worker);
            worker.start();
        }
        int total = 0;
        try (BufferedWriter writer = Files.newBufferedWriter(out)) {
            for (int t = 0; t < threads; t++) {
                workers.get(t).join();
                for (long[] hold : holds.get(t)) {
                    writer.write(hold[0] + " " + hold[1] + "\n");
                }
                total += holds.get(t).size();
            }
        }
        System.out.println("DONE " + total);
    }

    private static void cycle(Hold hold, long start, long end, List<long[]> holds) {
        try {
            while (System.nanoTime() < end) {
                if (hold.take().take()) {
                    long in = System.nanoTime();
                    long out = System.nanoTime();
                    hold.giveBack().run();
                    if (in - start >= 0) {
                        holds.add(new long[] {in, out});
                    }
                }
            }
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }
}
