package io.lockfacade.client.cluster;

import io.lockfacade.api.LockLostException;
import io.lockfacade.api.PrimitiveLockService;
import io.lockfacade.client.distributed.DistributeLock;
import io.lockfacade.client.distributed.DistributeLockSettings;
import io.lockfacade.client.readwrite.ModeLock;
import io.lockfacade.client.transport.ClientTransportSettings;
import io.lockfacade.client.transport.MemoryLockServiceProxies;
import io.lockfacade.client.transport.PooledHttpConnectionFactory;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.net.InetAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A client node of the read-write multi-JVM test: its threads take the read lock (19 in 20) or the write lock of
 * one key and report each section to a {@link ReadWriteResource}. Counts the remote read-lock calls it makes.
 *
 * <p>Arguments: master URL, resource port, node id, threads, operations per thread, session TTL in ms. Prints
 * {@code PROGRESS} once some operations are done, then {@code RESULT node=<id> reads=<n> writes=<n>
 * readCalls=<n> lost=<n>} and exits 0.
 */
public final class ReadWriteNode {

    static final String LOCK_TYPE = "catalog";
    static final String KEY = "prices";
    private static final int PROGRESS_AFTER = 50;

    private static final AtomicLong readCalls = new AtomicLong();
    private static final AtomicLong done = new AtomicLong();
    private static final AtomicLong lost = new AtomicLong();
    private static final AtomicLong reads = new AtomicLong();
    private static final AtomicLong writes = new AtomicLong();

    private ReadWriteNode() {
    }

    public static void main(String[] args) throws Exception {
        URI master = URI.create(args[0]);
        int resourcePort = Integer.parseInt(args[1]);
        String nodeId = args[2];
        int threads = Integer.parseInt(args[3]);
        int perThread = Integer.parseInt(args[4]);
        Duration ttl = Duration.ofMillis(Long.parseLong(args[5]));
        ClientTransportSettings transport = ClientTransportSettings.defaults();
        try (PooledHttpConnectionFactory connections = new PooledHttpConnectionFactory(transport);
             DistributeLock locks = new DistributeLock(MemoryLockServiceProxies.create(master, transport, connections)
                     .withPrimitives(counted(MemoryLockServiceProxies.createPrimitives(master, transport,
                             connections))), DistributeLockSettings.defaults().withNodeId(nodeId).withLease(ttl))) {
            List<Thread> workers = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                String name = nodeId + "-" + t;
                Thread worker = new Thread(() -> work(locks, resourcePort, name, perThread), name);
                worker.start();
                workers.add(worker);
            }
            for (Thread worker : workers) {
                worker.join();
            }
            System.out.println("RESULT node=" + nodeId + " reads=" + reads.get() + " writes=" + writes.get()
                    + " readCalls=" + readCalls.get() + " lost=" + lost.get());
        }
    }

    private static void work(DistributeLock locks, int resourcePort, String name, int operations) {
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), resourcePort);
             BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(),
                     StandardCharsets.UTF_8));
             PrintWriter out = new PrintWriter(socket.getOutputStream(), true, StandardCharsets.UTF_8)) {
            for (int i = 0; i < operations; i++) {
                boolean write = ThreadLocalRandom.current().nextInt(20) == 0;
                ModeLock side = (ModeLock) (write ? locks.asReadWriteLock(LOCK_TYPE, KEY).writeLock()
                        : locks.asReadWriteLock(LOCK_TYPE, KEY).readLock());
                if (!side.tryLock(60, TimeUnit.SECONDS)) {
                    throw new IllegalStateException(name + " waited a minute for " + side);
                }
                String section = name + "/" + i;
                String outcome = "RELEASED";
                try {
                    ask(out, in, "ENTER " + side.mode() + " " + side.fencingToken().orElseThrow() + " " + section);
                    Thread.sleep(write ? 2 : 1);
                    ask(out, in, "EXIT " + section);
                } finally {
                    try {
                        side.unlock();
                    } catch (LockLostException e) {
                        outcome = "LOST";
                        lost.incrementAndGet();
                    }
                }
                ask(out, in, "OUTCOME " + section + " " + outcome);
                (write ? writes : reads).incrementAndGet();
                if (done.incrementAndGet() == PROGRESS_AFTER) {
                    System.out.println("PROGRESS");
                }
            }
        } catch (Exception e) {
            System.out.println("FAILED " + name + " " + e);
        }
    }

    private static void ask(PrintWriter out, BufferedReader in, String message) throws Exception {
        out.println(message);
        if (!"OK".equals(in.readLine())) {
            throw new IllegalStateException("the resource did not accept " + message);
        }
    }

    /** Counts the remote read-lock calls. */
    private static PrimitiveLockService counted(PrimitiveLockService delegate) {
        return (PrimitiveLockService) Proxy.newProxyInstance(ReadWriteNode.class.getClassLoader(),
                new Class<?>[] {PrimitiveLockService.class}, (proxy, method, args) -> {
                    if (method.getName().equals("tryReadLockInSession")) {
                        readCalls.incrementAndGet();
                    }
                    try {
                        return method.invoke(delegate, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }
}
