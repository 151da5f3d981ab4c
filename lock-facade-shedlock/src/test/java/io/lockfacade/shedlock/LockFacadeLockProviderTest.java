package io.lockfacade.shedlock;

import io.lockfacade.client.memory.MemoryLock;
import io.lockfacade.testkit.master.InProcessMaster;
import io.lockfacade.testsupport.await.Await;
import net.javacrumbs.shedlock.core.DefaultLockingTaskExecutor;
import net.javacrumbs.shedlock.core.LockConfiguration;
import net.javacrumbs.shedlock.core.LockExtender;
import net.javacrumbs.shedlock.core.SimpleLock;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * ShedLock's documented contract, as tests of our own: two nodes ({@code DistributeLock}s, each with its provider)
 * share a real master over HTTP.
 */
class LockFacadeLockProviderTest {

    private static final Duration SESSION_TTL = Duration.ofSeconds(30);
    private static final Duration SHORT = Duration.ofMillis(800);
    /** For a window in which nothing may happen yet: wide enough for a stall of the loaded machine. */
    private static final Duration MEDIUM = Duration.ofSeconds(2);
    private static final long PAST_MEDIUM_MILLIS = MEDIUM.toMillis() + 200;
    private static final Duration LONG = Duration.ofSeconds(30);
    private static final Duration PATIENCE = Duration.ofSeconds(10);
    private static final Duration POLL = Duration.ofMillis(20);

    private static InProcessMaster master;
    private LockFacadeLockProvider first;
    private LockFacadeLockProvider second;

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
        first = new LockFacadeLockProvider(master.node("first", SESSION_TTL), lockType);
        second = new LockFacadeLockProvider(master.node("second", SESSION_TTL), lockType);
    }

    @AfterEach
    void stopNodes() {
        first.close();
        second.close();
    }

    @Test
    void aHeldTaskLockIsRefusedToEveryOtherHolder() {
        SimpleLock held = first.lock(config("report", LONG, Duration.ZERO)).orElseThrow();

        assertTrue(second.lock(config("report", LONG, Duration.ZERO)).isEmpty(), "another node");
        assertTrue(first.lock(config("report", LONG, Duration.ZERO)).isEmpty(), "another thread of the same node");

        held.unlock();
        second.lock(config("report", LONG, Duration.ZERO)).orElseThrow().unlock();
    }

    @Test
    void lockAtMostForFreesTheLockOfAHolderThatNeverUnlocks() throws InterruptedException {
        long start = System.nanoTime();
        first.lock(config("frozen", SHORT, Duration.ZERO)).orElseThrow(); // never unlocked: a frozen or dead node

        SimpleLock next = Await.value(PATIENCE, POLL, () -> second.lock(config("frozen", LONG, Duration.ZERO)),
                () -> "the lock was never freed");

        assertTrue(System.nanoTime() - start >= SHORT.toNanos(), "freed before lockAtMostFor");
        next.unlock();
    }

    @Test
    void lockAtLeastForHoldsTheLockAfterAFastTask() throws InterruptedException {
        long start = System.nanoTime();
        first.lock(config("fast", LONG, MEDIUM)).orElseThrow().unlock();

        assertTrue(second.lock(config("fast", LONG, Duration.ZERO)).isEmpty(), "free right after a fast task");
        SimpleLock next = Await.value(PATIENCE, POLL, () -> second.lock(config("fast", LONG, Duration.ZERO)),
                () -> "the lock was never freed");

        assertTrue(System.nanoTime() - start >= MEDIUM.toNanos(), "freed before lockAtLeastFor");
        next.unlock();
    }

    @Test
    void unlockAfterLockAtLeastForFreesTheLockAtOnce() throws InterruptedException {
        SimpleLock held = first.lock(config("slow", LONG, Duration.ofMillis(100))).orElseThrow();
        Thread.sleep(150);

        held.unlock();

        second.lock(config("slow", LONG, Duration.ZERO)).orElseThrow().unlock();
    }

    @Test
    void extendKeepsTheLockAndItsTokenPastTheFirstLockAtMostFor() throws InterruptedException {
        long start = System.nanoTime();
        SimpleLock held = first.lock(config("extended", MEDIUM, Duration.ZERO)).orElseThrow();
        long token = first.fencingToken("extended").orElseThrow();

        SimpleLock extended = held.extend(LONG, Duration.ZERO).orElseThrow();
        Thread.sleep(PAST_MEDIUM_MILLIS);

        assertTrue(second.lock(config("extended", LONG, Duration.ZERO)).isEmpty(), "freed at the old lockAtMostFor");
        assertTrue(System.nanoTime() - start > MEDIUM.toNanos());
        assertEquals(token, first.fencingToken("extended").orElseThrow());
        assertThrows(IllegalStateException.class, held::unlock, "the lock before the extension is spent");
        extended.unlock();
        second.lock(config("extended", LONG, Duration.ZERO)).orElseThrow().unlock();
    }

    @Test
    void extendOfALockWhoseLeaseRanOutAnswersEmpty() throws InterruptedException {
        SimpleLock held = first.lock(config("expired", SHORT, Duration.ZERO)).orElseThrow();
        SimpleLock taken = Await.value(PATIENCE, POLL, () -> second.lock(config("expired", LONG, Duration.ZERO)),
                () -> "the lease never ran out");

        assertEquals(Optional.empty(), held.extend(LONG, Duration.ZERO));
        assertEquals(OptionalLong.empty(), first.fencingToken("expired"));
        taken.unlock();
    }

    @Test
    void aTaskRunningPastLockAtMostForIsReportedAndTheNextHolderHasANewerToken() throws InterruptedException {
        SimpleLock overrunning = first.lock(config("overrun", SHORT, Duration.ZERO)).orElseThrow();
        long oldToken = first.fencingToken("overrun").orElseThrow();

        SimpleLock next = Await.value(PATIENCE, POLL, () -> second.lock(config("overrun", LONG, Duration.ZERO)),
                () -> "the lease never ran out");
        Await.until(PATIENCE, POLL, () -> first.leaseOverruns() == 1, () -> "the overrun was not counted");

        assertTrue(second.fencingToken("overrun").orElseThrow() > oldToken, "a fenced resource tells them apart");
        overrunning.unlock(); // logs that the lease had run out; the next holder keeps the lock
        assertTrue(first.lock(config("overrun", LONG, Duration.ZERO)).isEmpty());
        assertEquals(0, second.leaseOverruns());
        next.unlock();
    }

    @Test
    void aTaskEndingInTimeIsNotReportedAsAnOverrun() throws InterruptedException {
        first.lock(config("in-time", MEDIUM, Duration.ZERO)).orElseThrow().unlock();

        Thread.sleep(PAST_MEDIUM_MILLIS);

        assertEquals(0, first.leaseOverruns());
    }

    @Test
    void theRunningTaskReadsItsFencingTokenThroughShedLocksExecutor() {
        DefaultLockingTaskExecutor executor = new DefaultLockingTaskExecutor(first);
        AtomicLong seen = new AtomicLong();

        executor.executeWithLock((Runnable) () -> {
            LockExtender.extendActiveLock(LONG, Duration.ZERO);
            seen.set(first.fencingToken("fenced").orElseThrow());
        }, config("fenced", MEDIUM, Duration.ZERO));
        executor.executeWithLock((Runnable) () -> assertTrue(first.fencingToken("fenced").orElseThrow() > seen.get()),
                config("fenced", MEDIUM, Duration.ZERO));

        assertTrue(seen.get() > 0);
        assertEquals(OptionalLong.empty(), first.fencingToken("fenced"));
    }

    @Test
    void aLockAtMostForOutsideTheLeaseLimitsIsRefusedAndNothingIsHeld() {
        assertThrows(IllegalArgumentException.class, () -> first.lock(config("tiny", Duration.ofMillis(10),
                Duration.ZERO)));
        assertThrows(IllegalArgumentException.class, () -> first.lock(config("huge", Duration.ofDays(2),
                Duration.ZERO)));
        assertThrows(IllegalArgumentException.class, () -> first.lock(config("x".repeat(300), LONG,
                Duration.ZERO)));

        assertTrue(master.isLockTypeEmpty(first.lockType()));
    }

    @Test
    void aLockServiceWithoutLeasesIsRefused() {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> new LockFacadeLockProvider(new MemoryLock()));

        assertTrue(refused.getMessage().contains("leased locks"), refused.getMessage());
    }

    @Test
    void providersOfDifferentLockTypesDoNotShareLocks() {
        LockFacadeLockProvider other = new LockFacadeLockProvider(master.node("third", SESSION_TTL), "other-jobs");
        SimpleLock held = first.lock(config("report", LONG, Duration.ZERO)).orElseThrow();

        SimpleLock alsoHeld = other.lock(config("report", LONG, Duration.ZERO)).orElseThrow();

        assertFalse(master.isLockTypeEmpty("other-jobs"));
        alsoHeld.unlock();
        held.unlock();
        other.close();
        assertTrue(master.isLockTypeEmpty("other-jobs"));
        assertTrue(master.isLockTypeEmpty(first.lockType()));
    }

    @Test
    void theDefaultLockTypeIsShedlock() {
        try (LockFacadeLockProvider provider = new LockFacadeLockProvider(master.node("fourth", SESSION_TTL))) {
            assertEquals("shedlock", provider.lockType());
        }
    }

    private static LockConfiguration config(String name, Duration lockAtMostFor, Duration lockAtLeastFor) {
        return new LockConfiguration(Instant.now(), name, lockAtMostFor, lockAtLeastFor);
    }
}
