package io.lockfacade.bench.primitives;

import io.lockfacade.client.LockFacadeSemaphore;
import io.lockfacade.client.distributed.DistributeLock;
import io.lockfacade.client.distributed.DistributeLockSettings;
import io.lockfacade.client.transport.ClientTransportSettings;
import io.lockfacade.client.transport.MemoryLockServiceProxies;

import java.io.BufferedWriter;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A client JVM of the benchmark: {@code threads} threads, first for {@code warmup} seconds unrecorded (connections,
 * JIT, the master's too), then for {@code seconds}, each taking one permit of a semaphore
 * of {@code permits} (mode {@code semaphore}) or the mutex of one of {@code permits} keys (mode {@code mutex}, the
 * same number of holders at once), holding it for no time and giving it back. Every hold is written to
 * {@code out} as {@code <nanos after the grant> <nanos before the release>} on the machine's monotonic clock, for
 * the parent to count holders at once. Prints {@code READY}, waits for a line on its input, runs, prints
 * {@code DONE <holds>}.
 *
 * <p>Arguments: master URL, node id, mode, threads, permits, warm-up seconds, seconds, out file.
 */
public final class PermitsLoadMain {

    static final String TYPE = "bench-permits";

    private PermitsLoadMain() {
    }

    public static void main(String[] args) throws Exception {
        String mode = args[2];
        int threads = Integer.parseInt(args[3]);
        int permits = Integer.parseInt(args[4]);
        long warmup = Long.parseLong(args[5]);
        long seconds = Long.parseLong(args[6]);
        try (DistributeLock locks = new DistributeLock(MemoryLockServiceProxies.create(URI.create(args[0]),
                ClientTransportSettings.defaults()), DistributeLockSettings.defaults().withNodeId(args[1]));
             BufferedWriter out = Files.newBufferedWriter(Path.of(args[7]))) {
            LockFacadeSemaphore semaphore = locks.semaphore(TYPE, "s", permits);
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
                String key = "k" + (t % permits);
                Runnable cycle = mode.equals("mutex") ? () -> mutex(locks, key, start, end, mine)
                        : () -> permit(semaphore, start, end, mine);
                Thread worker = new Thread(cycle, "load-" + t);
                workers.add(worker);
                worker.start();
            }
            int total = 0;
            for (int t = 0; t < threads; t++) {
                workers.get(t).join();
                for (long[] hold : holds.get(t)) {
                    out.write(hold[0] + " " + hold[1] + "\n");
                }
                total += holds.get(t).size();
            }
            System.out.println("DONE " + total);
        }
    }

    private static void permit(LockFacadeSemaphore semaphore, long start, long end, List<long[]> holds) {
        try {
            while (System.nanoTime() < end) {
                if (semaphore.tryAcquire(1, 10, TimeUnit.SECONDS)) {
                    long in = System.nanoTime();
                    long out = System.nanoTime();
                    semaphore.release(1);
                    if (in - start >= 0) {
                        holds.add(new long[] {in, out});
                    }
                }
            }
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void mutex(DistributeLock locks, String key, long start, long end, List<long[]> holds) {
        try {
            while (System.nanoTime() < end) {
                if (locks.tryLock(TYPE, key, 10, TimeUnit.SECONDS)) {
                    long in = System.nanoTime();
                    long out = System.nanoTime();
                    locks.unlock(TYPE, key);
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
