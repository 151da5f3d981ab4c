package io.lockfacade.server.deadlock;

import io.lockfacade.api.DeadlockException;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BiPredicate;
import java.util.function.LongSupplier;

/**
 * A master's deadlock detection at work, the same on the single master and on a group's leader: records each
 * parked call that names what its thread holds in a {@link DeadlockWatch}, runs the checks when they are due (on the
 * master's wait timer, one task for the earliest pending check rather than one per call), fails each victim's
 * parked call with {@link DeadlockException} and records the deadlock in a {@link DeadlockLog} for the admin page
 * and metrics.
 */
public final class DeadlockDetector {

    private final DeadlockWatch watch;
    private final DeadlockLog log = new DeadlockLog();
    private final ScheduledExecutorService timer;
    private final BiPredicate<DeadlockWatch.Victim, RuntimeException> failParked;
    private final LongSupplier nanoClock;
    private final LongSupplier wallClock;
    private final Object scheduling = new Object();
    private boolean checkScheduled;
    private long scheduledNanos;

    /**
     * @param grants     the master's live grants
     * @param nanoClock  the monotonic clock of the check delays: the one {@code timer} runs on
     * @param wallClock  the wall clock (epoch millis) the log records
     * @param timer      runs the checks when they are due; never blocked for long
     * @param failParked fails a victim's parked call with the given exception; whether it was still parked
     */
    public DeadlockDetector(GrantLookup grants, LongSupplier nanoClock, LongSupplier wallClock,
                            ScheduledExecutorService timer,
                            BiPredicate<DeadlockWatch.Victim, RuntimeException> failParked) {
        this.watch = new DeadlockWatch(grants, nanoClock);
        this.timer = timer;
        this.failParked = failParked;
        this.nanoClock = nanoClock;
        this.wallClock = wallClock;
    }

    /**
     * Records a call about to wait (before its transition, so that its end cannot come first); it counts while
     * {@code answer} is pending, and is checked once it has waited its delay.
     */
    public void watch(long waiterId, String owner, HoldingCall call, CompletableFuture<?> answer) {
        checkBy(watch.began(waiterId, owner, call, answer));
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

    /** Makes sure the checks run by {@code dueNanos}, scheduling a task only if none runs by then. */
    private void checkBy(long dueNanos) {
        synchronized (scheduling) {
            if (checkScheduled && scheduledNanos - dueNanos <= 0) {
                return;
            }
            checkScheduled = true;
            scheduledNanos = dueNanos;
        }
        timer.schedule(this::runChecks, Math.max(0, dueNanos - nanoClock.getAsLong()), TimeUnit.NANOSECONDS);
    }

    private void runChecks() {
        synchronized (scheduling) {
            checkScheduled = false;
        }
        do {
            for (DeadlockWatch.Victim victim : watch.checkDue(DeadlockWatch.CHECKS_PER_PASS)) {
                if (failParked.test(victim, new DeadlockException(victim.message()))) {
                    log.record(new FoundDeadlock(wallClock.getAsLong(), victim.lockType(), victim.owner(),
                            victim.message()));
                }
            }
        } while (watch.hasDueChecks()); // in passes: calls that begin to wait get the watch between them
        watch.nextDueNanos().ifPresent(this::checkBy);
    }
}
