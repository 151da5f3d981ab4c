package io.lockfacade.server.table;

import io.lockfacade.api.YieldOutcome;

import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * The lock rules as a deterministic state machine: locks by type and key, their grants, waiters and sessions.
 *
 * <p>Every transition takes its time and fencing-token floor as a {@link Moment} and returns a typed
 * {@link Outcome} or {@link SessionOutcome}; it reads no clock, starts no thread and completes no future. Whoever
 * drives it applies the outcomes: answers parked calls, schedules expiry visits, counts events. Fed the same
 * commands with the same moments in the same order, two machines reach the same state and give the same outcomes;
 * {@link #snapshot()} and {@link #restore} carry that state over.
 *
 * <p>Transitions of one key run inside {@code ConcurrentHashMap.compute} on that key; unrelated keys do not
 * contend. A session's transitions take the session's monitor and then visit its keys one by one. Rules:
 * <ul>
 *   <li>A free or expired lock goes to the caller; an expired lock is freed on access, before any expiry visit.</li>
 *   <li>The holder asking again gets the same grant (same fencing token), its lease extended.</li>
 *   <li>Otherwise the caller is busy, or parks as a {@link Waiter}; on release or expiry the oldest waiter gets the
 *       lock in the same step.</li>
 *   <li>Only the holder may release or renew; anything else changes nothing.</li>
 *   <li>The holder yielding keeps the lock while no call waits, and hands it to the oldest waiter when one does
 *       ({@link YieldRule}).</li>
 *   <li>A grant under a session has no lease of its own: it lives until released or the session ends, and the end
 *       of a session releases all its locks, O(locks of the session).</li>
 * </ul>
 * Read-write locks, semaphores and leaderships ({@link #readWriteLocks()}, {@link #semaphores()},
 * {@link #leaderships()}) are transitions of the same machine: they live under its sessions and take their tokens
 * from its counter.
 * Arguments are assumed valid; the service layer checks them.
 */
public final class LockMachine {

    private static final int NAME_CACHE_CAPACITY = 65_536;

    private final ConcurrentHashMap<LockKey, LockState> states = new ConcurrentHashMap<>();
    private final NameCanonicalizer names = new NameCanonicalizer(NAME_CACHE_CAPACITY);
    private final Ledger ledger;
    private final SessionBook sessions;
    private final ManyKeys manyKeys;
    private final PrimitiveTables primitives;

    /** Creates an empty table whose first token is at least 1. */
    public LockMachine() {
        this(new Ledger(0, 0));
    }

    private LockMachine(Ledger ledger) {
        this.ledger = ledger;
        this.sessions = new SessionBook(ledger, this);
        this.primitives = new PrimitiveTables(ledger, this);
        this.manyKeys = new ManyKeys(states, ledger, primitives::of);
    }

    /**
     * Grants the lock, reports it busy, or parks the caller.
     *
     * @param sessionId the session the grant is to live under, or {@code null} for a lease of its own
     * @param waiterId  the id the call waits under if the lock is busy; 0 if it may not wait
     * @return {@code Granted}, {@code AlreadyHeld}, {@code Busy}, {@code Parked} or {@code SessionGone}
     */
    public Outcome acquire(LockKey lockKey, String owner, long leaseMillis, String sessionId, long waiterId,
                           Moment m) {
        SessionState session = null;
        if (sessionId != null) {
            session = ledger.sessions.get(sessionId);
            if (session == null || session.hasEnded(m.nanos())) {
                Effects ended = session == null ? Effects.NONE
                        : endSession(session, Effects.Cause.EXPIRED, m).effects();
                return new Outcome.SessionGone(ended);
            }
        }
        LockKey key = canonical(lockKey);
        String who = names.canonical(owner);
        SessionState under = session;
        Effects.Builder fx = new Effects.Builder();
        Outcome[] result = new Outcome[1];
        states.compute(key, (k, s) -> {
            s = LockState.expireIfDue(k, s, m, ledger, fx);
            if (s == null) {
                LockState fresh = new LockState();
                if (!fresh.grant(k, who, leaseMillis, under, m, ledger)) {
                    return null;
                }
                ledger.liveTypes.increment(k.lockType());
                result[0] = new Outcome.Granted(fresh.handout(k), fresh.view(k), fx.build());
                return fresh;
            }
            if (s.owner.equals(who)) {
                long previousEnd = s.endNanos();
                if (s.session() != under && !s.moveTo(k, under)) {
                    return s;
                }
                if (under == null) {
                    s.extend(leaseMillis, m.nanos());
                }
                s.setHandouts(s.handouts() + 1);
                result[0] = new Outcome.AlreadyHeld(s.handout(k), previousEnd, s.view(k), fx.build());
            } else if (waiterId != 0) {
                Waiter waiter = new Waiter(waiterId, k, who, leaseMillis, sessionId);
                Waiter replaced = s.addWaiter(waiter);
                if (replaced != null) {
                    fx.answered(replaced, null, null);
                }
                result[0] = new Outcome.Parked(waiter, fx.build());
            }
            return s;
        });
        if (result[0] != null) {
            return result[0];
        }
        // Busy, or the session ended between the check above and the grant (only with concurrent callers).
        return under != null && under.isEnded() ? new Outcome.SessionGone(fx.build()) : new Outcome.Busy(fx.build());
    }

    /** Releases the lock if {@code owner} holds it; the oldest waiter gets it. */
    public Outcome release(LockKey key, String owner, Moment m) {
        return endGrant(key, m, Effects.Cause.RELEASED, s -> s.owner.equals(owner));
    }

    /**
     * Releases a grant named by its owner and fencing token (a release answered before it was durable, settled):
     * a grant that ended or was made again since, under a later token, is left alone.
     */
    public Outcome releaseGrant(LockKey key, String owner, long token, Moment m) {
        return endGrant(key, m, Effects.Cause.RELEASED, s -> s.owner.equals(owner) && s.fencingToken == token);
    }

    /**
     * The holder offers the lock to the calls that wait for it, by {@link YieldRule}.
     *
     * @return {@code Released} (the oldest waiter got it, see the effects), {@code Kept} if no call waits, or
     *         {@code NotHolder} if {@code owner} does not hold the lock
     */
    public Outcome yieldToWaiters(LockKey key, String owner, Moment m) {
        Effects.Builder fx = new Effects.Builder();
        Outcome[] result = new Outcome[1];
        states.computeIfPresent(key, (k, s) -> {
            s = LockState.expireIfDue(k, s, m, ledger, fx);
            boolean holds = s != null && s.owner.equals(owner);
            YieldOutcome decided = YieldRule.decide(holds, holds && s.waiterCount() > 0);
            if (decided == YieldOutcome.KEPT) {
                result[0] = new Outcome.Kept(s.view(k), null);
            } else if (decided == YieldOutcome.RELEASED) {
                result[0] = new Outcome.Released(null);
                return s.passOn(k, Effects.Cause.RELEASED, m, ledger, fx);
            }
            return s;
        });
        Effects effects = fx.build();
        if (result[0] instanceof Outcome.Kept kept) {
            return new Outcome.Kept(kept.lock(), effects);
        }
        return result[0] instanceof Outcome.Released ? new Outcome.Released(effects) : new Outcome.NotHolder(effects);
    }

    /** @return whether a call waits for the lock; the queue is part of the lock's state */
    public boolean hasWaiters(LockKey key) {
        boolean[] waiting = new boolean[1];
        states.computeIfPresent(key, (k, s) -> {
            waiting[0] = s.waiterCount() > 0;
            return s;
        });
        return waiting[0];
    }

    /**
     * Releases a grant the transport could not deliver, unless another call has been handed the same grant.
     *
     * <p>Calls of one owner may run in any order (a retry can overtake the call it retries), so which handout of a
     * grant reached its caller is not told by its sequence: the grant is released only when every one of its
     * handouts has come back undelivered. Until then an undelivered handout only takes itself off the count.
     *
     * @return {@code Released}, or {@code NotHolder} if the grant is not current or another handout of it may
     *         have been delivered
     */
    public Outcome releaseUndelivered(Handout handout, Moment m) {
        long token = handout.grant().getFencingToken();
        return endGrant(handout.lockKey(), m, Effects.Cause.UNDELIVERED, s -> {
            if (s.fencingToken != token) {
                return false;
            }
            if (s.handouts() > 1) {
                s.setHandouts(s.handouts() - 1);
                return false;
            }
            return true;
        });
    }

    /**
     * {@link #releaseUndelivered} for a grant of a read-write lock, a semaphore or a leadership: fencing tokens are
     * unique across the table, so the handout's token finds its grant in whichever primitive holds it.
     *
     * @return {@code Released}, or {@code NotHolder} if no primitive holds the grant or another handout of it may
     *         have been delivered
     */
    public PrimitiveOutcome releaseUndeliveredPrimitive(Handout handout, Moment m) {
        return primitives.releaseUndelivered(handout.lockKey(), handout.grant().getFencingToken(), m);
    }

    /**
     * Removes a lock whoever holds it (operator action), if it is held under the expected token.
     *
     * @param expectedToken the token of the grant to remove, or empty for whatever grant is current
     * @return {@code Released} (the removed grant is the first ending of its effects) or {@code NotHolder}
     */
    public Outcome forceRemove(LockKey key, OptionalLong expectedToken, Moment m) {
        return endGrant(key, m, Effects.Cause.REMOVED, s -> {
            boolean matches = expectedToken.isEmpty() || s.fencingToken == expectedToken.getAsLong();
            if (matches && s.session() != null) {
                s.session().countForceRemoval();
            }
            return matches;
        });
    }

    private Outcome endGrant(LockKey key, Moment m, Effects.Cause cause, Predicate<LockState> ends) {
        Effects.Builder fx = new Effects.Builder();
        boolean[] done = new boolean[1];
        states.computeIfPresent(key, (k, s) -> {
            s = LockState.expireIfDue(k, s, m, ledger, fx);
            if (s == null || !ends.test(s)) {
                return s;
            }
            done[0] = true;
            return s.passOn(k, cause, m, ledger, fx);
        });
        return done[0] ? new Outcome.Released(fx.build()) : new Outcome.NotHolder(fx.build());
    }

    /** Extends the lease if {@code owner} still holds the lock; a grant under a session is kept as it is. */
    public Outcome renew(LockKey key, String owner, long leaseMillis, Moment m) {
        Effects.Builder fx = new Effects.Builder();
        Outcome.Renewed[] renewed = new Outcome.Renewed[1];
        states.computeIfPresent(key, (k, s) -> {
            s = LockState.expireIfDue(k, s, m, ledger, fx);
            if (s != null && s.owner.equals(owner)) {
                long previousEnd = s.endNanos();
                if (s.session() == null) {
                    s.extend(leaseMillis, m.nanos());
                }
                renewed[0] = new Outcome.Renewed(previousEnd, s.view(k), null);
            }
            return s;
        });
        Effects effects = fx.build();
        return renewed[0] == null ? new Outcome.NotHolder(effects)
                : new Outcome.Renewed(renewed[0].previousEndNanos(), renewed[0].lock(), effects);
    }

    /** Takes a parked call out of the queue, unless it was answered already. */
    public Outcome withdraw(LockKey key, long waiterId) {
        boolean[] removed = new boolean[1];
        states.computeIfPresent(key, (k, s) -> {
            removed[0] = s.removeWaiter(waiterId) != null;
            return s;
        });
        return removed[0] ? new Outcome.Withdrawn(Effects.NONE) : new Outcome.NotWaiting(Effects.NONE);
    }

    /**
     * An expiry visit of one grant: frees the lock if its lease has run out.
     *
     * @param fencingToken the grant the visit was scheduled for; another grant found there is only checked
     * @return {@code Released} if it expired, {@code StillHeld} if that grant still holds a lease, else
     *         {@code NotHolder}
     */
    public Outcome expire(LockKey key, long fencingToken, Moment m) {
        Effects.Builder fx = new Effects.Builder();
        Outcome.StillHeld[] alive = new Outcome.StillHeld[1];
        states.computeIfPresent(key, (k, s) -> {
            LockState after = LockState.expireIfDue(k, s, m, ledger, fx);
            if (after != null && after.fencingToken == fencingToken && after.session() == null) {
                alive[0] = new Outcome.StillHeld(after.view(k), Effects.NONE);
            }
            return after;
        });
        Effects effects = fx.build();
        if (alive[0] != null) {
            return alive[0];
        }
        return effects.endings().isEmpty() ? new Outcome.NotHolder(effects) : new Outcome.Released(effects);
    }

    /** @return a consistent picture of one live lock at {@code nowNanos}, or empty if it is not held */
    public Optional<LockView> describe(LockKey key, long nowNanos) {
        LockView[] seen = new LockView[1];
        states.computeIfPresent(key, (k, s) -> {
            if (!s.isExpired(nowNanos)) {
                seen[0] = s.view(k);
            }
            return s;
        });
        return Optional.ofNullable(seen[0]);
    }

    /** @return whether no lock of this type is held (expired ones count until freed) */
    public boolean isTypeEmpty(String lockType) {
        return ledger.liveTypes.isEmpty(lockType);
    }

    /** Visits the key of every held lock; weakly consistent, does not block writers. */
    public void forEachKey(Consumer<LockKey> visitor) {
        states.keySet().forEach(visitor);
    }

    /** @return how many locks are held (expired ones included until freed) */
    public int size() {
        return states.size();
    }

    /** @return how many grants this table has made */
    public long grantCount() {
        return ledger.grants.get();
    }

    /** @return the last fencing token issued, 0 if none */
    public long lastToken() {
        return ledger.tokens.last();
    }

    /** @return the table's sessions, for its session transitions */
    public SessionBook sessions() {
        return sessions;
    }

    /** @return the table's read-write locks, which share its fencing counter and sessions */
    public ReadWriteLocks readWriteLocks() {
        return primitives.readWriteLocks;
    }

    /** @return the table's semaphores, which share its fencing counter and sessions */
    public Semaphores semaphores() {
        return primitives.semaphores;
    }

    /** @return the table's leaderships, whose epochs come from its fencing counter */
    public Leaderships leaderships() {
        return primitives.leaderships;
    }

    /** Ends a session and releases its locks; see {@link ManyKeys#endSession}. */
    SessionOutcome.Ended endSession(SessionState session, Effects.Cause cause, Moment m) {
        return manyKeys.endSession(session, cause, m);
    }

    /**
     * Answers every parked call "not granted" and empties every queue: what a new leader of a replicated table
     * does, since the calls were parked on the old leader. Visits every key.
     *
     * @return the dropped calls, as handovers without a grant
     */
    public Effects dropWaiters() {
        return manyKeys.dropWaiters();
    }

    /**
     * Extends every session that has not ended and every grant with a lease of its own to run at least its own
     * length (TTL or lease) from {@code m}, those whose time ran out but that nothing has freed yet included: what
     * a new leader of a replicated table does when it takes over (as etcd does with its leases), since keep-alives
     * and renewals may have gone to the old leader, or the whole group was down. A lapsed session is revived, so
     * this is only for a table that ends a session as soon as one of its locks is freed for expiry (a session
     * revived without one of its locks would let its client believe it still holds it). Nothing ends, no token is
     * issued, deadlines only move later. Visits every session and every lock: once per term, never on a call's
     * path.
     *
     * @param sessions told each extended session, as {@link SessionBook#keepAlive} would answer it
     * @param leases   told each extended grant, as {@link #renew} would answer it, so expiry visits can follow
     * @return how many sessions and leases were extended
     */
    public int extendAll(Moment m, BiConsumer<String, SessionOutcome.Alive> sessions,
                         Consumer<Outcome.Renewed> leases) {
        return manyKeys.extendAll(m, sessions, leases);
    }

    /**
     * @return the whole state: consistent when no transition runs meanwhile (a replicated table takes it between
     *         two applied entries), weakly consistent otherwise
     */
    public TableSnapshot snapshot() {
        return TableSnapshot.of(states, ledger, primitives.snapshot());
    }

    /** @return a table in exactly the state of the snapshot */
    public static LockMachine restore(TableSnapshot snapshot) {
        LockMachine machine = new LockMachine(new Ledger(snapshot.lastToken(), snapshot.grantCount()));
        snapshot.restoreInto(machine.states, machine.ledger);
        machine.primitives.restore(snapshot.primitives());
        return machine;
    }

    private LockKey canonical(LockKey key) {
        String type = names.canonical(key.lockType());
        return type == key.lockType() ? key : new LockKey(type, key.key());
    }
}
