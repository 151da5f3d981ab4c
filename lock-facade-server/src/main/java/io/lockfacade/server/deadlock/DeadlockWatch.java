package io.lockfacade.server.deadlock;

import io.lockfacade.api.deadlock.DelayedDeadlockCheck;
import io.lockfacade.api.deadlock.HeldLock;
import io.lockfacade.api.deadlock.Wait;
import io.lockfacade.api.deadlock.WaitCycle;
import io.lockfacade.api.deadlock.WaitForGraph;
import io.lockfacade.api.deadlock.WaitView;
import io.lockfacade.server.table.LockKey;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.LongSupplier;

/**
 * The master's wait-for graph. Its threads are owners ({@code node:thread#id}); a thread waits while its call is
 * parked, and holds what that call named (each lock with its fencing token). Only the caller's own holds are named:
 * a thread blocked in its call cannot release or hand off anything until the call returns, and the call's end
 * removes its wait and its claims, so a claim never outlives the truth it states. A claim also counts only while the
 * master's current grant of its lock carries the claimed token (a grant that expired or was removed meanwhile drops
 * out by itself). Every cycle is confirmed by a second read before it is reported.
 *
 * <p>Thread-safe. The end of a call is queued without a lock ({@link #ended}), so that whoever completes a parked
 * call's answer never waits for this graph; the queue is applied before every other operation.
 */
public final class DeadlockWatch {

    private final WaitForGraph<String, LockKey> graph = new WaitForGraph<>();
    private final DelayedDeadlockCheck<String, LockKey> checks;
    private final Map<Long, CheckedWait> waits = new HashMap<>();
    private final Map<String, Long> waiterOfOwner = new HashMap<>();
    private final Map<LockKey, Map<String, Long>> claimedTokens = new HashMap<>();
    private final ConcurrentLinkedQueue<Long> endedWaiters = new ConcurrentLinkedQueue<>();
    private final Function<LockKey, OptionalLong> currentToken;
    private final LongSupplier nanoClock;

    /**
     * @param currentToken the fencing token of a lock's live grant, empty if it is not held (read without this
     *                     graph's lock held by anybody else: it must never call back into the watch)
     * @param nanoClock    the master's monotonic clock
     */
    public DeadlockWatch(Function<LockKey, OptionalLong> currentToken, LongSupplier nanoClock) {
        this.currentToken = currentToken;
        this.nanoClock = nanoClock;
        this.checks = new DelayedDeadlockCheck<>(graph, new ClaimsStillGranted());
    }

    /**
     * A parked call's victim: fail it with a {@code DeadlockException} whose message is {@code message}.
     *
     * @param waiterId the parked call's waiter id
     * @param owner    the victim thread
     * @param lockType the type of the lock it waited for
     * @param message  the cycle, beginning with {@code deadlock: }
     */
    public record Victim(long waiterId, String owner, String lockType, String message) {
    }

    /**
     * Records a call about to wait (before its transition, so that its end cannot come first). A call of an owner
     * that still has one recorded replaces it.
     *
     * @param waiterId   the call's waiter id
     * @param delayNanos how long it waits before it is checked
     */
    public synchronized void began(long waiterId, String owner, LockKey lock, List<HeldLock> held, long delayNanos) {
        applyEnded();
        Long previous = waiterOfOwner.get(owner);
        if (previous != null) {
            forget(previous);
        }
        List<LockKey> keys = new ArrayList<>(held.size());
        for (HeldLock claim : held) {
            LockKey key = LockKey.checked(claim.lockType(), claim.key());
            keys.add(key);
            graph.held(owner, key);
            claimedTokens.computeIfAbsent(key, any -> new HashMap<>(2)).put(owner, claim.fencingToken());
        }
        long now = nanoClock.getAsLong();
        checks.waitBegan(owner, lock, now, delayNanos);
        waits.put(waiterId, new CheckedWait(owner, lock, keys, now));
        waiterOfOwner.put(owner, waiterId);
    }

    /** The call's wait ended (granted, gave up, refused, withdrawn): queued, applied by the next operation. */
    public void ended(long waiterId) {
        endedWaiters.add(waiterId);
    }

    /** @return the victims of the cycles the checks now due confirm; their waits are already out of the graph */
    public synchronized List<Victim> checkDue() {
        applyEnded();
        List<Victim> victims = new ArrayList<>(0);
        for (WaitCycle<String, LockKey> cycle : checks.due(nanoClock.getAsLong())) {
            Long waiterId = waiterOfOwner.get(cycle.victim());
            if (waiterId != null) {
                victims.add(new Victim(waiterId, cycle.victim(), cycle.victimEdge().waiting().lock().lockType(),
                        cycle.describe(owner -> owner, LockKey::toString)));
                forget(waiterId);
            }
        }
        return victims;
    }

    /** @return how many calls wait in the graph now */
    public synchronized int waitCount() {
        applyEnded();
        return waits.size();
    }

    /** @return the calls that wait in the graph now, longest wait first */
    public synchronized List<LiveWait> liveWaits() {
        applyEnded();
        long now = nanoClock.getAsLong();
        return waits.values().stream()
                .sorted(Comparator.comparingLong(CheckedWait::beganNanos))
                .map(wait -> new LiveWait(wait.owner(), wait.lock().lockType(), wait.lock().key(),
                        wait.held().stream().map(LockKey::toString).toList(),
                        TimeUnit.NANOSECONDS.toMillis(now - wait.beganNanos())))
                .toList();
    }

    private void applyEnded() {
        for (Long waiterId = endedWaiters.poll(); waiterId != null; waiterId = endedWaiters.poll()) {
            forget(waiterId);
        }
    }

    private void forget(long waiterId) {
        CheckedWait wait = waits.remove(waiterId);
        if (wait == null) {
            return;
        }
        waiterOfOwner.remove(wait.owner(), waiterId);
        graph.waitEnded(wait.owner());
        for (LockKey key : wait.held()) {
            graph.released(wait.owner(), key);
            claimedTokens.computeIfPresent(key, (any, owners) -> {
                owners.remove(wait.owner());
                return owners.isEmpty() ? null : owners;
            });
        }
    }

    /** A recorded call: whose, for what, and the locks it named. */
    private record CheckedWait(String owner, LockKey lock, List<LockKey> held, long beganNanos) {
    }

    /** The graph, with a claimed hold counted only while the lock's live grant carries the claimed token. */
    private final class ClaimsStillGranted implements WaitView<String, LockKey> {

        @Override
        public Wait<LockKey> waitOf(String owner) {
            return graph.waitOf(owner);
        }

        @Override
        public Collection<String> holdersOf(LockKey lock) {
            Map<String, Long> claims = claimedTokens.get(lock);
            OptionalLong token = currentToken.apply(lock);
            if (claims == null || token.isEmpty()) {
                return List.of();
            }
            return graph.holdersOf(lock).stream()
                    .filter(owner -> claims.getOrDefault(owner, -1L) == token.getAsLong()).toList();
        }
    }
}
