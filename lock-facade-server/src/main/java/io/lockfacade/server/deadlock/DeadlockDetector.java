package io.lockfacade.server.deadlock;

import io.lockfacade.api.DeadlockException;
import io.lockfacade.api.deadlock.HeldLock;
import io.lockfacade.server.table.LockKey;

import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BiPredicate;
import java.util.function.Function;
import java.util.function.LongSupplier;

/**
 * A master's deadlock detection at work, the same on the single master and on a group's leader: records each
 * parked call that names what its thread holds in a {@link DeadlockWatch}, runs the call's check when its delay is
 * over (on the master's wait timer), fails each victim's parked call with {@link DeadlockException} and records
 * the deadlock in a {@link DeadlockLog} for the admin page and metrics.
 */
public final class DeadlockDetector {

    private final DeadlockWatch watch;
    private final DeadlockLog log = new DeadlockLog();
    private final ScheduledExecutorService timer;
    private final BiPredicate<Long, RuntimeException> failParked;
    private final LongSupplier wallClock;

    /**
     * @param currentToken the fencing token of a lock's live grant, empty if it is not held
     * @param nanoClock    the monotonic clock of the check delays: the one {@code timer} runs on
     * @param wallClock    the wall clock (epoch millis) the log records
     * @param timer        runs the checks when their delay is over; never blocked for long
     * @param failParked   fails a parked call, by waiter id, with the given exception; whether it was still parked
     */
    public DeadlockDetector(Function<LockKey, OptionalLong> currentToken, LongSupplier nanoClock,
                            LongSupplier wallClock, ScheduledExecutorService timer,
                            BiPredicate<Long, RuntimeException> failParked) {
        this.watch = new DeadlockWatch(currentToken, nanoClock);
        this.timer = timer;
        this.failParked = failParked;
        this.wallClock = wallClock;
    }

    /**
     * Records a call about to wait (before its transition, so that its end cannot come first), forgets it when
     * {@code answer} completes, and checks it once it has waited {@code checkDelayMillis}.
     */
    public void watch(long waiterId, String owner, LockKey key, List<HeldLock> held, long checkDelayMillis,
                      CompletableFuture<?> answer) {
        watch.began(waiterId, owner, key, held, TimeUnit.MILLISECONDS.toNanos(checkDelayMillis));
        answer.whenComplete((result, failure) -> watch.ended(waiterId));
        timer.schedule(this::failVictims, checkDelayMillis, TimeUnit.MILLISECONDS);
    }

    /** @return the deadlocks found over the last hour */
    public DeadlockLog log() {
        return log;
    }

    /** @return the calls in the wait-for graph now, longest wait first */
    public List<LiveWait> liveWaits() {
        return watch.liveWaits();
    }

    /** @return how many calls wait in the graph now */
    public int waitCount() {
        return watch.waitCount();
    }

    private void failVictims() {
        for (DeadlockWatch.Victim victim : watch.checkDue()) {
            if (failParked.test(victim.waiterId(), new DeadlockException(victim.message()))) {
                log.record(new FoundDeadlock(wallClock.getAsLong(), victim.lockType(), victim.owner(),
                        victim.message()));
            }
        }
    }
}
