package io.lockfacade.server.deadlock;

import io.lockfacade.api.deadlock.CycleSearch;
import io.lockfacade.api.deadlock.Wait;
import io.lockfacade.api.deadlock.WaitCycle;
import io.lockfacade.api.deadlock.WaitView;
import io.lockfacade.server.table.LockKey;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.PriorityQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * The master's wait-for graph. Its threads are owners ({@code node:thread#id}); a thread waits while its call is
 * parked, and holds what that call named, each grant by its fencing token. Only the caller's own holds are named:
 * a thread blocked in its call cannot release or hand off anything until the call returns, and a call counts only
 * while its answer is pending, so a claim never outlives the truth it states.
 *
 * <p>Claims are indexed by fencing token: the threads a wait waits for are the waiting threads that claim the token
 * of a live grant in its way (a mutex's holder, a read-write lock's writer or readers, a semaphore's indispensable
 * holders: {@link Blockers}), so a grant that expired or was removed meanwhile drops out by itself. Each wait is checked
 * once it has waited its delay ({@link #checkDue}); the check searches from that wait only ({@link CycleSearch}),
 * confirms a cycle by a second read, and names its youngest wait as the victim. A wait that is still pending after
 * its check is checked again every {@link #RECHECK_NANOS}, which also takes the ended ones out: a parked call costs
 * one {@link WatchedWait}, one index entry per claimed token and one per owner, and no callback of its own.
 *
 * <p>Thread-safe: every method holds the watch's monitor; {@link GrantLookup} is read under it and must not call
 * back.
 */
public final class DeadlockWatch {

    /** How often a wait that outlived its first check is looked at again. */
    public static final long RECHECK_NANOS = TimeUnit.SECONDS.toNanos(1);

    /** Checks run under one hold of the monitor, at most ({@link #checkDue(int)}). */
    public static final int CHECKS_PER_PASS = 64;

    private final Map<String, WatchedWait> waitOfOwner = new HashMap<>();
    private final Map<Long, Object> claimantsOfToken = new HashMap<>();
    private final PriorityQueue<WatchedWait> checks = new PriorityQueue<>(
            (first, second) -> Long.compare(first.dueNanos - second.dueNanos, 0)); // wraps as nanoTime does
    private final GrantLookup grants;
    private final LongSupplier nanoClock;
    private final WaitView<String, WaitTarget> view = new PendingClaims();
    private long lastSequence;

    /**
     * @param grants    the master's live grants
     * @param nanoClock the monotonic clock of the check delays
     */
    public DeadlockWatch(GrantLookup grants, LongSupplier nanoClock) {
        this.grants = grants;
        this.nanoClock = nanoClock;
    }

    /**
     * A parked call's victim: fail it with a {@code DeadlockException} whose message is {@code message}.
     *
     * @param waiterId the parked call's waiter id
     * @param owner    the victim thread
     * @param target   what it waited for
     * @param message  the cycle, beginning with {@code deadlock: }
     * @param answer   the parked call's answer
     */
    public record Victim(long waiterId, String owner, WaitTarget target, String message, CompletableFuture<?> answer) {

        /** @return the type of the lock it waited for */
        public String lockType() {
            return target.lockType();
        }
    }

    /** One watched call: what it waits for, the tokens it claims, its age, its next check and its answer. */
    private static final class WatchedWait {
        private final long waiterId;
        private final String owner;
        /** What it waits for, kept as fields rather than a {@link WaitTarget} (a parked call's heap counts). */
        private final LockKey lock;
        /** The permits asked for (positive) for a semaphore; else minus (1 + the kind's ordinal): one int, not two. */
        private final int kindOrPermits;
        /** The first claimed token (a thread that waits while holding one lock is the common case). */
        private final long firstToken;
        /** The other claimed tokens, {@code null} if it claims only one. */
        private final long[] moreTokens;
        private final long sequence;
        private final long beganNanos;
        private final CompletableFuture<?> answer;
        private long dueNanos;

        private WatchedWait(long waiterId, String owner, HoldingCall call, long sequence, long beganNanos,
                            CompletableFuture<?> answer) {
            this.waiterId = waiterId;
            this.owner = owner;
            WaitTarget target = call.target();
            this.lock = target.lockKey();
            this.kindOrPermits = target.kind() == WaitTarget.Kind.PERMITS ? target.permits()
                    : -1 - target.kind().ordinal();
            long[] tokens = call.heldTokens();
            this.firstToken = tokens[0];
            this.moreTokens = tokens.length == 1 ? null : Arrays.copyOfRange(tokens, 1, tokens.length);
            this.sequence = sequence;
            this.beganNanos = beganNanos;
            this.answer = answer;
            this.dueNanos = beganNanos + TimeUnit.MILLISECONDS.toNanos(call.checkDelayMillis());
        }

        private WaitTarget target() {
            return kindOrPermits > 0 ? new WaitTarget(WaitTarget.Kind.PERMITS, lock, kindOrPermits, owner)
                    : new WaitTarget(WaitTarget.Kind.values()[-1 - kindOrPermits], lock, 1, owner);
        }

        private boolean pending() {
            return !answer.isDone();
        }

        private long[] claimedTokens() {
            if (moreTokens == null) {
                return new long[] {firstToken};
            }
            long[] all = new long[moreTokens.length + 1];
            all[0] = firstToken;
            System.arraycopy(moreTokens, 0, all, 1, moreTokens.length);
            return all;
        }
    }

    /**
     * Records a call about to wait (before its transition, so that its end cannot come first); it counts while
     * {@code answer} is pending. A call of an owner that still has one recorded replaces it.
     *
     * @param call a call that names at least one held lock ({@link HoldingCall#holdsNothing()} is false)
     *
     * @return when its check is due
     */
    public synchronized long began(long waiterId, String owner, HoldingCall call, CompletableFuture<?> answer) {
        WatchedWait previous = waitOfOwner.get(owner);
        if (previous != null) {
            forget(previous);
        }
        WatchedWait wait = new WatchedWait(waiterId, owner, call, ++lastSequence, nanoClock.getAsLong(), answer);
        waitOfOwner.put(owner, wait);
        for (long token : wait.claimedTokens()) {
            claimantsOfToken.merge(token, wait, DeadlockWatch::addClaimant);
        }
        checks.add(wait);
        return wait.dueNanos;
    }

    /** @return the victims of the cycles the checks now due confirm; their waits are already out of the graph */
    public List<Victim> checkDue() {
        List<Victim> victims = new ArrayList<>(0);
        List<Victim> batch;
        do {
            batch = checkDue(CHECKS_PER_PASS);
            victims.addAll(batch);
        } while (hasDueChecks());
        return victims;
    }

    /**
     * Runs at most {@code limit} of the checks now due, holding this watch's monitor only for them: the calls that
     * begin to wait meanwhile (request threads, {@link #began}) take the same monitor, and thousands of waits can
     * come due in the same second (a swarm that parked at once, and their rechecks every second after).
     *
     * @return the victims of the cycles these checks confirm; their waits are already out of the graph
     */
    public synchronized List<Victim> checkDue(int limit) {
        List<Victim> victims = new ArrayList<>(0);
        long now = nanoClock.getAsLong();
        for (int done = 0; done < limit && !checks.isEmpty() && checks.peek().dueNanos - now <= 0; done++) {
            WatchedWait check = checks.poll();
            if (!isWatched(check)) {
                forget(check);
                continue;
            }
            Optional<WaitCycle<String, WaitTarget>> cycle = CycleSearch.through(view, check.owner);
            if (cycle.isPresent() && CycleSearch.isStillStanding(view, cycle.get())) {
                WatchedWait victim = waitOfOwner.get(cycle.get().victim());
                victims.add(new Victim(victim.waiterId, victim.owner, victim.target(),
                        cycle.get().describe(owner -> owner, WaitTarget::toString), victim.answer));
                forget(victim);
            }
            if (waitOfOwner.get(check.owner) == check) {
                check.dueNanos = now + RECHECK_NANOS;
                checks.add(check);
            }
        }
        return victims;
    }

    /** @return whether a check is due now */
    public synchronized boolean hasDueChecks() {
        return !checks.isEmpty() && checks.peek().dueNanos - nanoClock.getAsLong() <= 0;
    }

    /**
     * Takes out the waits at the head of the checks that ended or were replaced, whose checks would find nothing,
     * so that the timer wakes only for a wait still pending: calls that end within their delay, which is nearly
     * every call, then cost no wake-up of the timer at all.
     *
     * @return when the next check of a pending wait is due, or empty if no wait is pending
     */
    public synchronized OptionalLong nextDueNanos() {
        WatchedWait head;
        while ((head = checks.peek()) != null && !isWatched(head)) {
            checks.poll();
            forget(head);
        }
        return head == null ? OptionalLong.empty() : OptionalLong.of(head.dueNanos);
    }

    /** @return how many calls wait in the graph now */
    public synchronized int waitCount() {
        return (int) waitOfOwner.values().stream().filter(WatchedWait::pending).count();
    }

    /** @return the calls that wait in the graph now, longest wait first */
    public synchronized List<LiveWait> liveWaits() {
        long now = nanoClock.getAsLong();
        return waitOfOwner.values().stream().filter(WatchedWait::pending)
                .sorted(Comparator.comparingLong(wait -> wait.sequence))
                .map(wait -> new LiveWait(wait.owner, wait.lock.lockType(), wait.lock.key(),
                        Blockers.holderNames(wait.target(), grants), Arrays.stream(wait.claimedTokens()).boxed().toList(),
                        TimeUnit.NANOSECONDS.toMillis(now - wait.beganNanos)))
                .toList();
    }

    /** @return whether the wait is still its owner's and pending: whether its check could find anything */
    private boolean isWatched(WatchedWait wait) {
        return waitOfOwner.get(wait.owner) == wait && wait.pending();
    }

    /** Takes a wait and its claims out of the graph; a pending check of it is dropped when it comes up. */
    private void forget(WatchedWait wait) {
        if (!waitOfOwner.remove(wait.owner, wait)) {
            return;
        }
        for (long token : wait.claimedTokens()) {
            claimantsOfToken.computeIfPresent(token, (any, claimants) -> removeClaimant(claimants, wait));
        }
    }

    /** A token's claimants: one wait (nearly always), or a list of them. */
    private static Object addClaimant(Object claimants, Object added) {
        List<Object> all = new ArrayList<>(claimantsList(claimants));
        all.add(added);
        return all;
    }

    private static Object removeClaimant(Object claimants, WatchedWait removed) {
        if (claimants == removed) {
            return null;
        }
        List<Object> rest = new ArrayList<>(claimantsList(claimants));
        rest.remove(removed);
        return rest.isEmpty() ? null : rest.size() == 1 ? rest.get(0) : rest;
    }

    @SuppressWarnings("unchecked")
    private static List<Object> claimantsList(Object claimants) {
        return claimants instanceof List<?> list ? (List<Object>) list : List.of(claimants);
    }

    /** The graph of pending calls, a claimed hold counted only while the lock's live grant carries its token. */
    private final class PendingClaims implements WaitView<String, WaitTarget> {

        @Override
        public Wait<WaitTarget> waitOf(String owner) {
            WatchedWait wait = waitOfOwner.get(owner);
            return wait == null || !wait.pending() ? null : new Wait<>(wait.target(), wait.sequence, wait.beganNanos);
        }

        @Override
        public Collection<String> holdersOf(WaitTarget target) {
            return Blockers.of(target, grants, this::pendingClaimants);
        }

        /** @return the threads whose pending calls claim the token */
        private List<String> pendingClaimants(long token) {
            Object claimants = claimantsOfToken.get(token);
            if (claimants == null) {
                return List.of();
            }
            List<String> owners = new ArrayList<>(1);
            for (Object claimant : claimantsList(claimants)) {
                WatchedWait wait = (WatchedWait) claimant;
                if (wait.pending()) {
                    owners.add(wait.owner);
                }
            }
            return owners;
        }
    }
}
