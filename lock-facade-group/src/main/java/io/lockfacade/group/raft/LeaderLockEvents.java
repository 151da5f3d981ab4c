package io.lockfacade.group.raft;

import io.lockfacade.group.state.Applied;
import io.lockfacade.group.state.Command;
import io.lockfacade.server.service.GuardedLockEvents;
import io.lockfacade.server.service.LockEvents;
import io.lockfacade.server.table.Effects;

/**
 * Tells the per-type lock meters what the applied entries did, on the member that leads: a fresh grant, and every
 * grant an entry ended, released by its holder or expired. Only the leader reports, so that a sum over the members'
 * meters counts each event once, as {@code lockfacade_master_locks_held} is served by the leader only; around a
 * leader change an entry applied by both the old and the new leader can be counted twice, and one applied by
 * neither while leading is not counted. Entries replayed at start are applied before any role and are not counted.
 * Grants are not timed: the leader parks waiting calls outside the replicated table, so an entry does not know how
 * long its call waited.
 */
final class LeaderLockEvents {

    private volatile LockEvents events = LockEvents.NONE;
    private volatile boolean leading;

    /** Sets where the events go; a listener that throws is logged and ignored. */
    void setEvents(LockEvents events) {
        this.events = new GuardedLockEvents(events);
    }

    /** Whether this member leads now: it reports only then. */
    void leading(boolean leading) {
        this.leading = leading;
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
            sink.grantedUntimed(command.lockType());
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
