package io.lockfacade.server.table;

import io.lockfacade.api.PrimitiveLockService;

import java.util.List;
import java.util.Optional;

/**
 * The read-write lock transitions of a {@link LockMachine}, by lock type and key, with the rules of
 * {@link ReadWriteState}. Their grants live under a session, take their fencing tokens from the same counter as
 * every lock's, and are released when the session ends. Read-write locks are a namespace of their own: a mutex and
 * a read-write lock of the same type and key are two locks. Like every transition these take a {@link Moment},
 * read no clock and return a typed {@link PrimitiveOutcome}. Arguments are assumed valid.
 */
public final class ReadWriteLocks extends PrimitiveTable<ReadWriteState, ReadWriteView> {

    ReadWriteLocks(Ledger ledger, LockMachine machine) {
        super(ledger, machine, SessionHolding.Kind.READ_WRITE);
    }

    /**
     * Grants the lock in the given mode, reports it busy, parks the caller, or refuses an upgrade.
     *
     * @param waiterId the id the call waits under if the lock is not grantable now; 0 if it may not wait
     * @return {@code Granted}, {@code AlreadyHeld}, {@code Busy}, {@code Parked}, {@code SessionGone}, or
     *         {@code Refused} for an owner that holds only the read lock and asks for the write lock
     */
    public PrimitiveOutcome acquire(LockKey key, String owner, AccessMode mode, String sessionId, long waiterId,
                                    Moment m) {
        Effects[] gone = new Effects[1];
        Optional<SessionState> session = session(sessionId, m, gone);
        if (session.isEmpty()) {
            return new PrimitiveOutcome.SessionGone(gone[0]);
        }
        return change(key, m, true, (s, fx) -> s.acquire(key, owner, mode, session.get(), waiterId, m, fx),
                PrimitiveOutcome.Busy::new);
    }

    /**
     * Releases the mode {@code owner} holds; the oldest waiting calls that now fit get the lock.
     *
     * @return {@code Released}, or {@code NotHolder} if {@code owner} does not hold that mode
     */
    public PrimitiveOutcome release(LockKey key, String owner, AccessMode mode, Moment m) {
        return change(key, m, false, (s, fx) -> s.release(key, owner, mode, m, fx),
                PrimitiveOutcome.NotHolder::new);
    }

    /**
     * Ends a grant whoever holds it (operator action).
     *
     * @param token the grant to end, or 0 for every grant of the lock
     * @return {@code Released} or {@code NotHolder}
     */
    public PrimitiveOutcome forceRelease(LockKey key, long token, Moment m) {
        return change(key, m, false, (s, fx) -> s.endGrant(key, token, m, fx), PrimitiveOutcome.NotHolder::new);
    }

    /**
     * Where a holder stands against the calls that wait: read-only, the rule behind
     * {@link io.lockfacade.api.PrimitiveLockService#awaitReadWriteWaiter}. Any parked call counts, whatever its mode:
     * a call parks only when the holders keep it out, or when a writer it queues behind is kept out by them.
     *
     * @return {@code WAITING} if a call waits for the lock, {@code QUIET} if none does, {@code NOT_HELD} if
     *         {@code owner} holds neither mode (the constants of {@code PrimitiveLockService})
     */
    public int waiterStanding(LockKey key, String owner) {
        return look(key, (k, s) -> s.waiterStanding(owner)).orElse(PrimitiveLockService.READ_WRITE_NOT_HELD);
    }

    @Override
    ReadWriteView view(LockKey key, ReadWriteState state) {
        return state.view(key);
    }

    /** @return every key as a snapshot holds it, by key */
    List<PrimitivesSnapshot.ReadWriteEntry> snapshot() {
        return entries((k, s) -> s.entry(k));
    }

    /** Takes the keys of a snapshot; the sessions they name must be restored already. */
    void restore(List<PrimitivesSnapshot.ReadWriteEntry> entries) {
        restoreAll(entries, PrimitivesSnapshot.ReadWriteEntry::lockKey, ReadWriteState::restore);
    }

    @Override
    ReadWriteState fresh() {
        return new ReadWriteState(this);
    }
}
