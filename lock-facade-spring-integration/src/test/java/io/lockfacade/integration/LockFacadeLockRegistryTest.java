package io.lockfacade.integration;

import io.lockfacade.api.LockLostException;
import io.lockfacade.client.distributed.DistributeLock;
import io.lockfacade.client.distributed.DistributeLockSettings;
import io.lockfacade.testkit.master.InProcessMaster;
import io.lockfacade.testsupport.await.Await;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;

import java.time.Duration;
import java.util.OptionalLong;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.Lock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The {@link Lock} contract of the registry's locks, between two nodes ({@code DistributeLock}s, each with its
 * registry) of a real master over HTTP.
 */
class LockFacadeLockRegistryTest {

    /** Long enough for a loaded machine; the keep-alives come often, so a removed lock is reported quickly. */
    private static final Duration SESSION_TTL = Duration.ofSeconds(30);
    private static final Duration KEEP_ALIVE_INTERVAL = Duration.ofMillis(300);
    private static final Duration REMOTE_WAIT_CAP = Duration.ofMillis(300);
    private static final Duration PATIENCE = Duration.ofSeconds(10);
    private static final String KEY = "orders";

    private static InProcessMaster master;
    private final ExecutorService threads = Executors.newCachedThreadPool();
    private LockFacadeLockRegistry here;
    private LockFacadeLockRegistry there;

    @BeforeAll
    static void startMaster() {
        master = InProcessMaster.start();
    }

    @AfterAll
    static void stopMaster() {
        master.close();
    }

    @BeforeEach
    void startNodes(TestInfo test) {
        String lockType = test.getTestMethod().orElseThrow().getName(); // tests share the master, not their locks
        here = new LockFacadeLockRegistry(node("here"), lockType);
        there = new LockFacadeLockRegistry(node("there"), lockType);
    }

    @AfterEach
    void stopThreads() {
        threads.shutdownNow();
    }

    @Test
    void obtainAnswersTheSameLockForTheSameKey() {
        assertSame(here.obtain(KEY), here.obtain(KEY));
        assertNotSame(here.obtain(KEY), here.obtain("invoices"));
    }

    @Test
    void tryLockIsRefusedWhileAnotherNodeHoldsTheLock() throws Exception {
        Lock lock = here.obtain(KEY);
        assertTrue(lock.tryLock());

        assertFalse(onOtherThread(() -> there.obtain(KEY).tryLock()));
        assertFalse(onOtherThread(() -> here.obtain(KEY).tryLock()), "another thread of the same node");

        lock.unlock();
        assertTrue(onOtherThread(() -> {
            Lock other = there.obtain(KEY);
            boolean acquired = other.tryLock();
            other.unlock();
            return acquired;
        }));
    }

    @Test
    void aWaitingTryLockIsWokenWhenTheHolderReleases() throws Exception {
        Lock lock = here.obtain(KEY);
        lock.lock();
        AtomicBoolean released = new AtomicBoolean();
        Future<Boolean> waiter = threads.submit(() -> {
            Lock other = there.obtain(KEY);
            boolean acquired = other.tryLock(PATIENCE.toMillis(), TimeUnit.MILLISECONDS);
            boolean afterRelease = released.get();
            other.unlock();
            return acquired && afterRelease;
        });
        Thread.sleep(200);

        released.set(true);
        lock.unlock();

        assertTrue(waiter.get(PATIENCE.toMillis(), TimeUnit.MILLISECONDS));
    }

    @Test
    void tryLockWithATimeoutGivesUpWhileTheHolderKeepsTheLock() throws Exception {
        here.obtain(KEY).lock();

        assertFalse(onOtherThread(() -> there.obtain(KEY).tryLock(200, TimeUnit.MILLISECONDS)));
        here.obtain(KEY).unlock();
    }

    @Test
    void lockInterruptiblyEndsWhenTheWaitingThreadIsInterrupted() throws Exception {
        here.obtain(KEY).lock();
        CompletableFuture<Thread> waiting = new CompletableFuture<>();
        Future<Throwable> outcome = threads.submit(() -> {
            waiting.complete(Thread.currentThread());
            try {
                there.obtain(KEY).lockInterruptibly();
                return null;
            } catch (InterruptedException e) {
                return e;
            }
        });
        Thread.sleep(200);

        waiting.get().interrupt();

        assertInstanceOf(InterruptedException.class, outcome.get(PATIENCE.toMillis(), TimeUnit.MILLISECONDS));
        here.obtain(KEY).unlock();
        assertTrue(master.isLockTypeEmpty(here.lockType()), "the interrupted waiter left nothing behind");
    }

    @Test
    void theLockIsReentrantAndFreedByTheLastUnlock() throws Exception {
        Lock lock = here.obtain(KEY);
        lock.lock();
        assertTrue(lock.tryLock());

        lock.unlock();
        assertFalse(onOtherThread(() -> there.obtain(KEY).tryLock()), "freed by the first of two unlocks");
        lock.unlock();

        assertTrue(master.isLockTypeEmpty(here.lockType()));
    }

    @Test
    void unlockByAThreadThatDoesNotHoldTheLockIsRefusedAndChangesNothing() throws Exception {
        Lock lock = here.obtain(KEY);
        lock.lock();

        Throwable refused = onOtherThread(() -> {
            try {
                here.obtain(KEY).unlock();
                return null;
            } catch (IllegalMonitorStateException e) {
                return e;
            }
        });

        assertInstanceOf(IllegalMonitorStateException.class, refused);
        assertFalse(onOtherThread(() -> there.obtain(KEY).tryLock()), "still held");
        lock.unlock();
    }

    @Test
    void executeLockedRunsTheTaskUnderTheLock() throws Exception {
        here.executeLocked(KEY, () -> assertFalse(onOtherThread(() -> there.obtain(KEY).tryLock())));

        assertTrue(master.isLockTypeEmpty(here.lockType()));
    }

    @Test
    void theFencingTokenIsTheHoldersAndGrowsWithEveryGrant() throws Exception {
        Lock lock = here.obtain(KEY);
        lock.lock();
        long first = here.fencingToken(KEY).orElseThrow();
        assertEquals(OptionalLong.empty(), onOtherThread(() -> here.fencingToken(KEY)));
        lock.unlock();
        assertEquals(OptionalLong.empty(), here.fencingToken(KEY));

        long second = onOtherThread(() -> {
            there.obtain(KEY).lock();
            try {
                return there.fencingToken(KEY).orElseThrow();
            } finally {
                there.obtain(KEY).unlock();
            }
        });

        assertTrue(second > first);
    }

    @Test
    void aLostHoldIsNotReEnteredAndTheNextAttemptStartsAfresh() throws InterruptedException {
        Lock lock = here.obtain(KEY);
        lock.lock();
        master.forceRemove(here.lockType(), KEY);
        Await.until(PATIENCE, Duration.ofMillis(20), () -> isLost(here, KEY),
                () -> "the node never learnt that its lock was removed");

        assertFalse(lock.tryLock(), "re-entered a lost hold");
        assertThrows(IllegalStateException.class, () -> here.renewLock(KEY), "the lost hold was dropped");
        assertTrue(lock.tryLock(), "a fresh acquisition");
        lock.unlock();
    }

    @Test
    void lockOfALostHoldThrowsLockLost() throws InterruptedException {
        Lock lock = here.obtain(KEY);
        lock.lock();
        master.forceRemove(here.lockType(), KEY);
        Await.until(PATIENCE, Duration.ofMillis(20), () -> isLost(here, KEY),
                () -> "the node never learnt that its lock was removed");

        assertThrows(LockLostException.class, lock::lock);
        lock.lock();
        lock.unlock();
    }

    @Test
    void renewLockChecksThatTheCurrentThreadHoldsTheLock() throws Exception {
        assertThrows(IllegalStateException.class, () -> here.renewLock(KEY));
        Lock lock = here.obtain(KEY);
        lock.lock();

        here.renewLock(KEY);
        here.renewLock(KEY, Duration.ofSeconds(5));
        assertThrows(IllegalArgumentException.class, () -> here.renewLock(KEY, Duration.ZERO));
        assertInstanceOf(IllegalStateException.class, onOtherThread(() -> {
            try {
                here.renewLock(KEY);
                return null;
            } catch (IllegalStateException e) {
                return e;
            }
        }));
        lock.unlock();
    }

    @Test
    void expireUnusedOlderThanForgetsOnlyLocksNobodyHolds() throws InterruptedException {
        Lock held = here.obtain("held");
        Lock idle = here.obtain("idle");
        held.lock();
        Thread.sleep(20);

        here.expireUnusedOlderThan(10);

        assertSame(held, here.obtain("held"));
        assertNotSame(idle, here.obtain("idle"));
        held.unlock();
    }

    @Test
    void badKeysAreRefusedBeforeAnythingIsLocked() {
        assertThrows(IllegalArgumentException.class, () -> here.obtain(""));
        assertThrows(IllegalArgumentException.class, () -> here.obtain("k".repeat(257)));
        assertThrows(IllegalArgumentException.class, () -> here.obtain("line\nbreak"));
        assertThrows(NullPointerException.class, () -> here.obtain(null));
        assertThrows(IllegalArgumentException.class, () -> new LockFacadeLockRegistry(node("bad"), ""));
    }

    @Test
    void conditionsAreNotSupported() {
        assertThrows(UnsupportedOperationException.class, () -> here.obtain(KEY).newCondition());
    }

    /** @return whether the current thread's hold of {@code key} is lost (or it holds none) */
    private static boolean isLost(LockFacadeLockRegistry registry, String key) {
        try {
            registry.renewLock(key);
            return false;
        } catch (IllegalStateException e) {
            return true;
        }
    }

    private static DistributeLock node(String nodeId) {
        return master.node(DistributeLockSettings.defaults().withNodeId(nodeId).withLease(SESSION_TTL)
                .withRenewInterval(KEEP_ALIVE_INTERVAL).withRemoteWaitCap(REMOTE_WAIT_CAP));
    }

    private <T> T onOtherThread(Callable<T> work) throws InterruptedException, ExecutionException, TimeoutException {
        return threads.submit(work).get(PATIENCE.toMillis(), TimeUnit.MILLISECONDS);
    }
}
