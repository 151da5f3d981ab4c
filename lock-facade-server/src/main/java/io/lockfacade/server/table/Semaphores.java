package io.lockfacade.server.table;

import java.util.List;
import java.util.Optional;

/**
 * The semaphore transitions of a {@link LockMachine}, by lock type and key, with the rules of
 * {@link SemaphoreState}. Permits are held under a session: a crashed node's permits come back when its session
 * ends, and a live node never loses them. Each acquisition has a holder name of its own and a fencing token from
 * the same counter as every lock's. Semaphores are a namespace of their own. Arguments are assumed valid.
 */
public final class Semaphores extends PrimitiveTable<SemaphoreState, SemaphoreView> {

    Semaphores(Ledger ledger, LockMachine machine) {
        super(ledger, machine, SessionHolding.Kind.SEMAPHORE);
    }

    /**
     * Grants {@code permits} to {@code holder}, reports them busy, parks the caller, or refuses a call for more
     * permits than the semaphore has.
     *
     * @param capacity the capacity the semaphore gets if it has none yet (the first user's); ignored otherwise
     * @param waiterId the id the call waits under if the permits are not free now; 0 if it may not wait
     * @return {@code Granted}, {@code AlreadyHeld} (the holder's earlier grant, whatever {@code permits} says),
     *         {@code Busy}, {@code Parked}, {@code SessionGone} or {@code Refused}
     */
    public PrimitiveOutcome acquire(LockKey key, String holder, int permits, int capacity, String sessionId,
                                    long waiterId, Moment m) {
        Effects[] gone = new Effects[1];
        Optional<SessionState> session = session(sessionId, m, gone);
        if (session.isEmpty()) {
            return new PrimitiveOutcome.SessionGone(gone[0]);
        }
        return change(key, m, true,
                (s, fx) -> s.acquire(key, holder, permits, capacity, session.get(), waiterId, m, fx),
                PrimitiveOutcome.Busy::new);
    }

    /**
     * Gives permits back: {@code holder} keeps {@code keep} of its permits (0 gives them all back); the oldest waiting
     * calls whose permits are now free get them. Keeping as many as it holds or more changes nothing.
     *
     * @return {@code Released}, or {@code NotHolder} if {@code holder} holds no permit
     */
    public PrimitiveOutcome reduce(LockKey key, String holder, int keep, Moment m) {
        return change(key, m, false, (s, fx) -> s.reduce(key, holder, keep, m, fx), PrimitiveOutcome.NotHolder::new);
    }

    /**
     * Sets the capacity (operator action) and keeps it while the semaphore is idle; a capacity lowered below what is
     * held takes effect as permits come back.
     *
     * @return {@code Released}, with the calls a higher capacity let in
     */
    public PrimitiveOutcome setCapacity(LockKey key, int capacity, Moment m) {
        return change(key, m, true, (s, fx) -> s.setCapacity(key, capacity, m, fx), PrimitiveOutcome.Released::new);
    }

    /**
     * Ends a grant whoever holds it (operator action).
     *
     * @param token the grant to end, or 0 for every grant of the semaphore
     * @return {@code Released} or {@code NotHolder}
     */
    public PrimitiveOutcome forceRelease(LockKey key, long token, Moment m) {
        return change(key, m, false, (s, fx) -> s.endGrant(key, token, m, fx), PrimitiveOutcome.NotHolder::new);
    }

    @Override
    SemaphoreView view(LockKey key, SemaphoreState state) {
        return state.view(key);
    }

    /** @return every key as a snapshot holds it, by key */
    List<PrimitivesSnapshot.SemaphoreEntry> snapshot() {
        return entries((k, s) -> s.entry(k));
    }

    /** Takes the keys of a snapshot; the sessions they name must be restored already. */
    void restore(List<PrimitivesSnapshot.SemaphoreEntry> entries) {
        restoreAll(entries, PrimitivesSnapshot.SemaphoreEntry::lockKey, SemaphoreState::restore);
    }

    @Override
    SemaphoreState fresh() {
        return new SemaphoreState(this);
    }
}
