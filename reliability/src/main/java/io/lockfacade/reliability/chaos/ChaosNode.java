package io.lockfacade.reliability.chaos;

import io.lockfacade.client.distributed.DistributeLock;
import io.lockfacade.client.distributed.DistributeLockSettings;
import io.lockfacade.client.transport.ClientTransportSettings;
import io.lockfacade.client.transport.MemoryLockServiceProxies;
import io.lockfacade.reliability.resource.ResourceClient;

import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A client node of the chaos run, in its own JVM: a {@link DistributeLock} through the faulty proxy and a few
 * {@link ChaosWorker}s. It reports its counters to the fenced resource every second; a watchdog reports (and
 * prints the stack of) any call that overruns its wait by more than {@link NodeConfig#hangBoundMillis()}.
 *
 * <p>It runs until its standard input closes, then lets the workers finish their current section, closes the lock,
 * reports a last time, prints {@code RESULT ...} and exits 0. Arguments: see {@link NodeConfig}.
 */
public final class ChaosNode {

    private static final long REPORT_MILLIS = 1_000;
    private static final long WATCHDOG_MILLIS = 250;
    private static final long STOP_MILLIS = 30_000;
    private static final int EXIT_STUCK = 3;

    private final NodeConfig config;
    private final NodeStats stats = new NodeStats();
    private final NodeClock clock = new NodeClock();
    private volatile boolean stopping;

    private ChaosNode(NodeConfig config) {
        this.config = config;
    }

    public static void main(String[] args) throws Exception {
        NodeConfig config = NodeConfig.parse(args);
        new ChaosNode(config).run();
    }

    boolean stopping() {
        return stopping;
    }

    /** Counts and prints an unexpected failure: a client bug as far as the chaos run is concerned. */
    void error(String what, Throwable failure) {
        stats.errors.incrementAndGet();
        synchronized (System.out) {
            System.out.println("ERROR " + config.nodeId() + " " + Thread.currentThread().getName() + ": " + what);
            if (failure != null) {
                failure.printStackTrace(System.out);
            }
        }
    }

    private void run() throws InterruptedException {
        ClientTransportSettings transport = new ClientTransportSettings(
                Duration.ofMillis(config.connectTimeoutMillis()), Duration.ofMillis(config.readTimeoutMillis()),
                System.getenv(NodeConfig.SECRET_ENV));
        DistributeLockSettings settings = DistributeLockSettings.defaults()
                .withNodeId(config.nodeId())
                .withLease(Duration.ofMillis(config.leaseMillis()))
                .withMaxLocalHandoffs(config.maxLocalHandoffs())
                .withRemoteWaitCap(Duration.ofMillis(config.remoteWaitCapMillis()));
        DistributeLock locks = new DistributeLock(MemoryLockServiceProxies.create(config.master(), transport), settings);
        Map<String, ChaosWorker.KeyTraffic> traffic = ChaosWorker.newTrafficMap();
        AtomicLong sectionNumbers = new AtomicLong();
        List<Thread> threads = new ArrayList<>();
        List<ChaosWorker> workers = new ArrayList<>();
        List<String> owners = new ArrayList<>();
        for (int i = 0; i < config.threads(); i++) {
            ChaosWorker worker = new ChaosWorker(this, config, locks, stats, clock, traffic, config.seed() * 31 + i,
                    sectionNumbers);
            Thread thread = new Thread(worker, "w" + i);
            workers.add(worker);
            threads.add(thread);
            owners.add(ownerName(thread));
        }
        try (ResourceClient reporter = new ResourceClient(config.resourcePort())) {
            reporter.hello(config.nodeId(), owners);
            threads.forEach(Thread::start);
            startStdinWatcher();
            System.out.println("READY " + config.nodeId());
            long nextReport = 0;
            while (!stopping) {
                Thread.sleep(WATCHDOG_MILLIS);
                for (int i = 0; i < workers.size(); i++) {
                    if (workers.get(i).checkHang()) {
                        stats.hangs.incrementAndGet();
                        printStack("HANG", threads.get(i));
                    }
                }
                if (System.currentTimeMillis() >= nextReport) {
                    reporter.stats(config.nodeId(), stats.line(clock));
                    nextReport = System.currentTimeMillis() + REPORT_MILLIS;
                }
            }
            long deadline = System.currentTimeMillis() + STOP_MILLIS;
            for (Thread thread : threads) {
                thread.join(Math.max(1, deadline - System.currentTimeMillis()));
                if (thread.isAlive()) {
                    stats.hangs.incrementAndGet();
                    printStack("STUCK", thread);
                }
            }
            locks.close();
            reporter.stats(config.nodeId(), stats.line(clock));
            System.out.println("RESULT " + config.nodeId() + " " + stats.line(clock));
            System.out.flush();
        }
        System.exit(threads.stream().anyMatch(Thread::isAlive) ? EXIT_STUCK : 0);
    }

    /** The owner the master sees for a thread: {@code nodeId:threadName#threadId}, as DistributeLock names it. */
    @SuppressWarnings("deprecation") // Thread.getId(): Thread.threadId() needs Java 19
    private String ownerName(Thread thread) {
        return config.nodeId() + ":" + thread.getName() + "#" + thread.getId();
    }

    private void startStdinWatcher() {
        Thread watcher = new Thread(() -> {
            InputStream in = System.in;
            try {
                while (in.read() >= 0) {
                    // anything but end of input is ignored
                }
            } catch (IOException e) {
                // treated as end of input
            }
            stopping = true;
        }, "stdin-watcher");
        watcher.setDaemon(true);
        watcher.start();
    }

    private static void printStack(String label, Thread thread) {
        synchronized (System.out) {
            System.out.println(label + " " + thread.getName());
            for (StackTraceElement frame : thread.getStackTrace()) {
                System.out.println("\tat " + frame);
            }
        }
    }
}
