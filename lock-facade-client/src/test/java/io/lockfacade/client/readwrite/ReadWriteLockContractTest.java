package io.lockfacade.client.readwrite;

import io.lockfacade.api.AcquisitionRefusedException;
import io.lockfacade.client.LockFacade;
import io.lockfacade.testsupport.await.Await;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReadWriteLock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The contract of {@link LockFacade#asReadWriteLock}, whatever is behind it: {@code MemoryLock} and
 * {@code DistributeLock} on a real master over HTTP extend this class.
 */
public abstract class ReadWriteLockContractTest {

    private static final String TYPE = "catalog";
    private static final String KEY = "prices";
    private static final long SHORT_WAIT_MILLIS = 50;
    private static final long LONG_WAIT_SECONDS = 20;

    private final ExecutorService others = Executors.newCachedThreadPool();
    protected LockFacade locks;

    /** @return a fresh lock facade with nothing held, closed by {@link #closeLocks()} */
    protected abstract LockFacade newLocks() throws Exception;

    /** @return how many read-write locks the facade keeps state for (held, waited for or cached) */
    protected abstract int readWriteEntryCount();

    /** Releases whatever {@link #newLocks()} started. */
    protected abstract void closeLocks() throws Exception;

    @BeforeEach
    void createLocks() throws Exception {
        locks = newLocks();
    }

    @AfterEach
    void stopThreadsAndLocks() throws Exception {
        others.shutdownNow();
        assertTrue(others.awaitTermination(LONG_WAIT_SECONDS, TimeUnit.SECONDS));
        closeLocks();
    }

    private ReadWriteLock rw() {
        return locks.asReadWriteLock(TYPE, KEY);
    }

    @Test
    void readersShareTheLock() throws Exception {
        int readers = 3;
        CountDownLatch allIn = new CountDownLatch(readers);
        CountDownLatch leave = new CountDownLatch(1);
        List<Future<?>> running = new ArrayList<>();
        for (int i = 0; i < readers; i++) {
            running.add(others.submit(() -> {
                rw().readLock().lock();
                try {
                    allIn.countDown();
                    leave.await();
                } finally {
                    rw().readLock().unlock();
                }
                return null;
            }));
        }
        assertTrue(allIn.await(LONG_WAIT_SECONDS, TimeUnit.SECONDS), "every reader holds at once");
        assertFalse(rw().writeLock().tryLock(SHORT_WAIT_MILLIS, TimeUnit.MILLISECONDS), "readers exclude a writer");
        leave.countDown();
        for (Future<?> reader : running) {
            reader.get(LONG_WAIT_SECONDS, TimeUnit.SECONDS);
        }
        Await.until("the read-write lock is forgotten", () -> readWriteEntryCount() == 0);
    }

    @Test
    void aWriterExcludesReadersAndWriters() throws Exception {
        rw().writeLock().lock();
        try {
            assertFalse(inOtherThread(() -> rw().readLock().tryLock(SHORT_WAIT_MILLIS, TimeUnit.MILLISECONDS)));
            assertFalse(inOtherThread(() -> rw().writeLock().tryLock(SHORT_WAIT_MILLIS, TimeUnit.MILLISECONDS)));
            assertFalse(inOtherThread(() -> rw().readLock().tryLock()));
        } finally {
            rw().writeLock().unlock();
        }
        assertTrue(inOtherThread(() -> {
            boolean got = rw().writeLock().tryLock(LONG_WAIT_SECONDS, TimeUnit.SECONDS);
            rw().writeLock().unlock();
            return got;
        }));
        Await.until("the read-write lock is forgotten", () -> readWriteEntryCount() == 0);
    }

    @Test
    void bothSidesAreReentrantAndNeedAnUnlockPerAcquisition() throws Exception {
        ModeLock read = (ModeLock) rw().readLock();
        ModeLock write = (ModeLock) rw().writeLock();
        write.lock();
        write.lock();
        write.unlock();
        assertTrue(write.isHeldByCurrentThread());
        assertFalse(inOtherThread(() -> rw().readLock().tryLock(SHORT_WAIT_MILLIS, TimeUnit.MILLISECONDS)));
        write.unlock();
        assertFalse(write.isHeldByCurrentThread());

        read.lock();
        read.lock();
        read.unlock();
        assertTrue(read.isHeldByCurrentThread());
        assertFalse(inOtherThread(() -> rw().writeLock().tryLock(SHORT_WAIT_MILLIS, TimeUnit.MILLISECONDS)));
        read.unlock();
        assertFalse(read.isHeldByCurrentThread());
        assertThrows(IllegalMonitorStateException.class, read::unlock);
        assertThrows(IllegalMonitorStateException.class, write::unlock);
    }

    @Test
    void aWriterMayDowngradeToAReader() throws Exception {
        // tag::downgrade[]
        ReadWriteLock prices = locks.asReadWriteLock("catalog", "prices");
        Lock write = prices.writeLock();
        Lock read = prices.readLock();
        write.lock();
        long writeToken = ((ModeLock) write).fencingToken().orElseThrow(); // hand it to the fenced store
        read.lock();    // a writer may take the read lock...
        write.unlock(); // ...and let the write lock go: other readers may now come in, no writer can
        // end::downgrade[]
        long readToken = ((ModeLock) read).fencingToken().orElseThrow();
        try {
            assertTrue(readToken > writeToken, "the read grant is newer than the write grant");
            assertTrue(inOtherThread(() -> {
                boolean got = rw().readLock().tryLock(LONG_WAIT_SECONDS, TimeUnit.SECONDS);
                rw().readLock().unlock();
                return got;
            }), "another reader shares the downgraded lock");
            assertFalse(inOtherThread(() -> rw().writeLock().tryLock(SHORT_WAIT_MILLIS, TimeUnit.MILLISECONDS)));
        } finally {
            read.unlock();
        }
    }

    @Test
    void aReaderAskingForTheWriteLockIsRefusedAtOnce() throws Exception {
        ModeLock read = (ModeLock) rw().readLock();
        read.lock();
        try {
            // tag::upgrade-refused[]
            ModeLock write = (ModeLock) rw().writeLock();
            assertThrows(AcquisitionRefusedException.class, write::lock); // would wait for itself
            // end::upgrade-refused[]
            assertThrows(AcquisitionRefusedException.class, write::tryLock);
            assertThrows(AcquisitionRefusedException.class, () -> write.tryLock(1, TimeUnit.SECONDS));
            assertFalse(write.isHeldByCurrentThread());
            assertTrue(read.isHeldByCurrentThread(), "the read lock is still held");
        } finally {
            read.unlock();
        }
        Await.until("the read-write lock is forgotten", () -> readWriteEntryCount() == 0);
    }

    @Test
    void aWaitingWriterGoesBeforeReadersThatCameLater() throws Exception {
        Queue<String> order = new ConcurrentLinkedQueue<>();
        rw().readLock().lock();
        Future<?> writer = others.submit(() -> {
            assertTrue(rw().writeLock().tryLock(LONG_WAIT_SECONDS, TimeUnit.SECONDS));
            order.add("writer in");
            order.add("writer out");
            rw().writeLock().unlock();
            return null;
        });
        Await.until("the writer waits, so a timed reader queues behind it", () -> {
            try {
                return !inOtherThread(() -> {
                    boolean got = rw().readLock().tryLock(SHORT_WAIT_MILLIS, TimeUnit.MILLISECONDS);
                    if (got) {
                        rw().readLock().unlock();
                    }
                    return got;
                });
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        Future<?> lateReader = others.submit(() -> {
            assertTrue(rw().readLock().tryLock(LONG_WAIT_SECONDS, TimeUnit.SECONDS));
            order.add("reader");
            rw().readLock().unlock();
            return null;
        });
        rw().readLock().unlock();
        writer.get(LONG_WAIT_SECONDS, TimeUnit.SECONDS);
        lateReader.get(LONG_WAIT_SECONDS, TimeUnit.SECONDS);
        assertEquals(List.of("writer in", "writer out", "reader"), List.copyOf(order));
    }

    @Test
    void fencingTokensIncreaseAcrossModes() throws Exception {
        ModeLock read = (ModeLock) rw().readLock();
        ModeLock write = (ModeLock) rw().writeLock();
        long previous = 0;
        for (int round = 0; round < 3; round++) {
            try (ReadWriteHandle held = write.acquire(Duration.ofSeconds(LONG_WAIT_SECONDS))) {
                assertTrue(held.fencingToken() > previous);
                previous = held.fencingToken();
            }
            long readToken = inOtherThread(() -> {
                try (ReadWriteHandle held = ((ModeLock) rw().readLock()).acquire(Duration.ofSeconds(5))) {
                    return held.fencingToken();
                }
            });
            assertTrue(readToken > previous);
            previous = readToken;
        }
        assertTrue(read.fencingToken().isEmpty());
        assertTrue(write.fencingToken().isEmpty());
    }

    @Test
    void theHandleReleasesOnClose() throws Exception {
        // tag::read-handle[]
        ReadWriteLock prices = locks.asReadWriteLock("catalog", "prices");
        try (ReadWriteHandle read = ((ModeLock) prices.readLock()).acquire(Duration.ofSeconds(5))) {
            assertFalse(read.isLost());
            // read the prices; pass read.fencingToken() to a store that checks it
        }
        // end::read-handle[]
        assertFalse(((ModeLock) prices.readLock()).isHeldByCurrentThread());
        assertTrue(inOtherThread(() -> {
            boolean got = rw().writeLock().tryLock(LONG_WAIT_SECONDS, TimeUnit.SECONDS);
            rw().writeLock().unlock();
            return got;
        }));
    }

    @Test
    void badArgumentsAreRefusedAndConditionsUnsupported() {
        assertThrows(IllegalArgumentException.class, () -> locks.asReadWriteLock("", KEY));
        assertThrows(IllegalArgumentException.class, () -> locks.asReadWriteLock(TYPE, "a\u0000b"));
        assertThrows(UnsupportedOperationException.class, () -> rw().writeLock().newCondition());
        assertEquals(0, readWriteEntryCount());
    }

    @Test
    void noWriterEverOverlapsAnotherHolder() throws Exception {
        int threads = 6;
        int rounds = 60;
        AtomicInteger readers = new AtomicInteger();
        AtomicInteger writers = new AtomicInteger();
        AtomicInteger violations = new AtomicInteger();
        AtomicInteger writes = new AtomicInteger();
        List<Future<?>> running = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            running.add(others.submit(() -> {
                for (int i = 0; i < rounds; i++) {
                    boolean write = ThreadLocalRandom.current().nextInt(5) == 0;
                    Lock side = write ? rw().writeLock() : rw().readLock();
                    side.lock();
                    try {
                        if (write) {
                            writes.incrementAndGet();
                            if (writers.incrementAndGet() != 1 || readers.get() != 0) {
                                violations.incrementAndGet();
                            }
                            Thread.onSpinWait();
                            writers.decrementAndGet();
                        } else {
                            readers.incrementAndGet();
                            if (writers.get() != 0) {
                                violations.incrementAndGet();
                            }
                            readers.decrementAndGet();
                        }
                    } finally {
                        side.unlock();
                    }
                }
                return null;
            }));
        }
        for (Future<?> f : running) {
            f.get(2 * LONG_WAIT_SECONDS, TimeUnit.SECONDS);
        }
        assertEquals(0, violations.get());
        assertTrue(writes.get() > 0, "the run had writers");
        Await.until("the read-write lock is forgotten", () -> readWriteEntryCount() == 0);
    }

    /** Runs {@code task} in another thread and returns its result. */
    protected <T> T inOtherThread(java.util.concurrent.Callable<T> task) throws Exception {
        return others.submit(task).get(LONG_WAIT_SECONDS, TimeUnit.SECONDS);
    }
}
