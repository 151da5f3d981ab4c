package io.lockfacade.server.deadlock;

import io.lockfacade.server.table.LockKey;
import io.lockfacade.server.table.ReadWriteView;
import io.lockfacade.server.table.SemaphoreView;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * When the master's timer wakes for deadlock checks, on a hand-set clock and a timer the test runs by hand: a call
 * that ended within its check delay (nearly every call) is never a reason to wake, so a stream of short holding
 * calls costs the timer one wake-up per check delay, not one per call.
 */
class DeadlockCheckSchedulingTest {

    private static final long CHECK_MILLIS = 100;
    private static final LockKey HOT = new LockKey("bench", "hot");

    private final AtomicLong clock = new AtomicLong(1_000);
    private final ManualTimer timer = new ManualTimer();
    private final DeadlockDetector detector = new DeadlockDetector(new NoGrants(), clock::get, clock::get, timer,
            (victim, failure) -> false);
    private long waiterIds;

    @AfterEach
    void stopTimer() {
        timer.shutdownNow();
    }

    @Test
    void theNextCheckIsThatOfTheOldestPendingWait() {
        DeadlockWatch watch = new DeadlockWatch(new NoGrants(), clock::get);
        CompletableFuture<Void> ended = new CompletableFuture<>();
        watch.began(1, "n1:a#1", call("n1:a#1"), ended);
        clock.addAndGet(TimeUnit.MILLISECONDS.toNanos(1));
        CompletableFuture<Void> pending = new CompletableFuture<>();
        long pendingDue = watch.began(2, "n1:b#2", call("n1:b#2"), pending);
        ended.complete(null);

        assertEquals(OptionalLong.of(pendingDue), watch.nextDueNanos(), "the ended wait is no reason to wake");
        pending.complete(null);
        assertEquals(OptionalLong.empty(), watch.nextDueNanos(), "nothing pending, nothing to check");
        assertEquals(0, watch.waitCount());
    }

    @Test
    void shortCallsCostOneWakeUpPerCheckDelayNotOnePerCall() {
        long start = clock.get();
        CompletableFuture<Void> pending = null;
        for (int call = 0; call < 50; call++) {
            CompletableFuture<Void> answer = new CompletableFuture<>();
            detector.watch(++waiterIds, "n1:t#" + call, call("n1:t#" + call), answer);
            if (call < 49) {
                answer.complete(null); // granted within a millisecond, as nearly every call is
            } else {
                pending = answer;
            }
            clock.addAndGet(TimeUnit.MILLISECONDS.toNanos(1));
        }
        assertEquals(1, timer.tasks.size(), "one task for the earliest check");
        assertEquals(TimeUnit.MILLISECONDS.toNanos(CHECK_MILLIS), timer.delays.get(0), "the first call's check");

        clock.set(start + timer.delays.get(0));
        timer.runNext();

        assertEquals(1, timer.tasks.size(), "the next wake-up is for the one pending call");
        assertEquals(TimeUnit.MILLISECONDS.toNanos(49), timer.delays.get(1), "its check, 49 ms later");
        assertTrue(pending != null && !pending.isDone());
        assertEquals(1, detector.waitCount());
    }

    @Test
    void manyChecksDueAtOnceRunInPassesThatLetNewWaitsIn() {
        DeadlockWatch watch = new DeadlockWatch(new NoGrants(), clock::get);
        int swarm = 3 * DeadlockWatch.CHECKS_PER_PASS + 5;
        for (int call = 0; call < swarm; call++) {
            watch.began(++waiterIds, "n1:s#" + call, call("n1:s#" + call), new CompletableFuture<>());
        }
        clock.addAndGet(TimeUnit.MILLISECONDS.toNanos(CHECK_MILLIS));

        int passes = 0;
        while (watch.hasDueChecks()) {
            watch.checkDue(DeadlockWatch.CHECKS_PER_PASS);
            passes++;
            assertTrue(passes <= 4, "each pass runs at most " + DeadlockWatch.CHECKS_PER_PASS + " checks");
        }

        assertEquals(4, passes, "the swarm's checks, a pass at a time");
        assertEquals(OptionalLong.of(clock.get() + DeadlockWatch.RECHECK_NANOS), watch.nextDueNanos(),
                "every pending wait is checked again a recheck interval later");
        assertEquals(swarm, watch.waitCount());
    }

    private static HoldingCall call(String owner) {
        return new HoldingCall(WaitTarget.lock(HOT, owner), new long[] {7}, CHECK_MILLIS);
    }

    /** A timer whose tasks run when the test says, each with the delay it was scheduled with. */
    private static final class ManualTimer extends ScheduledThreadPoolExecutor {
        private final List<Runnable> tasks = new ArrayList<>();
        private final List<Long> delays = new ArrayList<>();

        ManualTimer() {
            super(0);
        }

        @Override
        public ScheduledFuture<?> schedule(Runnable task, long delay, TimeUnit unit) {
            tasks.add(task);
            delays.add(unit.toNanos(delay));
            return null;
        }

        void runNext() {
            tasks.remove(0).run();
        }
    }

    /** No lock is held: no wait has anyone to wait for. */
    private static final class NoGrants implements GrantLookup {

        @Override
        public OptionalLong tokenOf(LockKey lock) {
            return OptionalLong.empty();
        }

        @Override
        public String holderOf(LockKey lock) {
            return null;
        }

        @Override
        public Optional<ReadWriteView> readWrite(LockKey lock) {
            return Optional.empty();
        }

        @Override
        public Optional<SemaphoreView> semaphore(LockKey lock) {
            return Optional.empty();
        }
    }
}
