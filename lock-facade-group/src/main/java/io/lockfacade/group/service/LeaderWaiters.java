package io.lockfacade.group.service;

import io.lockfacade.api.NotLeaderException;
import io.lockfacade.group.raft.LeaderLockEvents;
import io.lockfacade.server.service.ParkedCall;
import io.lockfacade.server.table.Handout;
import io.lockfacade.server.table.LockKey;
import io.lockfacade.server.table.Waiter;
import io.lockfacade.server.table.WaiterQueue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The leader's parked acquisitions: per lock a {@link WaiterQueue}, the table's own line with its rules (first
 * come, first served; an owner waits once), and per waiter the {@link ParkedCall} its caller waits on. They are not
 * replicated: a leader that steps down fails them all with {@link NotLeaderException} ({@link #failAll}), and their
 * callers ask the new leader.
 *
 * <p>When a lock is freed ({@link #freed}), the oldest waiter's acquisition is proposed again, one proposal per
 * lock at a time. A call answered meanwhile (its wait ended, its client went away) leaves the line at once; if its
 * grant comes afterwards it goes back through {@code releaseUndelivered}, so a departed caller never keeps the lock.
 */
final class LeaderWaiters {

    /** The answer of one proposed acquisition for a waiter. */
    sealed interface Attempt {
        /** Granted: the waiter gets this handout. */
        record Granted(Handout handout) implements Attempt {
        }

        /** Someone else holds the lock again: the waiter stays first in line. */
        record Busy() implements Attempt {
        }

        /** The waiter cannot get it (its session ended, the member stopped leading): it fails with this. */
        record Failed(Throwable failure) implements Attempt {
        }
    }

    private final Map<LockKey, WaiterQueue> queues = new HashMap<>();
    private final Map<Long, ParkedCall> calls = new HashMap<>();
    private final Set<LockKey> proposing = new HashSet<>();
    private final Function<Waiter, CompletableFuture<Attempt>> propose;
    private final Consumer<Handout> releaseUndelivered;
    private final Predicate<LockKey> isFree;
    private final LeaderLockEvents events;
    private long lastId;

    /**
     * @param propose            proposes a waiter's acquisition again
     * @param releaseUndelivered gives back a grant its waiter no longer wants
     * @param isFree             whether a lock is free in the applied table right now
     * @param events             the lock meters: calls parked and left, and when a proposal is for a parked call
     */
    LeaderWaiters(Function<Waiter, CompletableFuture<Attempt>> propose,
                  Consumer<Handout> releaseUndelivered, Predicate<LockKey> isFree, LeaderLockEvents events) {
        this.propose = propose;
        this.releaseUndelivered = releaseUndelivered;
        this.isFree = isFree;
        this.events = events;
    }

    /** @return an id for a new waiter, unique on this member */
    synchronized long nextId() {
        return ++lastId;
    }

    /** @return whether calls wait for this lock, so a new caller queues behind them */
    synchronized boolean hasWaiters(LockKey key) {
        return queues.containsKey(key);
    }

    /** @return how many calls wait for this lock now */
    synchronized int waitingFor(LockKey key) {
        WaiterQueue queue = queues.get(key);
        return queue == null ? 0 : queue.size();
    }

    /** @return how many calls are parked */
    synchronized int size() {
        return calls.size();
    }

    /**
     * @return whether a freed lock has waiters and no proposal for it is in flight, so that {@link #freed} would
     *         propose one; a lock released in the same entry that hands it to its oldest waiter has none
     */
    synchronized boolean awaitsProposal(LockKey key) {
        return !proposing.contains(key) && queues.containsKey(key);
    }

    /**
     * Parks a call at the end of its lock's line (it leaves the line the moment it is answered, however); answers
     * the same owner's earlier call "not granted"; asks at once if the lock was freed meanwhile.
     */
    void park(Waiter waiter, ParkedCall call) {
        Waiter replaced;
        synchronized (this) {
            if (call.answer().isDone()) {
                return;
            }
            calls.put(waiter.id(), call);
            replaced = queues.computeIfAbsent(waiter.lockKey(), key -> new WaiterQueue()).add(waiter);
        }
        events.waiterParked(waiter.lockKey().lockType());
        call.answer().whenComplete((handout, failure) -> withdraw(waiter, handout != null));
        if (replaced != null) {
            answer(replaced, null);
        }
        if (isFree.test(waiter.lockKey())) {
            freed(waiter.lockKey());
        }
    }

    /**
     * A lock was freed: its oldest waiter's acquisition is proposed, unless one is in flight or the lock was taken
     * again meanwhile (a hand-off in the same entry as the release, {@link #claimHandoff}).
     */
    void freed(LockKey key) {
        if (!isFree.test(key)) {
            return;
        }
        Waiter head = claimHandoff(key);
        if (head != null) {
            handOff(head, propose.apply(head));
        }
    }

    /**
     * Claims the oldest waiter of a lock for a proposal of its acquisition, so that no other proposal for this lock
     * starts until {@link #handOff} settles it.
     *
     * @return the claimed waiter, or {@code null} if no call waits or a proposal for the lock is in flight
     */
    synchronized Waiter claimHandoff(LockKey key) {
        WaiterQueue queue = queues.get(key);
        if (queue == null || proposing.contains(key)) {
            return null;
        }
        proposing.add(key);
        Waiter head = queue.peek();
        ParkedCall call = calls.get(head.id());
        if (call != null) {
            events.willGrantAfterWait(key, head.owner(), call.parkedAtNanos());
        }
        return head;
    }

    /** Settles a waiter claimed with {@link #claimHandoff} once its proposed acquisition is answered. */
    void handOff(Waiter head, CompletableFuture<Attempt> proposed) {
        proposed.whenComplete((attempt, error) -> settle(head,
                error != null ? new Attempt.Failed(Failures.unwrap(error)) : attempt));
    }

    private void settle(Waiter head, Attempt attempt) {
        synchronized (this) {
            proposing.remove(head.lockKey());
        }
        if (attempt instanceof Attempt.Granted granted) {
            if (!answer(head, granted.handout())) {
                releaseUndelivered.accept(granted.handout());
            }
            return;
        }
        if (attempt instanceof Attempt.Failed failed) {
            ParkedCall call = call(head);
            if (call != null) {
                call.answer().completeExceptionally(failed.failure());
            }
            if (failed.failure() instanceof NotLeaderException) {
                return;
            }
        }
        // Busy (the waiter stays first), or failed: a release applied while the proposal was in flight asked no one.
        if (isFree.test(head.lockKey())) {
            freed(head.lockKey());
        }
    }

    /** Fails every parked call: this member stopped leading. */
    void failAll(NotLeaderException notLeader) {
        List<ParkedCall> all;
        synchronized (this) {
            all = new ArrayList<>(calls.values());
            calls.clear();
            queues.clear();
        }
        all.forEach(call -> events.waiterLeft(call.lockKey().lockType()));
        all.forEach(call -> call.answer().completeExceptionally(notLeader));
    }

    /** @return whether the waiter's call took {@code handout} (it had not been answered and is now) */
    private boolean answer(Waiter waiter, Handout handout) {
        ParkedCall call = call(waiter);
        return call != null && call.answer().complete(handout);
    }

    private synchronized ParkedCall call(Waiter waiter) {
        return calls.get(waiter.id());
    }

    /** Takes an answered call out of its line. */
    private void withdraw(Waiter waiter, boolean granted) {
        boolean left;
        synchronized (this) {
            left = calls.remove(waiter.id()) != null;
            WaiterQueue queue = queues.get(waiter.lockKey());
            if (queue != null && queue.remove(waiter.id()) != null && queue.isEmpty()) {
                queues.remove(waiter.lockKey());
            }
        }
        if (left) {
            events.waiterLeft(waiter.lockKey().lockType());
            if (!granted) {
                events.noLongerWaiting(waiter.lockKey(), waiter.owner());
            }
        }
    }
}
