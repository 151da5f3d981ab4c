package io.lockfacade.server.table;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.function.Predicate;

/**
 * One semaphore: a capacity, the holders of its permits and one line of parked calls, served first come, first
 * served (a call for many permits is not overtaken by later calls for fewer, so it never starves). The capacity is
 * set by the first caller; an operator may change it, and a capacity lowered below what is held takes effect as
 * permits come back. Never more permits are held than the capacity allowed when they were granted.
 *
 * <p>Each holder is one acquisition, under a name unique to it: asking again under the same name returns the same
 * grant, so a retried call never takes permits twice. A holder gives back all or part of its permits.
 */
final class SemaphoreState extends LinedState<Integer> {

    /** The reason a call for more permits than the capacity is refused. */
    static final String TOO_MANY = "semaphore %s: %s asks for %d permits and the semaphore has %d";

    private int capacity;
    /** Whether an operator set the capacity: it is then kept while the semaphore is idle. */
    private boolean capacityPinned;
    private final LinkedHashMap<String, Hold> holders = new LinkedHashMap<>(4);
    private int held;

    SemaphoreState(PrimitiveTable<SemaphoreState, ?> table) {
        super(table);
    }

    PrimitiveOutcome acquire(LockKey key, String holder, int permits, int initialCapacity, SessionState session,
                             long waiterId, Moment m, Effects.Builder fx) {
        if (capacity == 0) {
            capacity = initialCapacity;
        }
        replaceEarlierCall(key, holder, m, fx);
        Hold existing = holders.get(holder);
        if (existing != null) {
            return handOutAgain(key, existing, fx);
        }
        if (never(permits)) {
            return new PrimitiveOutcome.Refused(String.format(TOO_MANY, key, holder, permits, capacity), fx.build());
        }
        return line.isEmpty() && fits(holder, permits) ? granted(key, holder, permits, session, m, fx)
                : park(key, holder, permits, session, waiterId, fx);
    }

    /**
     * Gives back permits: the holder keeps {@code keep} of them (0: all are given back). Keeping as many as it holds
     * or more changes nothing, so a retried call is harmless.
     */
    PrimitiveOutcome reduce(LockKey key, String holder, int keep, Moment m, Effects.Builder fx) {
        Hold hold = holders.get(holder);
        if (hold == null) {
            return new PrimitiveOutcome.NotHolder(fx.build());
        }
        if (keep < hold.permits()) {
            held -= hold.permits() - keep;
            if (keep == 0) {
                holders.remove(holder);
                table.letGoIfDone(key, this, hold.session());
            } else {
                holders.put(holder, hold.withPermits(keep));
            }
            serve(key, m, fx);
        }
        return new PrimitiveOutcome.Released(fx.build());
    }

    /** Sets the capacity (operator action); a higher one may let waiting calls in at once. */
    PrimitiveOutcome setCapacity(LockKey key, int newCapacity, Moment m, Effects.Builder fx) {
        capacity = newCapacity;
        capacityPinned = true;
        serve(key, m, fx);
        return new PrimitiveOutcome.Released(fx.build());
    }

    /** Ends the grant of that token, or every grant if {@code token} is 0 (an operator's removal). */
    @Override
    PrimitiveOutcome endGrant(LockKey key, long token, Moment m, Effects.Builder fx) {
        if (!dropHolders(h -> token == 0 || h.token() == token, true, key)) {
            return new PrimitiveOutcome.NotHolder(fx.build());
        }
        serve(key, m, fx);
        return new PrimitiveOutcome.Released(fx.build());
    }

    @Override
    Hold heldUnder(long token) {
        return holders.values().stream().filter(hold -> hold.token() == token).findFirst().orElse(null);
    }

    @Override
    void replace(Hold old, Hold now) {
        holders.put(old.owner(), now);
    }

    /** @return how many permits are free now; never negative, even below a lowered capacity */
    int available() {
        return Math.max(0, capacity - held);
    }

    @Override
    boolean fits(String holder, Integer permits) {
        return permits <= available();
    }

    @Override
    boolean never(Integer permits) {
        return permits > capacity;
    }

    @Override
    Hold grant(LockKey key, String holder, Integer permits, SessionState session, Moment m) {
        Hold hold = Hold.grant(table.holding(key), holder, permits, session, m, table.ledger);
        if (hold != null) {
            holders.put(holder, hold);
            held += permits;
        }
        return hold;
    }

    @Override
    void dropLapsed(LockKey key, Moment m, Ledger ledger, Effects.Builder fx) {
        if (dropHolders(h -> h.hasLapsed(m.nanos()), false, key)) {
            serve(key, m, fx);
        }
    }

    @Override
    void dropSession(LockKey key, SessionState session, Moment m, Ledger ledger, Effects.Builder fx) {
        if (dropHolders(h -> h.session() == session, false, key)) {
            serve(key, m, fx);
        }
    }

    private boolean dropHolders(Predicate<Hold> drops, boolean letGo, LockKey key) {
        boolean any = false;
        for (Iterator<Hold> it = holders.values().iterator(); it.hasNext(); ) {
            Hold hold = it.next();
            if (drops.test(hold)) {
                it.remove();
                held -= hold.permits();
                any = true;
                if (letGo) {
                    table.letGoIfDone(key, this, hold.session());
                }
            }
        }
        return any;
    }

    @Override
    boolean isIdle() {
        return holders.isEmpty() && line.isEmpty() && !capacityPinned;
    }

    @Override
    boolean heldBy(SessionState session) {
        return holders.values().stream().anyMatch(h -> h.session() == session);
    }

    /** @return the semaphore as a snapshot holds it */
    PrimitivesSnapshot.SemaphoreEntry entry(LockKey key) {
        return new PrimitivesSnapshot.SemaphoreEntry(key, capacity, capacityPinned,
                holders.values().stream().map(HolderView::of).toList(), line.list().stream()
                .map(ask -> new PrimitivesSnapshot.ParkedAsk(ask.waiter(), null, ask.ask())).toList());
    }

    /** Takes the state a snapshot holds; the sessions it names must be restored already. */
    void restore(PrimitivesSnapshot.SemaphoreEntry entry) {
        SessionHolding holding = table.holding(entry.lockKey());
        capacity = entry.capacity();
        capacityPinned = entry.capacityPinned();
        for (HolderView holder : entry.holders()) {
            holders.put(holder.owner(), holder.restore(restoredSession(holder.sessionId(), holding, table.ledger)));
            held += holder.permits();
        }
        entry.line().forEach(ask -> line.add(ask.waiter(), ask.permits()));
    }

    /** @return a picture of the semaphore: capacity, holders and waiters */
    SemaphoreView view(LockKey key) {
        return new SemaphoreView(key, capacity, held, holders.values().stream().map(HolderView::of).toList(),
                line.size(), capacityPinned);
    }
}
