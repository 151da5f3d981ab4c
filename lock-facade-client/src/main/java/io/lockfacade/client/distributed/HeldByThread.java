package io.lockfacade.client.distributed;

import io.lockfacade.api.deadlock.HeldLock;
import io.lockfacade.client.deadlock.DeadlockDetection;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The grants each thread of a node holds (locks, and semaphore acquisitions), with their fencing tokens, so that a
 * thread that must wait on the master can name them ({@link HeldLock}) for the master's deadlock check. One per
 * node, shared by its locks and semaphores. Written and read by the thread itself only. With detection off it
 * records nothing and names nothing. A thread's record is made once and kept while the thread lives; a thread that
 * holds up to four grants at a time (the common case) records them in slots, allocating nothing per acquisition (the
 * record is written inside the lock's critical section, which bounds how fast the lock passes between threads).
 */
public final class HeldByThread {

    private final boolean enabled;
    private final long checkDelayMillis;
    private final ThreadLocal<Holds> held = ThreadLocal.withInitial(Holds::new);

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
            held.get().remove(grant);
        }
    }

    /** @return what the current thread holds, at most {@link HeldLock#MAX_PER_CALL} (fewer claims only hide) */
    public List<HeldLock> current() {
        if (!enabled) {
            return List.of();
        }
        List<HeldLock> claims = new ArrayList<>();
        held.get().forEach(value -> {
            if (claims.size() < HeldLock.MAX_PER_CALL) {
                claims.add(value instanceof RemoteHold hold
                        ? new HeldLock(hold.id().lockType(), hold.id().key(), hold.fencingToken())
                        : (HeldLock) value);
            }
        });
        return claims;
    }

    /** @return the check delay the master is asked to wait before it checks a call */
    public long checkDelayMillis() {
        return checkDelayMillis;
    }

    /**
     * One thread's grants: the first {@value #SLOTS} in slots of their own (a free slot is used again), any others
     * in a map made when first needed. A thread that holds a few grants at a time, such as one lock held while it
     * takes another, records and forgets them without allocating.
     */
    private static final class Holds {
        private static final int SLOTS = 4;
        private final Object[] grants = new Object[SLOTS];
        private final Object[] values = new Object[SLOTS];
        private Map<Object, Object> more;

        void put(Object grant, Object value) {
            int free = -1;
            for (int slot = 0; slot < SLOTS; slot++) {
                if (grant.equals(grants[slot])) {
                    values[slot] = value;
                    return;
                }
                if (free < 0 && grants[slot] == null) {
                    free = slot;
                }
            }
            if (more != null && more.containsKey(grant)) {
                more.put(grant, value);
            } else if (free >= 0) {
                grants[free] = grant;
                values[free] = value;
            } else {
                if (more == null) {
                    more = new LinkedHashMap<>();
                }
                more.put(grant, value);
            }
        }

        void remove(Object grant) {
            for (int slot = 0; slot < SLOTS; slot++) {
                if (grant.equals(grants[slot])) {
                    grants[slot] = null;
                    values[slot] = null;
                    return;
                }
            }
            if (more != null) {
                more.remove(grant);
            }
        }

        void forEach(Consumer<Object> consumer) {
            for (int slot = 0; slot < SLOTS; slot++) {
                if (grants[slot] != null) {
                    consumer.accept(values[slot]);
                }
            }
            if (more != null) {
                more.values().forEach(consumer);
            }
        }
    }
}
