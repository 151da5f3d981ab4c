package io.lockfacade.server.expiry;

import io.lockfacade.server.compact.CompactSet;
import io.lockfacade.server.table.LockKey;
import io.lockfacade.server.table.LockView;
import io.lockfacade.server.table.Outcome;
import io.lockfacade.server.table.SessionOutcome;

import java.time.Duration;
import java.util.function.Consumer;
import java.util.function.LongConsumer;

/**
 * When to visit what may expire, kept from the lock table's outcomes: one {@link ExpirySchedule} of grants with a
 * lease of their own (keyed by lock and fencing token) and one of session ends. The single master and every
 * member of a master group keep it the same way, so that expiry costs what is due, never a scan of the table.
 *
 * <p>An index, not a source of truth: each visit is a transition of the table, which re-checks the deadline.
 * It only has to make sure that every live grant with a lease, and every open session, has a visit at its
 * deadline or earlier (an earlier visit finds it alive and schedules it again); it never removes a visit from a
 * slot later than the one it adds.
 */
public final class ExpiryIndex {

    private final ExpirySchedule<LockKey> leases;
    private final ExpirySchedule<String> sessionEnds;
    private final boolean singleWriter;

    /**
     * An index that any thread may change (the single master's): a slot emptied by unscheduling stays until it is
     * drained, so its end may wake a reaper for nothing.
     *
     * @param tick the slot width: a deadline is visited at most one tick after it passes
     */
    public ExpiryIndex(Duration tick) {
        this(tick, false);
    }

    private ExpiryIndex(Duration tick, boolean singleWriter) {
        this.leases = new ExpirySchedule<>(tick);
        this.sessionEnds = new ExpirySchedule<>(tick);
        this.singleWriter = singleWriter;
    }

    /**
     * @param tick the slot width
     * @return an index changed from one thread only (a replicated table's apply thread; reads may come from any):
     *         a slot is dropped as soon as nothing is left to visit in it, so {@link #nextDeadlineNanos} names only
     *         deadlines that are really scheduled
     */
    public static ExpiryIndex singleWriter(Duration tick) {
        return new ExpiryIndex(tick, true);
    }

    /** @param listener told the end of every slot a visit is scheduled into, so a reaper can wake earlier */
    public void setDeadlineListener(LongConsumer listener) {
        leases.setDeadlineListener(listener);
        sessionEnds.setDeadlineListener(listener);
    }

    /** Schedules what a lock transition's own answer needs: a new or moved lease, or one visited alive. */
    public void answered(Outcome outcome) {
        if (outcome instanceof Outcome.Granted granted) {
            granted(granted.lock());
        } else if (outcome instanceof Outcome.AlreadyHeld again) {
            moved(again.previousEndNanos(), again.lock());
        } else if (outcome instanceof Outcome.Renewed renewed) {
            moved(renewed.previousEndNanos(), renewed.lock());
        } else if (outcome instanceof Outcome.StillHeld alive) {
            granted(alive.lock());
        }
    }

    /** Schedules what a session transition's answer needs: the new end of a session kept alive or still open. */
    public void answered(SessionOutcome outcome, String sessionId) {
        if (outcome instanceof SessionOutcome.Alive alive) {
            long slot = sessionEnds.slotOf(alive.endNanos());
            sessionEnds.schedule(sessionId, 0, slot);
            long previousSlot = sessionEnds.slotOf(alive.previousEndNanos());
            if (previousSlot < slot) {
                unschedule(sessionEnds, sessionId, 0, previousSlot);
            }
        } else if (outcome instanceof SessionOutcome.StillOpen open) {
            sessionEnds.schedule(sessionId, 0, sessionEnds.slotOf(open.endNanos()));
        }
    }

    /** Schedules the visit of a grant (new, handed to a waiter, or restored), if it has a lease of its own. */
    public void granted(LockView lock) {
        if (lock.isLeased()) {
            leases.schedule(lock.lockKey(), lock.fencingToken(), leases.slotOf(lock.endNanos()));
        }
    }

    /** Forgets the visit of a grant that ended. */
    public void ended(LockView lock) {
        if (lock.isLeased()) {
            unschedule(leases, lock.lockKey(), lock.fencingToken(), leases.slotOf(lock.endNanos()));
        }
    }

    /** Schedules the visit of an open session ending at {@code endNanos} (a restored one). */
    public void sessionOpen(String sessionId, long endNanos) {
        sessionEnds.schedule(sessionId, 0, sessionEnds.slotOf(endNanos));
    }

    /**
     * Hands every visit due at {@code nowNanos} to its visitor, sessions first; each must be idempotent.
     *
     * @param sessionVisit visits a session by id
     * @param leaseVisit   visits a grant by lock and fencing token
     */
    public void drainDue(long nowNanos, Consumer<String> sessionVisit, CompactSet.Visitor<LockKey> leaseVisit) {
        sessionEnds.drainDue(nowNanos, (id, unused) -> sessionVisit.accept(id));
        leases.drainDue(nowNanos, leaseVisit);
    }

    /**
     * @return when the earliest scheduled visit is due ({@code nowNanos} if one is overdue), or
     *         {@link Long#MAX_VALUE} if none is scheduled
     */
    public long nextDeadlineNanos(long nowNanos) {
        long session = sessionEnds.nextDeadlineNanos(nowNanos);
        long lease = leases.nextDeadlineNanos(nowNanos);
        return session - lease < 0 ? session : lease;
    }

    private void moved(long previousEndNanos, LockView lock) {
        if (!lock.isLeased()) {
            return; // a visit left from a lease of its own finds the grant under a session and drops itself
        }
        long slot = leases.slotOf(lock.endNanos());
        leases.schedule(lock.lockKey(), lock.fencingToken(), slot);
        long previousSlot = leases.slotOf(previousEndNanos);
        if (previousSlot < slot) {
            unschedule(leases, lock.lockKey(), lock.fencingToken(), previousSlot);
        }
    }

    private <K> void unschedule(ExpirySchedule<K> schedule, K key, long stamp, long slot) {
        if (singleWriter) {
            schedule.unscheduleAndPrune(key, stamp, slot);
        } else {
            schedule.unschedule(key, stamp, slot);
        }
    }
}
