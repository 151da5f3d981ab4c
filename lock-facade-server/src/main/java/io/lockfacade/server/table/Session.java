package io.lockfacade.server.table;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One client session on the master: a lease shared by every lock granted under it.
 *
 * <p>A keep-alive moves one deadline (O(1)); the locks themselves carry no deadline of their own. The session
 * knows the keys it holds, so that ending it costs O(locks of the session), never a scan of the table. Ending is
 * final. Time is always passed in: the session never reads a clock.
 */
public final class Session {

    private final String id;
    private final long ttlMillis;
    private final long ttlNanos;
    private final Set<LockKey> keys = ConcurrentHashMap.newKeySet();
    private volatile long expiresAtNanos;
    private volatile long lastKeepAliveEpochMillis;
    private volatile boolean ended;
    private final AtomicLong forceRemovals = new AtomicLong();

    /**
     * @param id        the client's session id
     * @param ttlMillis how long the session lives without a keep-alive
     * @param nowNanos  the master's monotonic time now
     * @param nowEpochMillis wall-clock time now, for display
     */
    public Session(String id, long ttlMillis, long nowNanos, long nowEpochMillis) {
        this.id = id;
        this.ttlMillis = ttlMillis;
        this.ttlNanos = TimeUnit.MILLISECONDS.toNanos(ttlMillis);
        this.expiresAtNanos = nowNanos + ttlNanos;
        this.lastKeepAliveEpochMillis = nowEpochMillis;
    }

    /** @return the client's session id */
    public String id() {
        return id;
    }

    /** @return the TTL, in milliseconds */
    public long ttlMillis() {
        return ttlMillis;
    }

    /**
     * Extends the session to one TTL from {@code nowNanos}, unless it has ended.
     *
     * @return whether the session is alive
     */
    public synchronized boolean keepAlive(long nowNanos, long nowEpochMillis) {
        if (hasEnded(nowNanos)) {
            return false;
        }
        expiresAtNanos = nowNanos + ttlNanos;
        lastKeepAliveEpochMillis = nowEpochMillis;
        return true;
    }

    /**
     * Ends the session for good, if it has not ended already.
     *
     * @return whether this call ended it
     */
    public synchronized boolean end() {
        if (ended) {
            return false;
        }
        ended = true;
        return true;
    }

    /** @return whether the session has ended or its TTL has run out at {@code nowNanos} */
    public boolean hasEnded(long nowNanos) {
        return ended || nowNanos - expiresAtNanos >= 0;
    }

    /** @return when the TTL runs out, master monotonic time */
    public long expiresAtNanos() {
        return expiresAtNanos;
    }

    /** @return wall-clock time of the last keep-alive (or of the opening) */
    public long lastKeepAliveEpochMillis() {
        return lastKeepAliveEpochMillis;
    }

    /** @return how many of this session's locks were force-removed since it was opened */
    public long forceRemovals() {
        return forceRemovals.get();
    }

    void countForceRemoval() {
        forceRemovals.incrementAndGet();
    }

    /** @return how many locks are held under this session */
    public int lockCount() {
        return keys.size();
    }

    Set<LockKey> keys() {
        return keys;
    }

    /** Records a lock granted under this session; refused once the session has ended. */
    synchronized boolean attach(LockKey key) {
        if (ended) {
            return false;
        }
        keys.add(key);
        return true;
    }

    void detach(LockKey key) {
        keys.remove(key);
    }

    @Override
    public String toString() {
        return "Session[" + id + "]";
    }
}
