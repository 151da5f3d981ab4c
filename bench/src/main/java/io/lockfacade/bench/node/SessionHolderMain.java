package io.lockfacade.bench.node;

import io.lockfacade.client.distributed.DistributeLock;
import io.lockfacade.client.distributed.DistributeLockSettings;
import io.lockfacade.client.transport.ClientTransportSettings;
import io.lockfacade.client.transport.CountingMemoryLockService;
import io.lockfacade.client.transport.CountingMemoryLockService.CallKind;
import io.lockfacade.client.transport.MemoryLockServiceProxies;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * A node in its own JVM that takes many locks through {@link DistributeLock} and holds them, one share per thread
 * (a lock belongs to the thread that took it). Usage: {@code SessionHolderMain masterUrl nodeId ttlMillis threads}.
 * Prints {@value #READY}, then answers {@value #TAKE}, {@value #CALLS} and {@value #CHECK} until its standard input
 * ends; it then exits without unlocking (the master frees the locks when the session ends).
 */
public final class SessionHolderMain {

    /** Printed once the client is made. */
    public static final String READY = "READY";
    /** Takes locks: {@code type count}; answered {@value #TAKEN} {@code count millis}. */
    public static final String TAKE = "TAKE";
    /** Answer of {@value #TAKE}. */
    public static final String TAKEN = "TAKEN";
    /** Asks for the calls made so far; answered {@value #CALLS} {@code total renewals}. */
    public static final String CALLS = "CALLS";
    /**
     * Each thread asks the client about each of its locks: {@code type}; answered {@value #CHECKED} {@code held lost}
     * (lost: reported lost, or no longer held by the thread that took it).
     */
    public static final String CHECK = "CHECK";
    /** Answer of {@value #CHECK}. */
    public static final String CHECKED = "CHECKED";

    /** Longest one acquisition may take. */
    static final Duration LOCK_TIMEOUT = Duration.ofSeconds(30);

    private final DistributeLock locks;
    private final CountingMemoryLockService counter;
    private final List<ExecutorService> workers = new ArrayList<>();
    private final ParentLink parent;
    private int taken;

    private SessionHolderMain(DistributeLock locks, CountingMemoryLockService counter, int threads, ParentLink parent) {
        this.locks = locks;
        this.counter = counter;
        this.parent = parent;
        for (int t = 0; t < threads; t++) {
            String name = "bench-holder-" + t;
            workers.add(Executors.newSingleThreadExecutor(task -> new Thread(task, name)));
        }
    }

    /**
     * @param args see the class comment
     */
    public static void main(String[] args) {
        ParentLink parent = new ParentLink();
        try {
            CountingMemoryLockService counter = new CountingMemoryLockService(MemoryLockServiceProxies.create(URI.create(args[0]),
                    ClientTransportSettings.defaults()));
            DistributeLock locks = new DistributeLock(counter, DistributeLockSettings.defaults().withNodeId(args[1])
                    .withLease(Duration.ofMillis(Long.parseLong(args[2]))));
            new SessionHolderMain(locks, counter, Integer.parseInt(args[3]), parent).serve();
        } catch (Exception | Error e) {
            parent.fail(e);
        }
        System.exit(0);
    }

    /** @return the arguments of a holder of {@code nodeId} on {@code serviceUri} */
    public static List<String> args(URI serviceUri, String nodeId, Duration ttl, int threads) {
        return List.of(serviceUri.toString(), nodeId, Long.toString(ttl.toMillis()), Integer.toString(threads));
    }

    private void serve() throws Exception {
        parent.say(READY);
        String text;
        while ((text = parent.nextCommand()) != null) {
            NodeLine command = NodeLine.parse(text);
            switch (command.tag()) {
                case TAKE -> take(command.text("type"), (int) command.number("count"));
                case CALLS -> parent.say(CALLS, "total", counter.totalCalls(), "renewals", counter.calls(CallKind.UPKEEP));
                case CHECK -> check(command.text("type"));
                default -> parent.say(NodeLine.ERROR, "message", "unknown_command_" + command.tag());
            }
        }
    }

    private void take(String type, int count) throws Exception {
        long started = System.nanoTime();
        List<Future<Integer>> shares = new ArrayList<>();
        for (int t = 0; t < workers.size(); t++) {
            int thread = t;
            int share = share(count, thread);
            shares.add(workers.get(t).submit(() -> {
                for (int i = 0; i < share; i++) {
                    locks.lock(type, key(thread, i), LOCK_TIMEOUT.toMillis());
                }
                return share;
            }));
        }
        int total = 0;
        for (Future<Integer> share : shares) {
            total += share.get();
        }
        taken = count;
        parent.say(TAKEN, "count", total, "millis", TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started));
    }

    private void check(String type) throws Exception {
        List<Future<int[]>> shares = new ArrayList<>();
        for (int t = 0; t < workers.size(); t++) {
            int thread = t;
            int share = share(taken, thread);
            shares.add(workers.get(t).submit(() -> {
                int held = 0;
                int lost = 0;
                for (int i = 0; i < share; i++) {
                    String key = key(thread, i);
                    if (locks.isHeldByCurrentThread(type, key) && !locks.isLost(type, key)) {
                        held++;
                    } else {
                        lost++;
                    }
                }
                return new int[] {held, lost};
            }));
        }
        long held = 0;
        long lost = 0;
        for (Future<int[]> share : shares) {
            int[] counts = share.get();
            held += counts[0];
            lost += counts[1];
        }
        parent.say(CHECKED, "held", held, "lost", lost);
    }

    private int share(int count, int thread) {
        int threads = workers.size();
        return count / threads + (thread < count % threads ? 1 : 0);
    }

    private static String key(int thread, int index) {
        return "h" + thread + "-" + index;
    }
}
