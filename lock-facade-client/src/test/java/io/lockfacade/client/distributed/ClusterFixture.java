package io.lockfacade.client.distributed;

import io.lockfacade.client.LockObserver;
import io.lockfacade.client.testing.FaultInjectingMaster;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/** One master in this JVM ({@link FaultInjectingMaster}), the nodes made against it, and named worker threads; closed after each test. */
final class ClusterFixture implements AutoCloseable {

    static final String TYPE = "orders";
    static final String KEY = "42";
    static final long PATIENCE_MILLIS = 5_000;
    /** Short enough that renewal and loss show within a second, long enough for a loaded machine. */
    static final Duration SHORT_LEASE = Duration.ofMillis(500);

    final FaultInjectingMaster master;
    private final List<DistributeLock> nodes = new ArrayList<>();
    private final AtomicInteger threadNumbers = new AtomicInteger();
    private final ExecutorService workers = Executors.newCachedThreadPool(task -> {
        Thread thread = new Thread(task, "worker-" + threadNumbers.incrementAndGet());
        thread.setDaemon(true);
        return thread;
    });

    ClusterFixture() {
        this(new FaultInjectingMaster());
    }

    ClusterFixture(FaultInjectingMaster master) {
        this.master = master;
    }

    /** @return settings for a node called {@code nodeId}, otherwise the defaults */
    static DistributeLockSettings settings(String nodeId) {
        return DistributeLockSettings.defaults().withNodeId(nodeId);
    }

    DistributeLock node(String nodeId) {
        return node(settings(nodeId));
    }

    DistributeLock node(DistributeLockSettings settings) {
        return register(new DistributeLock(master, settings));
    }

    DistributeLock node(DistributeLockSettings settings, LockObserver observer) {
        return register(new DistributeLock(master, settings, observer));
    }

    DistributeLock node(DistributeLockSettings settings, HandoffPolicy policy) {
        return register(new DistributeLock(master, settings, policy));
    }

    /** @return the worker threads, named {@code worker-N} */
    ExecutorService workers() {
        return workers;
    }

    /** Runs {@code task} on a worker thread named {@code worker-N}. */
    <T> Future<T> inOtherThread(Callable<T> task) {
        return workers.submit(task);
    }

    /** @return the result of {@code future}, failing the test after {@link #PATIENCE_MILLIS} */
    static <T> T await(Future<T> future) throws Exception {
        return future.get(PATIENCE_MILLIS, TimeUnit.MILLISECONDS);
    }

    @Override
    public void close() {
        workers.shutdownNow();
        nodes.forEach(DistributeLock::close);
        master.close();
    }

    private DistributeLock register(DistributeLock node) {
        nodes.add(node);
        return node;
    }
}
