package io.lockfacade.client.distributed;

import io.lockfacade.api.deadlock.HeldLock;
import io.lockfacade.client.deadlock.DeadlockDetection;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The locks each thread of a node holds, with their fencing tokens, so that a thread that must wait on the master
 * can name them ({@link HeldLock}) for the master's deadlock check. Written and read by the thread itself only.
 * With detection off it records nothing and names nothing.
 */
final class HeldByThread {

    private final boolean enabled;
    private final long checkDelayMillis;
    private final ThreadLocal<Map<LockId, RemoteHold>> held = ThreadLocal.withInitial(LinkedHashMap::new);

    HeldByThread(DeadlockDetection detection) {
        this.enabled = detection.enabled();
        this.checkDelayMillis = detection.checkDelay().toMillis();
    }

    /** The current thread took the lock (first acquisition, not a re-entry). */
    void took(LockId id, RemoteHold hold) {
        if (enabled && hold != null) {
            held.get().put(id, hold);
        }
    }

    /** The current thread's final unlock of the lock. */
    void released(LockId id) {
        if (enabled) {
            Map<LockId, RemoteHold> mine = held.get();
            mine.remove(id);
            if (mine.isEmpty()) {
                held.remove();
            }
        }
    }

    /** @return what the current thread holds, at most {@link HeldLock#MAX_PER_CALL} (fewer claims only hide) */
    List<HeldLock> current() {
        if (!enabled) {
            return List.of();
        }
        Map<LockId, RemoteHold> mine = held.get();
        List<HeldLock> claims = new ArrayList<>(Math.min(mine.size(), HeldLock.MAX_PER_CALL));
        for (Map.Entry<LockId, RemoteHold> entry : mine.entrySet()) {
            if (claims.size() == HeldLock.MAX_PER_CALL) {
                break;
            }
            claims.add(new HeldLock(entry.getKey().lockType(), entry.getKey().key(), entry.getValue().fencingToken()));
        }
        if (mine.isEmpty()) {
            held.remove();
        }
        return claims;
    }

    /** @return the check delay the master is asked to wait before it checks a call */
    long checkDelayMillis() {
        return checkDelayMillis;
    }
}
