package io.lockfacade.server.table;

import io.lockfacade.api.LockGrant;

import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The state of one held lock and the rules that change it: holder, token, lease or session, and the queue of
 * waiters. {@link LockMachine} runs these rules inside {@code ConcurrentHashMap.compute} on the lock's key, which
 * serialises one key's transitions and leaves other keys free. A rule takes the time and token floor in a
 * {@link Moment} and records what it did in an {@link Effects.Builder}; it reads no clock and completes nothing.
 *
 * <p>One object per live lock, kept small: the table's memory per held lock is what a master with a million
 * locks pays. Its fields fill 48 bytes with no padding (what only contended or retried locks need
 * lives in a {@link Crowd} made on demand); the lease is an {@code int} of milliseconds (the longest
 * lease, {@code LockLimits.MAX_LEASE}, is far below {@code Integer.MAX_VALUE} ms).
 */
final class LockState {

    String owner;
    long fencingToken;
    long acquiredAtNanos;
    long deadlineNanos;
    int leaseMillis;
    /**
     * {@code null}, the {@link SessionState} the grant lives under, or a {@link Crowd} once the lock has waiters or
     * its grant was handed out more than once: what most locks never need costs them no field of their own.
     */
    private Object link;

    /** What only some locks need: their waiters, and how many calls were handed the grant when more than one. */
    private static final class Crowd {
        SessionState session;
        /** Parked calls, oldest first; null while nobody waits. */
        WaiterQueue waiters;
        /** How many handouts of the current grant may have reached their calls (undelivered ones are taken off). */
        int handouts = 1;
    }

    /** @return the session the grant lives under, or {@code null} for a grant with a lease of its own */
    SessionState session() {
        if (link instanceof Crowd crowd) {
            return crowd.session;
        }
        return (SessionState) link;
    }

    void setSession(SessionState session) {
        if (link instanceof Crowd crowd) {
            crowd.session = session;
        } else {
            link = session;
        }
    }

    /** @return how many handouts of the current grant may have been delivered; see {@link Handout} */
    int handouts() {
        return link instanceof Crowd crowd ? crowd.handouts : 1;
    }

    void setHandouts(int handouts) {
        if (handouts != 1 || link instanceof Crowd) {
            crowd().handouts = handouts;
            thin();
        }
    }

    private WaiterQueue waiters() {
        return link instanceof Crowd crowd ? crowd.waiters : null;
    }

    int waiterCount() {
        WaiterQueue waiters = waiters();
        return waiters == null ? 0 : waiters.size();
    }

    /** @return a copy of the waiters, oldest first */
    List<Waiter> waiterList() {
        WaiterQueue waiters = waiters();
        return waiters == null ? List.of() : waiters.list();
    }

    private Crowd crowd() {
        if (link instanceof Crowd crowd) {
            return crowd;
        }
        Crowd crowd = new Crowd();
        crowd.session = (SessionState) link;
        link = crowd;
        return crowd;
    }

    /** Drops the crowd once the lock needs nothing it holds. */
    private void thin() {
        if (link instanceof Crowd crowd && crowd.waiters == null && crowd.handouts == 1) {
            link = crowd.session;
        }
    }

    boolean isExpired(long nowNanos) {
        SessionState session = session();
        return session != null ? session.hasEnded(nowNanos) : nowNanos - deadlineNanos >= 0;
    }

    long endNanos() {
        SessionState session = session();
        return session != null ? session.endNanos() : deadlineNanos;
    }

    LockView view(LockKey key) {
        SessionState session = session();
        return new LockView(key, owner, fencingToken, acquiredAtNanos, leaseMillis, endNanos(),
                session == null ? null : session.id, waiterCount());
    }

    Handout handout(LockKey key) {
        return new Handout(new LockGrant(key.lockType(), key.key(), owner, fencingToken, leaseMillis), handouts());
    }

    /** Frees an expired hold (handing it to the oldest waiter); returns what the key holds afterwards. */
    static LockState expireIfDue(LockKey key, LockState s, Moment m, Ledger ledger, Effects.Builder fx) {
        return s != null && s.isExpired(m.nanos()) ? s.passOn(key, Effects.Cause.EXPIRED, m, ledger, fx) : s;
    }

    /**
     * Ends the current hold and grants the oldest waiter whose session (if any) is alive; waiters whose session
     * has ended are answered "not granted".
     *
     * @return this state with its new holder, or {@code null} when the lock becomes free
     */
    LockState passOn(LockKey key, Effects.Cause cause, Moment m, Ledger ledger, Effects.Builder fx) {
        fx.ended(view(key), cause);
        detach(key);
        Waiter next;
        while ((next = pollWaiter()) != null) {
            SessionState nextSession = ledger.liveSession(next.sessionId(), m.nanos());
            if (next.sessionId() != null && nextSession == null
                    || !grant(key, next.owner(), next.leaseMillis(), nextSession, m, ledger)) {
                fx.answered(next, null, null);
                continue;
            }
            fx.answered(next, handout(key), view(key));
            return this;
        }
        ledger.liveTypes.decrement(key.lockType());
        owner = null;
        return null;
    }

    /**
     * Makes a new grant to {@code newOwner}, with a fresh token.
     *
     * @return {@code false}, changing nothing, if the grant was to live under a session that has ended
     */
    boolean grant(LockKey key, String newOwner, long lease, SessionState under, Moment m, Ledger ledger) {
        int ownLease = under == null ? Math.toIntExact(lease) : 0;
        long token = ledger.tokens.issue(m.tokenFloor());
        if (under != null && !under.attach(key)) {
            return false;
        }
        setSession(under);
        owner = newOwner;
        fencingToken = token;
        acquiredAtNanos = m.nanos();
        setHandouts(1);
        ledger.grants.incrementAndGet();
        if (under == null) {
            extend(ownLease, m.nanos());
        } else {
            leaseMillis = Math.toIntExact(under.ttlMillis);
        }
        return true;
    }

    /** Moves the holder's grant under another session, or to a lease of its own ({@code under == null}). */
    boolean moveTo(LockKey key, SessionState under) {
        if (under != null && !under.attach(key)) {
            return false;
        }
        detach(key);
        setSession(under);
        if (under != null) {
            leaseMillis = Math.toIntExact(under.ttlMillis);
        }
        return true;
    }

    /** @throws ArithmeticException changing nothing, if the lease does not fit an {@code int} of milliseconds */
    void extend(long lease, long nowNanos) {
        leaseMillis = Math.toIntExact(lease);
        deadlineNanos = nowNanos + TimeUnit.MILLISECONDS.toNanos(lease);
    }

    /**
     * Makes a grant with a lease of its own run at least its lease from {@code nowNanos}, even if the lease ran out
     * and nothing freed it yet (a new leader's extension); a grant under a session is left to its session.
     *
     * @return whether the grant has a lease of its own, now extended
     */
    boolean extendFrom(long nowNanos) {
        if (session() != null) {
            return false;
        }
        long end = nowNanos + TimeUnit.MILLISECONDS.toNanos(leaseMillis);
        if (end - deadlineNanos > 0) {
            deadlineNanos = end;
        }
        return true;
    }

    void detach(LockKey key) {
        SessionState session = session();
        if (session != null) {
            session.detach(key);
            setSession(null);
        }
    }

    Waiter pollWaiter() {
        WaiterQueue waiters = waiters();
        if (waiters == null) {
            return null;
        }
        Waiter next = waiters.poll();
        dropEmptyQueue(waiters);
        return next;
    }

    /**
     * Queues a call by the rules of {@link WaiterQueue}.
     *
     * @return the same owner's earlier call, now out of the queue, or {@code null}
     */
    Waiter addWaiter(Waiter waiter) {
        Crowd crowd = crowd();
        if (crowd.waiters == null) {
            crowd.waiters = new WaiterQueue();
        }
        return crowd.waiters.add(waiter);
    }

    /** @return the removed waiter of that id, or {@code null} if it is not queued */
    Waiter removeWaiter(long waiterId) {
        WaiterQueue waiters = waiters();
        if (waiters == null) {
            return null;
        }
        Waiter removed = waiters.remove(waiterId);
        dropEmptyQueue(waiters);
        return removed;
    }

    private void dropEmptyQueue(WaiterQueue waiters) {
        if (waiters.isEmpty()) {
            crowd().waiters = null;
            thin();
        }
    }
}
