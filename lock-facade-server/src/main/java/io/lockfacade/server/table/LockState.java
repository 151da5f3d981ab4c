package io.lockfacade.server.table;

import io.lockfacade.api.LockGrant;

import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.concurrent.TimeUnit;

/**
 * The state of one held lock and the rules that change it: holder, token, lease or session, and the queue of
 * waiters. {@link LockMachine} runs these rules inside {@code ConcurrentHashMap.compute} on the lock's key, which
 * serialises one key's transitions and leaves other keys free. A rule takes the time and token floor in a
 * {@link Moment} and records what it did in an {@link Effects.Builder}; it reads no clock and completes nothing.
 *
 * <p>One object per live lock, kept small: the table's memory per held lock is what a master with a million
 * locks pays.
 */
final class LockState {

    String owner;
    long fencingToken;
    long acquiredAtNanos;
    long leaseMillis;
    long deadlineNanos;
    /** How many calls were handed the current grant; see {@link Handout}. */
    int handouts;
    /** The session the grant lives under, or {@code null} for a grant with a lease of its own. */
    SessionState session;
    /** Parked calls, oldest first; null while nobody waits. */
    ArrayDeque<Waiter> waiters;

    boolean isExpired(long nowNanos) {
        return session != null ? session.hasEnded(nowNanos) : nowNanos - deadlineNanos >= 0;
    }

    long endNanos() {
        return session != null ? session.endNanos() : deadlineNanos;
    }

    LockView view(LockKey key) {
        return new LockView(key, owner, fencingToken, acquiredAtNanos, leaseMillis, endNanos(),
                session == null ? null : session.id, waiters == null ? 0 : waiters.size());
    }

    Handout handout(LockKey key) {
        return new Handout(new LockGrant(key.lockType(), key.key(), owner, fencingToken, leaseMillis), handouts);
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
        long token = ledger.tokens.issue(m.tokenFloor());
        if (under != null && !under.attach(key)) {
            return false;
        }
        session = under;
        owner = newOwner;
        fencingToken = token;
        acquiredAtNanos = m.nanos();
        handouts = 1;
        ledger.grants.incrementAndGet();
        if (under == null) {
            extend(lease, m.nanos());
        } else {
            leaseMillis = under.ttlMillis;
        }
        return true;
    }

    /** Moves the holder's grant under another session, or to a lease of its own ({@code under == null}). */
    boolean moveTo(LockKey key, SessionState under) {
        if (under != null && !under.attach(key)) {
            return false;
        }
        detach(key);
        session = under;
        if (under != null) {
            leaseMillis = under.ttlMillis;
        }
        return true;
    }

    void extend(long lease, long nowNanos) {
        leaseMillis = lease;
        deadlineNanos = nowNanos + TimeUnit.MILLISECONDS.toNanos(lease);
    }

    void detach(LockKey key) {
        if (session != null) {
            session.detach(key);
            session = null;
        }
    }

    Waiter pollWaiter() {
        if (waiters == null) {
            return null;
        }
        Waiter next = waiters.poll();
        if (waiters.isEmpty()) {
            waiters = null;
        }
        return next;
    }

    void addWaiter(Waiter waiter) {
        if (waiters == null) {
            waiters = new ArrayDeque<>(4);
        }
        waiters.add(waiter);
    }

    /** @return the removed waiter of that id, or {@code null} if it is not queued */
    Waiter removeWaiter(long waiterId) {
        if (waiters == null) {
            return null;
        }
        for (Iterator<Waiter> it = waiters.iterator(); it.hasNext(); ) {
            Waiter waiter = it.next();
            if (waiter.id() == waiterId) {
                it.remove();
                if (waiters.isEmpty()) {
                    waiters = null;
                }
                return waiter;
            }
        }
        return null;
    }

    /** @return the waiting call of {@code who} if it has one (a retry replaces it) */
    Waiter waiterOf(String who) {
        if (waiters != null) {
            for (Waiter waiter : waiters) {
                if (waiter.owner().equals(who)) {
                    return waiter;
                }
            }
        }
        return null;
    }
}
