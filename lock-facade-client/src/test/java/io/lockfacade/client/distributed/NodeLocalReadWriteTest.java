package io.lockfacade.client.distributed;

import io.lockfacade.api.LockLostException;
import io.lockfacade.api.PrimitiveLockService;
import io.lockfacade.client.readwrite.FacadeReadWriteLock;
import io.lockfacade.client.readwrite.LocalWaits;
import io.lockfacade.client.readwrite.ModeLock;
import io.lockfacade.client.transport.ClientTransportSettings;
import io.lockfacade.client.transport.MemoryLockServiceProxies;
import io.lockfacade.client.transport.PooledHttpConnectionFactory;
import io.lockfacade.server.session.SessionInfo;
import io.lockfacade.testsupport.await.Await;
import io.lockfacade.webapp.MasterOptions;
import io.lockfacade.webapp.MasterServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Node-local arbitration of {@link DistributedReadWriteLocks} on a real master over HTTP: what it saves in remote
 * calls (readers share the node's grant, the node's write grant serves its readers and next writer too), that
 * writers of other nodes are not starved (the master tells the node at once that one waits), and lost sessions.
 */
class NodeLocalReadWriteTest {

    private static final String TYPE = "catalog";
    private static final String KEY = "prices";

    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final List<AutoCloseable> nodes = new ArrayList<>();
    private final Map<String, LongAdder> calls = new ConcurrentHashMap<>();
    private final List<String> writeOwners = new CopyOnWriteArrayList<>();
    private MasterServer master;
    private ClientTransportSettings transport;
    private PooledHttpConnectionFactory connections;

    @BeforeEach
    void startMaster() throws Exception {
        master = MasterServer.start(MasterOptions.defaults("rw-node-test").withPort(0));
        transport = ClientTransportSettings.defaults();
        connections = new PooledHttpConnectionFactory(transport);
    }

    @AfterEach
    void stopAll() throws Exception {
        threads.shutdownNow();
        assertTrue(threads.awaitTermination(20, TimeUnit.SECONDS));
        for (AutoCloseable node : nodes) {
            node.close();
        }
        connections.close();
        master.stop();
    }

    @Test
    void readersOfOneNodeShareOneRemoteGrant() throws Exception {
        FacadeReadWriteLock rw = node("n1", 32);
        int readers = 8;
        CountDownLatch allIn = new CountDownLatch(readers);
        CountDownLatch leave = new CountDownLatch(1);
        List<Future<Long>> running = new ArrayList<>();
        for (int i = 0; i < readers; i++) {
            running.add(threads.submit(() -> {
                rw.readLock().lock();
                try {
                    allIn.countDown();
                    leave.await();
                    return rw.readLock().fencingToken().orElseThrow();
                } finally {
                    rw.readLock().unlock();
                }
            }));
        }
        assertTrue(allIn.await(20, TimeUnit.SECONDS));
        leave.countDown();
        long token = running.get(0).get(20, TimeUnit.SECONDS);
        for (Future<Long> reader : running) {
            assertEquals(token, reader.get(20, TimeUnit.SECONDS), "readers under one grant share its token");
        }
        assertEquals(1, count("tryReadLockInSession"), "8 local readers, one remote call");
        Await.until("the node's read grant is released", () -> count("unlockRead") == 1);
    }

    @Test
    void aWriterOfAnotherNodeIsNotStarvedByAStreamOfReaders() throws Exception {
        writerOfAnotherNodeGetsInPastAStreamOfReaders(false);
    }

    @Test
    void aWriterOfAnotherNodeIsNotStarvedByReadersUnderTheNodesWriteGrant() throws Exception {
        writerOfAnotherNodeGetsInPastAStreamOfReaders(true);
    }

    private void writerOfAnotherNodeGetsInPastAStreamOfReaders(boolean startUnderWrite) throws Exception {
        FacadeReadWriteLock nodeA = node("reading-node", 32);
        FacadeReadWriteLock nodeB = node("writing-node", 32);
        if (startUnderWrite) {
            nodeA.writeLock().lock(); // the readers below queue locally, then read under this write grant
        }
        AtomicInteger readersIn = new AtomicInteger();
        AtomicInteger overlaps = new AtomicInteger();
        AtomicBoolean stop = new AtomicBoolean();
        AtomicBoolean writerIn = new AtomicBoolean();
        LongAdder reads = new LongAdder();
        List<Future<?>> readers = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            readers.add(threads.submit(() -> {
                while (!stop.get()) { // overlapping reads: the node's shared grant never falls idle
                    nodeA.readLock().lock();
                    try {
                        readersIn.incrementAndGet();
                        if (writerIn.get()) {
                            overlaps.incrementAndGet();
                        }
                        Thread.sleep(2);
                        reads.increment();
                    } finally {
                        readersIn.decrementAndGet();
                        nodeA.readLock().unlock();
                    }
                }
                return null;
            }));
        }
        if (startUnderWrite) {
            Await.until("node A's readers queue behind its writer", () -> waitingThreads() >= 4);
            nodeA.writeLock().unlock();
        }
        Await.until("node A reads", () -> reads.sum() > 20);
        boolean written = nodeB.writeLock().tryLock(20, TimeUnit.SECONDS);
        try {
            assertTrue(written, "the writer got the lock while node A kept reading");
            writerIn.set(true);
            assertEquals(0, readersIn.get(), "no reader of node A holds while the writer does");
            Thread.sleep(20);
            writerIn.set(false);
        } finally {
            if (written) {
                nodeB.writeLock().unlock();
            }
        }
        long readsAfter = reads.sum();
        Await.until("node A reads again", () -> reads.sum() > readsAfter);
        stop.set(true);
        for (Future<?> reader : readers) {
            reader.get(20, TimeUnit.SECONDS);
        }
        assertEquals(0, overlaps.get());
    }

    @Test
    void aNodesReadersAndNextWriterUseItsWriteGrantWithoutRemoteCalls() throws Exception {
        FacadeReadWriteLock rw = node("mixed-node", 3);
        rw.writeLock().lock(); // the node's write grant
        long written = rw.writeLock().fencingToken().orElseThrow();
        CountDownLatch readersIn = new CountDownLatch(2);
        CountDownLatch leave = new CountDownLatch(1);
        List<Future<Long>> readers = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            readers.add(threads.submit(() -> {
                rw.readLock().lock();
                try {
                    readersIn.countDown();
                    leave.await();
                    return rw.readLock().fencingToken().orElseThrow();
                } finally {
                    rw.readLock().unlock();
                }
            }));
        }
        Await.until("the readers queue behind the node's writer", () -> waitingThreads() >= 2);
        rw.writeLock().unlock();
        assertTrue(readersIn.await(20, TimeUnit.SECONDS));
        Future<Long> nextWriter = threads.submit(() -> {
            rw.writeLock().lock();
            try {
                return rw.writeLock().fencingToken().orElseThrow();
            } finally {
                rw.writeLock().unlock();
            }
        });
        Await.until("the next writer queues behind the readers", () -> waitingThreads() >= 1);
        leave.countDown();

        for (Future<Long> reader : readers) {
            assertEquals(written, reader.get(20, TimeUnit.SECONDS), "readers under the write grant carry its token");
        }
        assertEquals(written, nextWriter.get(20, TimeUnit.SECONDS), "the next local writer takes the kept grant");
        assertEquals(0, count("tryReadLockInSession"), "no read grant: the readers used the node's write grant");
        assertEquals(1, count("tryWriteLockInSession"));
        Await.until("the grant goes back once the node's last user leaves", () -> count("unlockWrite") == 1);
    }

    @Test
    void eachWriteAskNamesAFreshOwnerSoAGrantOnItsWayBackIsNeverHandedOutAgain() throws Exception {
        FacadeReadWriteLock rw = node("asking-node", 32);
        for (int ask = 0; ask < 2; ask++) {
            rw.writeLock().lock();
            rw.writeLock().unlock(); // the node's last user leaves: the grant goes back
            Await.until("the grant is back", () -> count("unlockWrite") == writeOwners.size());
        }

        assertEquals(2, writeOwners.size());
        assertFalse(writeOwners.get(0).equals(writeOwners.get(1)), "one thread, two asks, two owners: " + writeOwners);
        assertTrue(writeOwners.get(0).startsWith("asking-node:"), writeOwners.get(0));
    }

    @Test
    void busyReadersAndWritersOfTwoNodesNeverOverlapNorLoseAHold() throws Exception {
        List<FacadeReadWriteLock> nodes = List.of(node("busy-a", 4), node("busy-b", 4));
        AtomicInteger readersIn = new AtomicInteger();
        AtomicInteger writersIn = new AtomicInteger();
        AtomicInteger overlaps = new AtomicInteger();
        LongAdder writes = new LongAdder();
        long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(1_500);
        List<Future<?>> workers = new ArrayList<>();
        for (int t = 0; t < 12; t++) {
            FacadeReadWriteLock rw = nodes.get(t % 2);
            workers.add(threads.submit(() -> {
                for (int op = 0; System.nanoTime() < end; op++) {
                    boolean write = op % 3 == 0; // writers hand the grant between threads and nodes all the time
                    ModeLock lock = write ? rw.writeLock() : rw.readLock();
                    lock.lock();
                    try {
                        boolean clash = write ? writersIn.getAndIncrement() > 0 || readersIn.get() > 0
                                : readersIn.incrementAndGet() > 0 && writersIn.get() > 0;
                        if (clash) {
                            overlaps.incrementAndGet();
                        }
                        Thread.onSpinWait();
                    } finally {
                        (write ? writersIn : readersIn).decrementAndGet();
                        lock.unlock(); // throws LockLostException if the master no longer held the grant
                    }
                    if (write) {
                        writes.increment();
                    }
                }
                return null;
            }));
        }
        for (Future<?> worker : workers) {
            worker.get(30, TimeUnit.SECONDS);
        }
        assertEquals(0, overlaps.get(), "a writer never holds beside another holder");
        assertTrue(writes.sum() > 0);
    }

    @Test
    void aLostSessionLosesReadAndWriteHolds() throws Exception {
        FacadeReadWriteLock rw = node("losing-node", 32);
        ModeLock read = rw.readLock();
        ModeLock write = rw.writeLock();
        write.lock();
        read.lock(); // downgrade: the writer's own read grant
        for (SessionInfo session : master.service().sessions().describe()) {
            master.service().sessions().end(session.id()); // an operator force-expires the node's session
        }
        Await.until("the node notices", () -> read.isLost() && write.isLost());
        assertThrows(LockLostException.class, write::unlock);
        assertThrows(LockLostException.class, read::unlock);
        assertFalse(read.isHeldByCurrentThread());
        assertTrue(threads.submit(() -> {
            boolean got = rw.writeLock().tryLock(20, TimeUnit.SECONDS);
            rw.writeLock().unlock();
            return got;
        }).get(30, TimeUnit.SECONDS), "a new session serves later acquisitions");
    }

    private FacadeReadWriteLock node(String nodeId, int maxHandoffs) {
        DistributeLockSettings settings = DistributeLockSettings.defaults().withNodeId(nodeId)
                .withLease(Duration.ofSeconds(3)).withMaxLocalHandoffs(maxHandoffs);
        RemoteGrants grants = new RemoteGrants(MemoryLockServiceProxies.create(master.serviceUri(), transport,
                connections), settings.remoteWaitCap());
        NodeSession session = new NodeSession(grants, nodeId, settings.lease(), settings.renewInterval());
        PrimitiveLockService counted = counting(MemoryLockServiceProxies.createPrimitives(master.serviceUri(),
                transport, connections));
        DistributedReadWriteLocks locks = new DistributedReadWriteLocks(nodeId,
                new RemoteReadWriteGrants(counted, "master", settings.remoteWaitCap()), session, maxHandoffs, true);
        nodes.add(session);
        nodes.add(locks);
        return new FacadeReadWriteLock(locks, TYPE, KEY);
    }

    /** @return how many threads wait in the node's local lock queue ({@link LocalWaits#take}) */
    private static long waitingThreads() {
        return Thread.getAllStackTraces().entrySet().stream()
                .filter(thread -> thread.getKey().getState() == Thread.State.WAITING)
                .filter(thread -> Arrays.stream(thread.getValue()).anyMatch(
                        frame -> frame.getClassName().equals(LocalWaits.class.getName())))
                .count();
    }

    private long count(String method) {
        LongAdder adder = calls.get(method);
        return adder == null ? 0 : adder.sum();
    }

    private PrimitiveLockService counting(PrimitiveLockService delegate) {
        return (PrimitiveLockService) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {PrimitiveLockService.class}, (proxy, method, args) -> {
                    calls.computeIfAbsent(method.getName(), k -> new LongAdder()).increment();
                    if (method.getName().equals("tryWriteLockInSession")) {
                        writeOwners.add((String) args[2]);
                    }
                    try {
                        return method.invoke(delegate, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }
}
