package io.lockfacade.server.table;

import java.util.ArrayDeque;

/**
 * The mutable state of one held lock: its holder, lease, expiry slot and queue of waiters.
 *
 * <p>Only {@link LockTable} touches it, always inside {@code ConcurrentHashMap.compute} on the lock's key, which
 * is what serialises the transitions of one key while leaving other keys free. One object per live lock, kept
 * small: the table's memory per held lock is what a master with a million locks pays.
 */
final class KeyState {

    String owner;
    long fencingToken;
    long acquiredAtEpochMillis;
    long leaseMillis;
    long expiresAtNanos;
    /** How many calls were handed the current grant; see {@link Handout}. */
    int handouts;
    /** The expiry slot the key is scheduled in; 0 when none. */
    long scheduledSlot;
    /** The session the grant lives under, or {@code null} for a grant with a lease of its own. */
    Session session;
    /** Parked calls, oldest first; null while nobody waits. */
    ArrayDeque<Waiter> waiters;

    boolean isHeld() {
        return owner != null;
    }

    boolean isExpired(long nowNanos) {
        if (owner == null) {
            return false;
        }
        return session != null ? session.hasEnded(nowNanos) : nowNanos - expiresAtNanos >= 0;
    }

    /** @return how long the grant lasts from {@code nowNanos}, in nanoseconds, unless renewed or kept alive */
    long remainingNanos(long nowNanos) {
        long end = session != null ? session.expiresAtNanos() : expiresAtNanos;
        return Math.max(0, end - nowNanos);
    }

    int waiterCount() {
        return waiters == null ? 0 : waiters.size();
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

    void removeWaiter(Waiter waiter) {
        if (waiters != null && waiters.remove(waiter) && waiters.isEmpty()) {
            waiters = null;
        }
    }

    /** @return the waiting call of {@code owner} if it has one (a retry replaces it) */
    Waiter waiterOf(String owner) {
        if (waiters != null) {
            for (Waiter waiter : waiters) {
                if (waiter.owner().equals(owner)) {
                    return waiter;
                }
            }
        }
        return null;
    }
}
