package io.lockfacade.bench.readwrite;

import io.lockfacade.api.PrimitiveLockService;
import io.lockfacade.client.distributed.DistributeLock;
import io.lockfacade.client.distributed.DistributeLockSettings;
import io.lockfacade.client.transport.ClientTransportSettings;
import io.lockfacade.client.transport.MemoryLockServiceProxies;
import io.lockfacade.client.transport.PooledHttpConnectionFactory;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReadWriteLock;

/**
 * One node JVM of the read-write benchmark. Prints {@code READY}, waits for {@code GO} on its input, runs its
 * workload for the given seconds and prints one {@code RESULT} line.
 *
 * <p>Arguments: master URL, node id, workload, threads, seconds, hold in microseconds. Each node takes the locks
 * its workload uses once before {@code READY} (a warm-up, not counted). Workloads:
 * <ul>
 *   <li>{@code rw}: 95 in 100 operations take the read lock, the others the write lock;</li>
 *   <li>{@code mutex}: the same operations, each under the mutex of the same type and key;</li>
 *   <li>{@code readers}: every thread reads, back to back (a stream of overlapping readers);</li>
 *   <li>{@code writer}: one thread takes the write lock every 50 to 150 ms and records how long it waited.</li>
 * </ul>
 * {@code RESULT ops=<n> reads=<n> readCalls=<n> waitsMicros=<comma-separated>}, where {@code readCalls} counts every
 * remote call of the read-write lock (acquisitions of both modes, releases, watches); before it, a {@code CALLS}
 * line breaks those calls down by method, with their mean time, and gives the node's CPU time in the run.
 */
public final class ReadWriteWorkerMain {

    static final String LOCK_TYPE = "bench-rw";
    static final String KEY = "catalog";
    private static final int READ_PERCENT = 95;

    private static final LongAdder ops = new LongAdder();
    private static final LongAdder reads = new LongAdder();
    private static final AtomicLong readCalls = new AtomicLong();
    private static final LongAdder writes = new LongAdder();
    /** Remote read-write calls by method name, and the time they took: where a switch between nodes goes. */
    private static final Map<String, LongAdder> callsByMethod = new ConcurrentHashMap<>();
    private static final Map<String, LongAdder> callNanosByMethod = new ConcurrentHashMap<>();
    private static final List<Long> waitsMicros = new ArrayList<>();

    private ReadWriteWorkerMain() {
    }

    public static void main(String[] args) throws Exception {
        URI master = URI.create(args[0]);
        String nodeId = args[1];
        String workload = args[2];
        int threads = Integer.parseInt(args[3]);
        long runNanos = TimeUnit.SECONDS.toNanos(Long.parseLong(args[4]));
        long holdNanos = TimeUnit.MICROSECONDS.toNanos(Long.parseLong(args[5]));
        ClientTransportSettings transport = ClientTransportSettings.defaults();
        try (PooledHttpConnectionFactory connections = new PooledHttpConnectionFactory(transport);
             DistributeLock locks = new DistributeLock(MemoryLockServiceProxies.create(master, transport, connections)
                     .withPrimitives(counted(MemoryLockServiceProxies.createPrimitives(master, transport,
                             connections))), DistributeLockSettings.defaults().withNodeId(nodeId))) {
            ReadWriteLock rw = locks.asReadWriteLock(LOCK_TYPE, KEY);
            Lock mutex = locks.asLock(LOCK_TYPE, KEY);
            warmUp(workload, rw, mutex);
            System.out.println("READY");
            BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
            if (!"GO".equals(in.readLine())) {
                throw new IllegalStateException("expected GO");
            }
            long cpuBefore = processCpuNanos();
            long end = System.nanoTime() + runNanos;
            List<Thread> workers = new ArrayList<>();
            int count = workload.equals("writer") ? 1 : threads;
            for (int t = 0; t < count; t++) {
                Thread worker = new Thread(() -> run(workload, rw, mutex, end, holdNanos), nodeId + "-" + t);
                worker.start();
                workers.add(worker);
            }
            for (Thread worker : workers) {
                worker.join();
            }
            System.out.println(callsLine(nodeId, processCpuNanos() - cpuBefore));
            System.out.println("RESULT ops=" + ops.sum() + " reads=" + reads.sum() + " readCalls=" + readCalls.get()
                    + " waitsMicros=" + String.join(",", waitsMicros.stream().map(String::valueOf).toList()));
        }
    }

    private static void run(String workload, ReadWriteLock rw, Lock mutex, long end, long holdNanos) {
        while (System.nanoTime() < end) {
            switch (workload) {
                case "rw", "mutex" -> {
                    boolean read = ThreadLocalRandom.current().nextInt(100) < READ_PERCENT;
                    Lock lock = workload.equals("mutex") ? mutex : read ? rw.readLock() : rw.writeLock();
                    hold(lock, holdNanos);
                    if (read) {
                        reads.increment();
                    } else {
                        writes.increment();
                    }
                }
                case "readers" -> {
                    hold(rw.readLock(), holdNanos);
                    reads.increment();
                }
                case "writer" -> {
                    LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(50 + ThreadLocalRandom.current().nextInt(100)));
                    long asked = System.nanoTime();
                    rw.writeLock().lock();
                    long waited = System.nanoTime() - asked;
                    try {
                        waitsMicros.add(TimeUnit.NANOSECONDS.toMicros(waited));
                    } finally {
                        rw.writeLock().unlock();
                    }
                }
                default -> throw new IllegalArgumentException("unknown workload " + workload + "; known: "
                        + Arrays.asList("rw", "mutex", "readers", "writer"));
            }
            ops.increment();
        }
    }

    /**
     * Takes each lock the workload uses once before the measured run, so that the node's session, connections and
     * code paths are ready: a cold JVM's first acquisition (session open, class loading, JIT) is not what the run
     * measures. Its remote calls are not counted.
     */
    private static void warmUp(String workload, ReadWriteLock rw, Lock mutex) {
        List<Lock> used = switch (workload) {
            case "mutex" -> List.of(mutex);
            case "readers" -> List.of(rw.readLock());
            case "writer" -> List.of(rw.writeLock());
            default -> List.of(rw.readLock(), rw.writeLock());
        };
        used.forEach(lock -> hold(lock, 0));
        readCalls.set(0);
        callsByMethod.clear();
        callNanosByMethod.clear();
    }

    /**
     * @return {@code CALLS <node> cpuMs=<n> writes=<n>} and {@code <method>=<calls>/<mean µs>} per remote method:
     *         the node's CPU time in the run, and how many round trips its writes cost and how long each took
     */
    private static String callsLine(String nodeId, long cpuNanos) {
        StringBuilder line = new StringBuilder("CALLS " + nodeId + " cpuMs=" + TimeUnit.NANOSECONDS.toMillis(cpuNanos)
                + " writes=" + writes.sum());
        callsByMethod.forEach((method, calls) -> line.append(' ').append(method).append('=').append(calls.sum())
                .append('/').append(callNanosByMethod.get(method).sum() / 1_000 / Math.max(1, calls.sum()))
                .append("us"));
        return line.toString();
    }

    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    private static void hold(Lock lock, long holdNanos) {
        lock.lock();
        try {
            LockSupport.parkNanos(holdNanos);
        } finally {
            lock.unlock();
        }
    }

    /** Counts every remote call of the read-write lock: acquisitions of both modes, releases and watches. */
    private static PrimitiveLockService counted(PrimitiveLockService delegate) {
        return (PrimitiveLockService) Proxy.newProxyInstance(ReadWriteWorkerMain.class.getClassLoader(),
                new Class<?>[] {PrimitiveLockService.class}, (proxy, method, args) -> {
                    if (method.getDeclaringClass() == PrimitiveLockService.class) {
                        readCalls.incrementAndGet();
                    }
                    long started = System.nanoTime();
                    try {
                        return method.invoke(delegate, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    } finally {
                        callsByMethod.computeIfAbsent(method.getName(), k -> new LongAdder()).increment();
                        callNanosByMethod.computeIfAbsent(method.getName(), k -> new LongAdder())
                                .add(System.nanoTime() - started);
                    }
                });
    }
}
