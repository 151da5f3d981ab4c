package io.lockfacade.server.table;

import io.lockfacade.server.compact.CompactSet;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * One client session inside the table: a deadline shared by every lock granted under it, and the keys of those
 * locks, so that ending it costs O(locks of the session), never a scan. A keep-alive moves one deadline (O(1)) and
 * never moves it back. Ending is final. Time is always passed in.
 *
 * <p>Once any transition has seen the deadline pass, the session has <em>lapsed</em> for good: moments are taken
 * when calls arrive, so a keep-alive may be applied after a later moment already freed one of the session's locks,
 * and it must not revive the session without that lock.
 *
 * <p>Its own monitor serialises its changes; keys' transitions read it without taking that monitor.
 */
final class SessionState {

    final String id;
    final long ttlMillis;
    private final long ttlNanos;
    /** The session's locks, in a compact set: a few bytes per lock where a concurrent set costs some forty. */
    private final CompactSet<LockKey> keys = CompactSet.plain();
    private volatile long endNanos;
    private volatile long lastKeepAliveNanos;
    private volatile boolean ended;
    private volatile boolean lapsed;
    private long forceRemovals;
    /** Keys of read-write locks, semaphores and leaderships it holds grants of; null while none. */
    private Set<SessionHolding> holdings;

    SessionState(String id, long ttlMillis, long nowNanos) {
        this(id, ttlMillis, nowNanos + TimeUnit.MILLISECONDS.toNanos(ttlMillis), nowNanos, 0);
    }

    SessionState(String id, long ttlMillis, long endNanos, long lastKeepAliveNanos, long forceRemovals) {
        this.id = id;
        this.ttlMillis = ttlMillis;
        this.ttlNanos = TimeUnit.MILLISECONDS.toNanos(ttlMillis);
        this.endNanos = endNanos;
        this.lastKeepAliveNanos = lastKeepAliveNanos;
        this.forceRemovals = forceRemovals;
    }

    /** @return whether the session is still alive and now runs at least one TTL from {@code nowNanos} */
    synchronized boolean keepAlive(long nowNanos) {
        if (hasEnded(nowNanos)) {
            lapsed = true;
            return false;
        }
        long end = nowNanos + ttlNanos;
        if (end - endNanos > 0) {
            endNanos = end;
        }
        if (nowNanos - lastKeepAliveNanos > 0) {
            lastKeepAliveNanos = nowNanos;
        }
        return true;
    }

    /**
     * Makes the session run at least one TTL from {@code nowNanos} unless it has ended, a lapse included (a new
     * leader's extension: keep-alives may have gone to the old leader, or the whole group was down). Unlike a
     * keep-alive it records no keep-alive. Only for a table that ends a session as soon as one of its locks is
     * freed for expiry, so that a lapsed session still has every lock.
     *
     * @return whether the session was not ended and now runs at least one TTL from {@code nowNanos}
     */
    synchronized boolean extendFrom(long nowNanos) {
        if (ended) {
            return false;
        }
        lapsed = false;
        long end = nowNanos + ttlNanos;
        if (end - endNanos > 0) {
            endNanos = end;
        }
        return true;
    }

    /** @return whether this call ended the session (false if it had ended already) */
    synchronized boolean end() {
        if (ended) {
            return false;
        }
        ended = true;
        return true;
    }

    /** @return whether the session has ended or lapsed by {@code nowNanos}; a lapse it sees is final */
    boolean hasEnded(long nowNanos) {
        if (ended || lapsed) {
            return true;
        }
        return nowNanos - endNanos >= 0 && lapse(nowNanos);
    }

    /** Checked again under the monitor, against a keep-alive moving the deadline meanwhile. */
    private synchronized boolean lapse(long nowNanos) {
        if (nowNanos - endNanos >= 0) {
            lapsed = true;
        }
        return lapsed;
    }

    boolean isEnded() {
        return ended;
    }

    long endNanos() {
        return endNanos;
    }

    long lastKeepAliveNanos() {
        return lastKeepAliveNanos;
    }

    synchronized long forceRemovals() {
        return forceRemovals;
    }

    synchronized void countForceRemoval() {
        forceRemovals++;
    }

    int lockCount() {
        return keys.size();
    }

    /**
     * Hands over the keys of an ended session's locks, emptying its set at once: the locks are then released one
     * by one without each release searching (and shrinking) the set.
     *
     * @return the keys; empty if the session has not ended (nothing may be taken from a live session)
     */
    List<LockKey> takeKeys() {
        List<LockKey> taken = new ArrayList<>();
        if (ended) {
            keys.drain((key, unused) -> taken.add(key));
        }
        return taken;
    }

    /** Records a lock granted under this session; refused once the session has ended. */
    synchronized boolean attach(LockKey key) {
        if (ended) {
            return false;
        }
        keys.add(key);
        return true;
    }

    synchronized void detach(LockKey key) {
        if (!ended) {
            keys.remove(key);
        }
    }

    /** Records a grant of another primitive under this session; refused once the session has ended. */
    synchronized boolean hold(SessionHolding holding) {
        if (ended) {
            return false;
        }
        if (holdings == null) {
            holdings = new HashSet<>(4);
        }
        holdings.add(holding);
        return true;
    }

    /** Forgets a holding once the session has no grant left on its key. */
    synchronized void letGo(SessionHolding holding) {
        if (!ended && holdings != null && holdings.remove(holding) && holdings.isEmpty()) {
            holdings = null;
        }
    }

    /** @return the holdings of an ended session, in {@link SessionHolding#ORDER}; empty if it has not ended */
    synchronized List<SessionHolding> takeHoldings() {
        if (!ended || holdings == null) {
            return List.of();
        }
        List<SessionHolding> taken = new ArrayList<>(holdings);
        holdings = null;
        taken.sort(SessionHolding.ORDER);
        return taken;
    }

    @Override
    public String toString() {
        return "Session[" + id + "]";
    }
}
