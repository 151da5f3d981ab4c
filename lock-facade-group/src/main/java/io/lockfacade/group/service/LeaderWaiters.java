package io.lockfacade.group.service;

import io.lockfacade.api.NotLeaderException;
import io.lockfacade.server.table.Handout;
import io.lockfacade.server.table.LockKey;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
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
 * The leader's parked acquisitions, first come first served per lock. They are not replicated: a leader that steps
 * down fails them all with {@link NotLeaderException} ({@link #failAll}), and their callers ask the new leader.
 *
 * <p>When a lock is freed ({@link #freed}), the oldest waiter's acquisition is proposed again, one proposal per
 * lock at a time. A waiter whose wait ended meanwhile is answered {@code null}; if its grant comes afterwards it
 * goes back through {@code releaseUndelivered}, so a departed caller never keeps the lock.
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

    private final Map<LockKey, Deque<ParkedCall>> queues = new HashMap<>();
    private final Set<LockKey> proposing = new HashSet<>();
    private final Function<ParkedCall, CompletableFuture<Attempt>> propose;
    private final Consumer<Handout> releaseUndelivered;
    private final Predicate<LockKey> isFree;

    /**
     * @param propose            proposes a waiter's acquisition again
     * @param releaseUndelivered gives back a grant its waiter no longer wants
     * @param isFree             whether a lock is free in the applied table right now
     */
    LeaderWaiters(Function<ParkedCall, CompletableFuture<Attempt>> propose,
                  Consumer<Handout> releaseUndelivered, Predicate<LockKey> isFree) {
        this.propose = propose;
        this.releaseUndelivered = releaseUndelivered;
        this.isFree = isFree;
    }

    /** @return whether calls wait for this lock, so a new caller queues behind them */
    synchronized boolean hasWaiters(LockKey key) {
        Deque<ParkedCall> queue = queues.get(key);
        return queue != null && queue.stream().anyMatch(call -> !call.caller().isDone());
    }

    /**
     * @return whether a freed lock has live waiters and no proposal for it is in flight, so that {@link #freed}
     *         would propose one; a lock released in the same entry that hands it to its oldest waiter has none
     */
    synchronized boolean awaitsProposal(LockKey key) {
        return !proposing.contains(key) && hasWaiters(key);
    }

    /** Parks a call at the end of its lock's line; asks at once if the lock was freed meanwhile. */
    void park(ParkedCall call) {
        synchronized (this) {
            queues.computeIfAbsent(call.key(), key -> new ArrayDeque<>()).addLast(call);
        }
        if (isFree.test(call.key())) {
            freed(call.key());
        }
    }

    /**
     * A lock was freed: its oldest live waiter's acquisition is proposed, unless one is in flight or the lock was
     * taken again meanwhile (a hand-off in the same entry as the release, {@link #claimHandoff}).
     */
    void freed(LockKey key) {
        if (!isFree.test(key)) {
            return;
        }
        ParkedCall head = claimHandoff(key);
        if (head != null) {
            handOff(head, propose.apply(head));
        }
    }

    /**
     * Claims the oldest live waiter of a lock for a proposal of its acquisition, so that no other proposal for this
     * lock starts until {@link #handOff} settles it.
     *
     * @return the claimed waiter, or {@code null} if no call waits or a proposal for the lock is in flight
     */
    ParkedCall claimHandoff(LockKey key) {
        synchronized (this) {
            if (proposing.contains(key)) {
                return null;
            }
            ParkedCall head = liveHead(key);
            if (head != null) {
                proposing.add(key);
            }
            return head;
        }
    }

    /** Settles a waiter claimed with {@link #claimHandoff} once its proposed acquisition is answered. */
    void handOff(ParkedCall head, CompletableFuture<Attempt> proposed) {
        proposed.whenComplete((attempt, error) -> settle(head,
                error != null ? new Attempt.Failed(Failures.unwrap(error)) : attempt));
    }

    private void settle(ParkedCall head, Attempt attempt) {
        synchronized (this) {
            proposing.remove(head.key());
            if (!(attempt instanceof Attempt.Busy)) {
                Deque<ParkedCall> queue = queues.get(head.key());
                if (queue != null) {
                    queue.remove(head);
                }
            }
        }
        if (attempt instanceof Attempt.Granted granted) {
            if (!head.caller().complete(granted.handout())) {
                releaseUndelivered.accept(granted.handout());
            }
            return;
        }
        if (attempt instanceof Attempt.Failed failed) {
            head.caller().completeExceptionally(failed.failure());
            if (failed.failure() instanceof NotLeaderException) {
                return;
            }
        }
        // A release applied while the proposal was in flight found it busy and asked no one: ask now.
        if (isFree.test(head.key())) {
            freed(head.key());
        }
    }

    /** Drops a call whose wait ended (its caller was answered {@code null}). */
    synchronized void withdraw(ParkedCall call) {
        Deque<ParkedCall> queue = queues.get(call.key());
        if (queue != null && queue.remove(call) && queue.isEmpty() && !proposing.contains(call.key())) {
            queues.remove(call.key());
        }
    }

    /** Fails every parked call: this member stopped leading. */
    void failAll(NotLeaderException notLeader) {
        List<ParkedCall> all = new ArrayList<>();
        synchronized (this) {
            queues.values().forEach(all::addAll);
            queues.clear();
        }
        all.forEach(call -> call.caller().completeExceptionally(notLeader));
    }

    /** @return how many calls are parked */
    synchronized int size() {
        return queues.values().stream().mapToInt(Deque::size).sum();
    }

    private ParkedCall liveHead(LockKey key) {
        Deque<ParkedCall> queue = queues.get(key);
        if (queue == null) {
            return null;
        }
        while (!queue.isEmpty() && queue.peekFirst().caller().isDone()) {
            queue.pollFirst();
        }
        if (queue.isEmpty()) {
            queues.remove(key);
            return null;
        }
        return queue.peekFirst();
    }

    /** @return how many calls wait for this lock now (for the admin page; calls already answered excluded) */
    synchronized int waitingFor(LockKey key) {
        Deque<ParkedCall> queue = queues.get(key);
        return queue == null ? 0 : (int) queue.stream().filter(call -> !call.caller().isDone()).count();
    }
}
