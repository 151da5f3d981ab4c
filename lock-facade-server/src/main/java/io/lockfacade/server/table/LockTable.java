package io.lockfacade.server.table;

import io.lockfacade.api.LockGrant;
import io.lockfacade.api.SessionExpiredException;
import io.lockfacade.server.expiry.ExpirySchedule;
import io.lockfacade.server.expiry.LeaseReaper;
import io.lockfacade.server.fencing.FencingTokenSource;

import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * The master's lock table: a state machine per key, lock type then key, with no I/O and no threads of its own.
 *
 * <p>Each operation runs inside {@code ConcurrentHashMap.compute} on its key, so transitions of one key are
 * serialised and unrelated keys do not contend. A key is in the map exactly while its lock is held. Rules:
 * <ul>
 *   <li>A free or expired lock goes to the caller; an expired lock is freed on access, before the reaper runs.</li>
 *   <li>The holder asking again gets the same grant (same fencing token) with its lease extended.</li>
 *   <li>Otherwise the caller is busy, or parks as a {@link Waiter}; on release or expiry the oldest waiter that has
 *       not given up gets the lock at once.</li>
 *   <li>Only the holder may release or renew; anything else returns {@code false} and changes nothing.</li>
 *   <li>A grant made under a {@link Session} has no lease of its own: it lives until it is released or the
 *       session ends, and {@link #endSession} releases every lock of the session at once.</li>
 * </ul>
 * Arguments are assumed valid; the service layer checks them.
 */
public final class LockTable implements LeaseReaper.Sweep {

    private static final int NAME_CACHE_CAPACITY = 65_536;

    private final ConcurrentHashMap<LockKey, KeyState> states = new ConcurrentHashMap<>();
    private final LiveTypeCounter liveTypes = new LiveTypeCounter();
    private final NameCanonicalizer names = new NameCanonicalizer(NAME_CACHE_CAPACITY);
    private final AtomicLong grantCount = new AtomicLong();
    private final FencingTokenSource tokens;
    private final ExpirySchedule expiries;
    private final LongSupplier nanoClock;
    private final LongSupplier epochMillisClock;

    /**
     * @param tokens           where fencing tokens come from
     * @param expiries         the expiry schedule the reaper drains
     * @param nanoClock        monotonic time for leases
     * @param epochMillisClock wall-clock time, for display only
     */
    public LockTable(FencingTokenSource tokens, ExpirySchedule expiries, LongSupplier nanoClock,
                     LongSupplier epochMillisClock) {
        this.tokens = tokens;
        this.expiries = expiries;
        this.nanoClock = nanoClock;
        this.epochMillisClock = epochMillisClock;
    }

    /**
     * Grants the lock, reports it busy, or parks the caller.
     *
     * @param mayWait whether a busy lock parks the caller instead of answering busy at once
     */
    public Acquisition acquire(LockKey lockKey, String owner, long leaseMillis, boolean mayWait) {
        return acquire(lockKey, owner, leaseMillis, mayWait, null);
    }

    /**
     * Like {@link #acquire(LockKey, String, long, boolean)}, the grant living under {@code session} instead of a
     * lease of its own.
     *
     * @param session the caller's session, or {@code null} for a grant with its own lease
     * @throws io.lockfacade.api.SessionExpiredException if the session has ended; nothing changes then
     */
    public Acquisition acquire(LockKey lockKey, String owner, long leaseMillis, boolean mayWait, Session session) {
        LockKey key = canonical(lockKey);
        String who = names.canonical(owner);
        Transition t = new Transition();
        states.compute(key, (k, s) -> {
            long now = nanoClock.getAsLong();
            s = expireIfDue(k, s, now, t);
            if (session != null && session.hasEnded(now)) {
                t.sessionEnded = true;
                return s;
            }
            if (s == null) {
                KeyState fresh = new KeyState();
                if (!grant(k, fresh, who, leaseMillis, now, session)) {
                    t.sessionEnded = true;
                    return null;
                }
                liveTypes.increment(k.lockType());
                t.handout = handout(k, fresh);
                return fresh;
            } else if (s.owner.equals(who)) {
                if (s.session != session && !moveTo(k, s, session)) {
                    t.sessionEnded = true;
                    return s;
                }
                if (session == null) {
                    extend(k, s, leaseMillis, now);
                }
                s.handouts++;
                t.handout = handout(k, s);
            } else if (mayWait) {
                Waiter previous = s.waiterOf(who);
                if (previous != null) {
                    s.removeWaiter(previous);
                    t.supersedeLater(previous);
                }
                t.waiter = new Waiter(this, k, who, leaseMillis, session);
                s.addWaiter(t.waiter);
            }
            return s;
        });
        t.complete();
        if (t.sessionEnded) {
            throw new SessionExpiredException(
                    "session " + session.id() + " has ended: its locks were released; open a new session");
        }
        return t.handout != null || t.waiter != null ? new Acquisition(t.handout, t.waiter) : Acquisition.BUSY;
    }

    /** Releases the lock if {@code owner} holds it; the oldest live waiter gets it. */
    public boolean release(LockKey key, String owner) {
        Transition t = new Transition();
        states.computeIfPresent(key, (k, s) -> {
            s = expireIfDue(k, s, nanoClock.getAsLong(), t);
            if (s == null || !s.owner.equals(owner)) {
                return s;
            }
            t.changed = true;
            return passOn(k, s, t);
        });
        t.complete();
        return t.changed;
    }

    /**
     * Releases a grant the transport could not deliver, unless a later call has been handed the same grant.
     *
     * @return whether the grant was released
     */
    public boolean releaseUndelivered(Handout handout) {
        LockGrant grant = handout.grant();
        Transition t = new Transition();
        states.computeIfPresent(handout.lockKey(), (k, s) -> {
            if (s.fencingToken != grant.getFencingToken() || s.handouts != handout.sequence()) {
                return s;
            }
            t.changed = true;
            return passOn(k, s, t);
        });
        t.complete();
        return t.changed;
    }

    /** Extends the lease if {@code owner} still holds the lock. */
    public boolean renew(LockKey key, String owner, long leaseMillis) {
        Transition t = new Transition();
        states.computeIfPresent(key, (k, s) -> {
            long now = nanoClock.getAsLong();
            s = expireIfDue(k, s, now, t);
            if (s != null && s.owner.equals(owner)) {
                if (s.session == null) {
                    extend(k, s, leaseMillis, now);
                }
                t.changed = true;
            }
            return s;
        });
        t.complete();
        return t.changed;
    }

    /** @return whether no lock of this type is held */
    public boolean isTypeEmpty(String lockType) {
        return liveTypes.isEmpty(lockType);
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
        Transition t = new Transition();
        states.computeIfPresent(key, (k, s) -> {
            long now = nanoClock.getAsLong();
            s = expireIfDue(k, s, now, t);
            if (s == null || expectedToken.isPresent() && s.fencingToken != expectedToken.getAsLong()) {
                return s;
            }
            t.removed = info(k, s, now);
            if (s.session != null) {
                s.session.countForceRemoval();
            }
            return passOn(k, s, t);
        });
        t.complete();
        return Optional.ofNullable(t.removed);
    }

    /** @return a consistent picture of one lock, or empty if it is not held */
    public Optional<LockInfo> describe(LockKey key) {
        LockInfo[] seen = new LockInfo[1];
        states.computeIfPresent(key, (k, s) -> {
            long now = nanoClock.getAsLong();
            if (!s.isExpired(now)) {
                seen[0] = info(k, s, now);
            }
            return s;
        });
        return Optional.ofNullable(seen[0]);
    }

    /** Visits the key of every held lock; weakly consistent, does not block writers. */
    public void forEachKey(Consumer<LockKey> visitor) {
        states.keySet().forEach(visitor);
    }

    /** Visits a consistent picture of every held lock; weakly consistent across keys. */
    public void forEachLock(BiConsumer<LockKey, LockInfo> visitor) {
        states.keySet().forEach(key -> describe(key).ifPresent(info -> visitor.accept(key, info)));
    }

    /** @return how many locks are held right now (expired ones included until the reaper or an access frees them) */
    public int size() {
        return states.size();
    }

    /** @return how many grants this table has made since start */
    public long grantCount() {
        return grantCount.get();
    }

    /**
     * Ends a session and releases every lock held under it; the oldest live waiter of each gets it. Costs
     * O(locks of the session).
     *
     * @return how many locks were released; 0 if the session had ended already
     */
    public int endSession(Session session) {
        if (!session.end()) {
            return 0;
        }
        Transition t = new Transition();
        for (LockKey key : session.keys()) {
            states.computeIfPresent(key, (k, s) -> {
                if (s.session != session) {
                    return s;
                }
                t.released++;
                return passOn(k, s, t);
            });
        }
        t.complete();
        return t.released;
    }

    @Override
    public void expireDue(long nowNanos) {
        expiries.drainDue(nowNanos, key -> {
            Transition t = new Transition();
            states.computeIfPresent(key, (k, s) -> {
                KeyState after = expireIfDue(k, s, nowNanos, t);
                if (after != null && after.session == null && expiries.isDrained(after.scheduledSlot)) {
                    after.scheduledSlot = expiries.schedule(k, expiries.slotOf(after.expiresAtNanos));
                }
                return after;
            });
            t.complete();
        });
    }

    @Override
    public long nextDeadlineNanos(long nowNanos) {
        return expiries.nextDeadlineNanos(nowNanos);
    }

    void withdraw(Waiter waiter) {
        states.computeIfPresent(waiter.lockKey(), (k, s) -> {
            s.removeWaiter(waiter);
            return s;
        });
    }

    private KeyState expireIfDue(LockKey key, KeyState s, long now, Transition t) {
        return s != null && s.isExpired(now) ? passOn(key, s, t) : s;
    }

    /** Ends the current hold and grants the oldest live waiter; returns null when the lock becomes free. */
    private KeyState passOn(LockKey key, KeyState s, Transition t) {
        long now = nanoClock.getAsLong();
        detach(key, s);
        Waiter next;
        while ((next = s.pollWaiter()) != null) {
            if (next.claim()) {
                if (grant(key, s, next.owner(), next.leaseMillis(), now, next.session())) {
                    t.deliverLater(next, handout(key, s));
                    return s;
                }
                t.deliverLater(next, null); // its session ended while it waited: answered "not granted"
            }
        }
        expiries.unschedule(key, s.scheduledSlot);
        s.scheduledSlot = 0;
        liveTypes.decrement(key.lockType());
        s.owner = null;
        return null;
    }

    /** @return {@code false}, changing nothing, if the grant was to live under a session that has ended */
    private boolean grant(LockKey key, KeyState s, String owner, long leaseMillis, long now, Session session) {
        if (session != null) {
            if (!session.attach(key)) {
                return false;
            }
            expiries.unschedule(key, s.scheduledSlot);
            s.scheduledSlot = 0;
            s.session = session;
            s.leaseMillis = session.ttlMillis();
        }
        s.owner = owner;
        s.fencingToken = tokens.next();
        s.acquiredAtEpochMillis = epochMillisClock.getAsLong();
        s.handouts = 1;
        grantCount.incrementAndGet();
        if (session == null) {
            extend(key, s, leaseMillis, now);
        }
        return true;
    }

    /** Moves the holder's grant under another session, or to a lease of its own ({@code session == null}). */
    private boolean moveTo(LockKey key, KeyState s, Session session) {
        if (session != null) {
            if (!session.attach(key)) {
                return false;
            }
            detach(key, s);
            expiries.unschedule(key, s.scheduledSlot);
            s.scheduledSlot = 0;
            s.session = session;
            s.leaseMillis = session.ttlMillis();
        } else {
            detach(key, s);
        }
        return true;
    }

    private static void detach(LockKey key, KeyState s) {
        if (s.session != null) {
            s.session.detach(key);
            s.session = null;
        }
    }

    private void extend(LockKey key, KeyState s, long leaseMillis, long now) {
        s.leaseMillis = leaseMillis;
        s.expiresAtNanos = now + TimeUnit.MILLISECONDS.toNanos(leaseMillis);
        long slot = expiries.slotOf(s.expiresAtNanos);
        // A later deadline is picked up lazily when the scheduled slot is visited; an earlier one needs a visit.
        if (s.scheduledSlot == 0 || slot < s.scheduledSlot || expiries.isDrained(s.scheduledSlot)) {
            s.scheduledSlot = expiries.schedule(key, slot);
        }
    }

    private Handout handout(LockKey key, KeyState s) {
        LockGrant grant = new LockGrant(key.lockType(), key.key(), s.owner, s.fencingToken, s.leaseMillis);
        return new Handout(grant, s.handouts);
    }

    private LockInfo info(LockKey key, KeyState s, long now) {
        long remaining = TimeUnit.NANOSECONDS.toMillis(s.remainingNanos(now));
        return new LockInfo(key.lockType(), key.key(), s.owner, s.fencingToken, s.acquiredAtEpochMillis, remaining,
                s.waiterCount());
    }

    private LockKey canonical(LockKey key) {
        String type = names.canonical(key.lockType());
        return type == key.lockType() ? key : new LockKey(type, key.key());
    }
}
