package io.lockfacade.group.raft;

import io.lockfacade.group.state.Applied;
import io.lockfacade.group.state.Command;
import io.lockfacade.server.service.GuardedLockEvents;
import io.lockfacade.server.service.LockEvents;
import io.lockfacade.server.table.Effects;
import io.lockfacade.server.table.LockKey;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Tells the per-type lock meters what the applied entries did, on the member that leads: a fresh grant with how
 * long its call waited, and every grant an entry ended, released by its holder or expired; and, from the leader's
 * parked calls, each call parked and each that left. Only the leader reports applied entries, so that a sum over the
 * members' meters counts each event once, as {@code lockfacade_master_locks_held} is served by the leader only;
 * around a leader change an entry applied by both the old and the new leader can be counted twice, and one applied
 * by neither while leading is not counted. Entries replayed at start are applied before any role and are not
 * counted.
 *
 * <p>An entry does not know how long its call waited (the leader parks waiting calls outside the replicated
 * table), so the leader says so before it proposes a parked call's acquisition ({@link #willGrantAfterWait}): the
 * fresh grant of that lock to that owner is timed from when the call parked; any other is timed 0, granted at once.
 */
public final class LeaderLockEvents {

    /** A lock and the owner a parked call asks it for. */
    private record Asked(LockKey key, String owner) {
    }

    private volatile LockEvents events = LockEvents.NONE;
    private volatile boolean leading;
    private final Map<Asked, Long> parkedSince = new ConcurrentHashMap<>();

    /** Sets where the events go; a listener that throws is logged and ignored. */
    void setEvents(LockEvents events) {
        this.events = new GuardedLockEvents(events);
    }

    /** Whether this member leads now: it reports applied entries only then. */
    void leading(boolean leading) {
        this.leading = leading;
        if (!leading) {
            parkedSince.clear();
        }
    }

    /** A call parked on this leader for a lock of {@code lockType}. */
    public void waiterParked(String lockType) {
        events.waiterParked(lockType);
    }

    /** A parked call left, granted or not. */
    public void waiterLeft(String lockType) {
        events.waiterLeft(lockType);
    }

    /**
     * The leader is about to propose the acquisition of a call parked since {@code parkedAtNanos}: the fresh grant of
     * {@code key} to {@code owner} that follows is timed from then.
     */
    public void willGrantAfterWait(LockKey key, String owner, long parkedAtNanos) {
        parkedSince.put(new Asked(key, owner), parkedAtNanos);
    }

    /** The parked call of {@code owner} for {@code key} left without a grant: its next grant is not timed from it. */
    public void noLongerWaiting(LockKey key, String owner) {
        parkedSince.remove(new Asked(key, owner));
    }

    /**
     * @param command    the command applied
     * @param applied    what it did
     * @param freshGrant whether it made a new grant (a fresh fencing token, not a holder's retried call)
     */
    void applied(Command command, Applied applied, boolean freshGrant) {
        if (!leading) {
            return;
        }
        LockEvents sink = events;
        if (freshGrant) {
            Long parkedAt = parkedSince.remove(new Asked(new LockKey(command.lockType(), command.key()),
                    command.owner()));
            sink.granted(command.lockType(), parkedAt == null ? 0 : Math.max(0, System.nanoTime() - parkedAt));
        }
        for (Effects.Ending ending : applied.endings()) {
            String lockType = ending.lock().lockKey().lockType();
            switch (ending.cause()) {
                case RELEASED, UNDELIVERED -> sink.released(lockType);
                case EXPIRED, REMOVED -> sink.expired(lockType);
            }
        }
    }
}
