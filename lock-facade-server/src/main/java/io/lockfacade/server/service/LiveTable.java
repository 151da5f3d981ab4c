package io.lockfacade.server.service;

import io.lockfacade.api.SessionExpiredException;
import io.lockfacade.api.YieldOutcome;
import io.lockfacade.server.expiry.ExpiryIndex;
import io.lockfacade.server.expiry.LeaseReaper;
import io.lockfacade.server.table.Effects;
import io.lockfacade.server.table.Handout;
import io.lockfacade.server.table.LockInfo;
import io.lockfacade.server.table.LockKey;
import io.lockfacade.server.table.LockMachine;
import io.lockfacade.server.table.LockView;
import io.lockfacade.server.table.Moment;
import io.lockfacade.server.table.Outcome;

import java.time.Duration;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.LongConsumer;
import java.util.function.Predicate;

/**
 * The single master's lock table at work: the {@link LockMachine} driven by the master's clocks, its outcomes
 * applied by {@link OutcomeApplier}. Each call reads the time once, runs one transition and applies what it
 * decided. Parked calls are futures held here, by waiter id; the table only knows their ids.
 *
 * <p>This is what the service, the admin page and the expiry reaper call; none of them reaches into the machine.
 */
public final class LiveTable {

    private final LockMachine machine;
    private final MasterClocks clocks;
    private final OutcomeApplier applier;
    private final ConcurrentHashMap<Long, ParkedCall> parked = new ConcurrentHashMap<>();
    private final AtomicLong waiterIds = new AtomicLong();
    private final ScheduledExecutorService waitTimer;
    private final ExpiryIndex expiry;

    /**
     * @param machine    the table's state
     * @param clocks     where time and token floors come from
     * @param expiryTick the resolution of expiry: a lease or session ends at most this much before it is visited
     * @param waitTimer  ends parked calls whose wait is over
     * @param events     told what the table decided
     */
    public LiveTable(LockMachine machine, MasterClocks clocks, Duration expiryTick,
                     ScheduledExecutorService waitTimer, LockEvents events) {
        this.machine = machine;
        this.clocks = clocks;
        this.waitTimer = waitTimer;
        this.expiry = new ExpiryIndex(expiryTick);
        this.applier = new OutcomeApplier(machine, clocks, expiry, parked, events);
    }

    /** @return the timer that ends parked calls' waits */
    ScheduledExecutorService waitTimer() {
        return waitTimer;
    }

    /** @return what the reaper runs: visits of the sessions and leases that are due, and nothing else */
    public LeaseReaper.Sweep sweep() {
        return new ExpirySweep(machine, clocks, expiry, applier);
    }

    /** @param listener told the end of every slot a visit is scheduled into, so the reaper can wake earlier */
    public void setDeadlineListener(LongConsumer listener) {
        expiry.setDeadlineListener(listener);
    }

    /**
     * Grants the lock, answers busy, or parks the call for up to {@code waitMillis}.
     *
     * @param sessionId the session the grant is to live under, or {@code null} for a lease of its own
     * @return completes with the handout, or with {@code null} when the lock is busy and the wait is over.
     *         Cancelling it withdraws the call; a grant that raced with the cancellation is released.
     * @throws SessionExpiredException if the session has ended or was never opened; nothing is granted then
     */
    public CompletableFuture<Handout> acquire(LockKey key, String owner, long leaseMillis, String sessionId,
                                              long waitMillis) {
        return acquire(key, owner, leaseMillis, sessionId, waitMillis, call -> { });
    }

    /**
     * {@link #acquire(LockKey, String, long, String, long)}, telling {@code parking} of the call before its
     * transition if it may wait. If it does not stay parked (granted at once, busy, refused), its answer is
     * cancelled: whoever {@code parking} told hears the end of every call it was told of.
     */
    CompletableFuture<Handout> acquire(LockKey key, String owner, long leaseMillis, String sessionId,
                                       long waitMillis, Consumer<ParkedCall> parking) {
        Moment now = clocks.now();
        ParkedCall call = waitMillis > 0 ? register(key, now) : null;
        if (call != null) {
            parking.accept(call);
        }
        Outcome outcome;
        try {
            outcome = machine.acquire(key, owner, leaseMillis, sessionId, call == null ? 0 : call.waiterId(), now);
        } catch (RuntimeException refused) {
            forget(call);
            throw refused;
        }
        if (!(outcome instanceof Outcome.Parked)) {
            forget(call);
        }
        applier.apply(outcome);
        if (outcome instanceof Outcome.Granted granted) {
            return CompletableFuture.completedFuture(granted.handout());
        } else if (outcome instanceof Outcome.AlreadyHeld again) {
            return CompletableFuture.completedFuture(again.handout());
        } else if (outcome instanceof Outcome.Parked) {
            return armTimer(call, waitMillis);
        } else if (outcome instanceof Outcome.SessionGone) {
            throw LiveSessions.ended(sessionId);
        }
        return CompletableFuture.completedFuture(null);
    }

    /**
     * Registers a call that may be parked, before its transition runs: a release on another thread may answer it
     * before the transition returns.
     */
    ParkedCall register(LockKey key, Moment now) {
        ParkedCall call = new ParkedCall(waiterIds.incrementAndGet(), key, now.nanos(), new CompletableFuture<>());
        parked.put(call.waiterId(), call);
        return call;
    }

    /**
     * Forgets a registered call that was not parked after all; does nothing for {@code null}. Its answer, never
     * returned to anybody, is completed only to tell its end to whoever heard its start; with {@code null}, not by
     * cancelling it: a {@link java.util.concurrent.CancellationException} and its stack trace would be made on
     * every waiting call granted at once (about 8 µs a call under Jetty's deep stacks).
     */
    void forget(ParkedCall call) {
        if (call != null) {
            parked.remove(call.waiterId());
            call.answer().complete(null);
        }
    }

    /**
     * Fails a parked call with {@code failure} and withdraws it from its lock's queue, as a call that gave up.
     *
     * @return whether the call was still parked; if the table answered it first, that answer stands
     */
    boolean failParked(long waiterId, RuntimeException failure) {
        return failParked(waiterId, failure, call -> machine.withdraw(call.lockKey(), waiterId)
                instanceof Outcome.Withdrawn);
    }

    /** {@link #failParked(long, RuntimeException)} of a call in another queue, which {@code withdraw} leaves. */
    boolean failParked(long waiterId, RuntimeException failure, Predicate<ParkedCall> withdraw) {
        ParkedCall call = parked.get(waiterId);
        if (call == null || !withdraw.test(call)) {
            return false;
        }
        parked.remove(waiterId);
        applier.failed(call, failure);
        return true;
    }

    private CompletableFuture<Handout> armTimer(ParkedCall call, long waitMillis) {
        return armTimer(call, waitMillis, () -> giveUp(call));
    }

    /**
     * Ends a parked call's wait after {@code waitMillis}, or when the transport cancels its future.
     *
     * @param giveUp withdraws the call from its queue, unless the table answered it first
     * @return the call's future
     */
    CompletableFuture<Handout> armTimer(ParkedCall call, long waitMillis, Runnable giveUp) {
        ScheduledFuture<?> timeout = waitTimer.schedule(giveUp, waitMillis, TimeUnit.MILLISECONDS);
        call.answer().whenComplete((handout, failure) -> {
            timeout.cancel(false);
            if (call.answer().isCancelled()) {
                giveUp.run();
            }
        });
        return call.answer();
    }

    /** Withdraws a parked call; if the table answered it first, the answer is on its way and stands. */
    private void giveUp(ParkedCall call) {
        if (machine.withdraw(call.lockKey(), call.waiterId()) instanceof Outcome.Withdrawn) {
            withdrawn(call);
        }
    }

    /** A call the table took out of its queue unanswered: it is answered "not granted". */
    void withdrawn(ParkedCall call) {
        parked.remove(call.waiterId());
        applier.withdrawn(call);
    }

    /** @return whether {@code owner} held the lock and released it; the oldest waiter gets it */
    public boolean release(LockKey key, String owner) {
        return applied(machine.release(key, owner, clocks.now())) instanceof Outcome.Released;
    }

    /** Releases the grant {@code owner} holds under {@code token}, if it still does; the oldest waiter gets it. */
    public boolean releaseGrant(LockKey key, String owner, long token) {
        return applied(machine.releaseGrant(key, owner, token, clocks.now())) instanceof Outcome.Released;
    }

    /**
     * The holder offers the lock to the calls that wait for it: released to the oldest if one waits, else kept.
     *
     * @return whether the lock was released, kept, or not held by {@code owner}
     */
    public YieldOutcome yieldToWaiters(LockKey key, String owner) {
        Outcome outcome = applied(machine.yieldToWaiters(key, owner, clocks.now()));
        if (outcome instanceof Outcome.Released) {
            return YieldOutcome.RELEASED;
        }
        return outcome instanceof Outcome.Kept ? YieldOutcome.KEPT : YieldOutcome.NOT_HELD;
    }

    /** @return whether a call waits for the lock */
    public boolean hasWaiters(LockKey key) {
        return machine.hasWaiters(key);
    }

    /** @return whether the grant was released (false if a later call of the same owner was handed it meanwhile) */
    public boolean releaseUndelivered(Handout handout) {
        return applier.releaseUndelivered(handout);
    }

    /** @return whether {@code owner} still holds the lock; its lease now runs {@code leaseMillis} from now */
    public boolean renew(LockKey key, String owner, long leaseMillis) {
        return applied(machine.renew(key, owner, leaseMillis, clocks.now())) instanceof Outcome.Renewed;
    }

    /** @return whether no lock of this type is held */
    public boolean isTypeEmpty(String lockType) {
        return machine.isTypeEmpty(lockType);
    }

    /**
     * Removes a lock whoever holds it (operator action); the oldest waiter gets it at once.
     *
     * @return what was held, or empty if the lock was not held
     */
    public Optional<LockInfo> forceRemove(LockKey key) {
        return forceRemove(key, OptionalLong.empty());
    }

    /**
     * Removes a lock if it is still held under the grant an operator saw; check and removal are one step.
     *
     * @param expectedToken the fencing token of the grant to remove, or empty for whatever grant is current
     * @return what was held and removed, or empty if the lock was not held or is held under another token
     */
    public Optional<LockInfo> forceRemove(LockKey key, OptionalLong expectedToken) {
        Moment now = clocks.now();
        Outcome outcome = applied(machine.forceRemove(key, expectedToken, now));
        return outcome.effects().endings().stream()
                .filter(ending -> ending.cause() == Effects.Cause.REMOVED)
                .findFirst()
                .map(ending -> info(ending.lock(), now.nanos()));
    }

    /** @return a consistent picture of one lock, or empty if it is not held */
    public Optional<LockInfo> describe(LockKey key) {
        long now = clocks.nanos().getAsLong();
        return machine.describe(key, now).map(view -> info(view, now));
    }

    /** Visits the key of every held lock; weakly consistent, does not block writers. */
    public void forEachKey(Consumer<LockKey> visitor) {
        machine.forEachKey(visitor);
    }

    /** Visits a consistent picture of every held lock; weakly consistent across keys. */
    public void forEachLock(BiConsumer<LockKey, LockInfo> visitor) {
        machine.forEachKey(key -> describe(key).ifPresent(info -> visitor.accept(key, info)));
    }

    /** @return how many locks are held right now (expired ones included until a visit or an access frees them) */
    public int size() {
        return machine.size();
    }

    /** @return how many grants this table has made since start */
    public long grantCount() {
        return machine.grantCount();
    }

    /** @return how many calls are parked now */
    public int parkedCalls() {
        return parked.size();
    }

    /** @return the state machine, for snapshots */
    public LockMachine machine() {
        return machine;
    }

    OutcomeApplier applier() {
        return applier;
    }

    MasterClocks clocks() {
        return clocks;
    }

    private Outcome applied(Outcome outcome) {
        applier.apply(outcome);
        return outcome;
    }

    private LockInfo info(LockView view, long nowNanos) {
        return new LockInfo(view.lockKey().lockType(), view.lockKey().key(), view.owner(), view.fencingToken(),
                clocks.epochMillisAt(view.acquiredAtNanos()),
                TimeUnit.NANOSECONDS.toMillis(Math.max(0, view.endNanos() - nowNanos)), view.waiters());
    }
}
