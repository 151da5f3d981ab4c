package io.lockfacade.client.distributed;

import io.lockfacade.api.deadlock.HeldLock;
import io.lockfacade.client.deadlock.DeadlockDetection;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The grants each thread of a node holds (locks, and semaphore acquisitions), with their fencing tokens, so that a
 * thread that must wait on the master can name them ({@link HeldLock}) for the master's deadlock check. One per
 * node, shared by its locks and semaphores. Written and read by the thread itself only. With detection off it
 * records nothing and names nothing.
 */
public final class HeldByThread {

    private final boolean enabled;
    private final long checkDelayMillis;
    /** Per thread: each grant (a lock's {@link LockId}, or any other key) to its {@link RemoteHold} or HeldLock. */
    private final ThreadLocal<Map<Object, Object>> held = ThreadLocal.withInitial(LinkedHashMap::new);

    /** @param detection whether threads name what they hold, and the check delay they ask the master for */
    public HeldByThread(DeadlockDetection detection) {
        this.enabled = detection.enabled();
        this.checkDelayMillis = detection.checkDelay().toMillis();
    }

    /** The current thread took the lock (first acquisition, not a re-entry). */
    void took(LockId id, RemoteHold hold) {
        if (enabled && hold != null) {
            held.get().put(id, hold);
        }
    }

    /**
     * The current thread took a grant other than a lock's, such as an acquisition of permits.
     *
     * @param grant names the grant among the thread's, until {@link #released(Object)}
     */
    public void took(Object grant, HeldLock lock) {
        if (enabled) {
            held.get().put(grant, lock);
        }
    }

    /** The current thread no longer holds the grant (a lock's final unlock: its {@link LockId}). */
    public void released(Object grant) {
        if (enabled) {
            Map<Object, Object> mine = held.get();
            mine.remove(grant);
            if (mine.isEmpty()) {
                held.remove();
            }
        }
    }

    /** @return what the current thread holds, at most {@link HeldLock#MAX_PER_CALL} (fewer claims only hide) */
    public List<HeldLock> current() {
        if (!enabled) {
            return List.of();
        }
        Map<Object, Object> mine = held.get();
        List<HeldLock> claims = new ArrayList<>(Math.min(mine.size(), HeldLock.MAX_PER_CALL));
        for (Map.Entry<Object, Object> entry : mine.entrySet()) {
            if (claims.size() == HeldLock.MAX_PER_CALL) {
                break;
            }
            claims.add(entry.getValue() instanceof RemoteHold hold
                    ? new HeldLock(hold.id().lockType(), hold.id().key(), hold.fencingToken())
                    : (HeldLock) entry.getValue());
        }
        if (mine.isEmpty()) {
            held.remove();
        }
        return claims;
    }

    /** @return the check delay the master is asked to wait before it checks a call */
    public long checkDelayMillis() {
        return checkDelayMillis;
    }
}
