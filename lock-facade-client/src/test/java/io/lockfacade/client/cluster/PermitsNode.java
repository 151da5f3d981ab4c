package io.lockfacade.client.cluster;

import io.lockfacade.client.LockFacadeSemaphore;
import io.lockfacade.client.distributed.DistributeLock;
import io.lockfacade.client.distributed.DistributeLockSettings;
import io.lockfacade.client.transport.ClientTransportSettings;
import io.lockfacade.client.transport.MemoryLockServiceProxies;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A client node whose threads take one permit of semaphore {@value #TYPE}/{@value #KEY} at a time, hold it a few
 * milliseconds and give it back, printing {@code IN <thread> <nanos>} once it holds it and {@code OUT <thread>
 * <nanos>} before it gives it back, on the machine's monotonic clock: the intervals between are inside the holds.
 * Arguments: master URL, node id, session TTL in ms, threads, capacity, hold in ms. When its input closes, the
 * threads stop, release what they hold, and the node prints {@code DONE}.
 */
public final class PermitsNode {

    static final String TYPE = "downstream";
    static final String KEY = "payments";

    private static volatile boolean stopping;

    public static void main(String[] args) throws Exception {
        DistributeLock locks = new DistributeLock(
                MemoryLockServiceProxies.create(URI.create(args[0]), ClientTransportSettings.defaults()),
                DistributeLockSettings.defaults().withNodeId(args[1]).withLease(Duration.ofMillis(Long.parseLong(args[2]))));
        int threads = Integer.parseInt(args[3]);
        LockFacadeSemaphore permits = locks.semaphore(TYPE, KEY, Integer.parseInt(args[4]));
        long holdMillis = Long.parseLong(args[5]);
        List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            String name = args[1] + "-" + t;
            Thread worker = new Thread(() -> work(permits, name, holdMillis), name);
            workers.add(worker);
            worker.start();
        }
        System.out.println("STARTED");
        while (System.in.read() >= 0) {
            // until the parent closes our input
        }
        stopping = true;
        for (Thread worker : workers) {
            worker.join();
        }
        System.out.println("DONE");
        locks.close();
    }

    private static void work(LockFacadeSemaphore permits, String name, long holdMillis) {
        try {
            while (!stopping) {
                if (permits.tryAcquire(1, 10, TimeUnit.SECONDS)) {
                    System.out.println("IN " + name + " " + System.nanoTime());
                    Thread.sleep(holdMillis);
                    System.out.println("OUT " + name + " " + System.nanoTime());
                    permits.release(1);
                }
            }
        } catch (Exception e) {
            System.out.println("FAILED " + name + " " + e);
        }
    }
}
