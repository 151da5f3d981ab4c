package io.lockfacade.server.table;

import java.util.List;
import java.util.Optional;

/**
 * The leader-election transitions of a {@link LockMachine}, with the rules of {@link LeadershipState}: participants
 * join a named leadership under their session and the first live one leads with an epoch, a fencing token from the
 * same counter as every lock's. A leader's session ending elects the next participant in the same step; nothing
 * else takes leadership from a live session but leaving or an operator's revocation. Leaderships are addressed by a
 * {@link LockKey} ({@link #LOCK_TYPE} and the leadership's name). Arguments are assumed valid.
 */
public final class Leaderships extends PrimitiveTable<LeadershipState, LeadershipView> {

    /** The lock type of every leadership's key; its name is the key. */
    public static final String LOCK_TYPE = "leadership";

    Leaderships(Ledger ledger, LockMachine machine) {
        super(ledger, machine, SessionHolding.Kind.LEADERSHIP);
    }

    /** @return the key of the leadership of that name */
    public static LockKey key(String name) {
        return new LockKey(LOCK_TYPE, name);
    }

    /**
     * Makes {@code participant} take part (asking again changes nothing) and tells whether it leads.
     *
     * @param waiterId the id the call waits under until the participant is elected; 0 if it may not wait (it takes
     *                 part all the same)
     * @return {@code Granted} (elected now; the token is its epoch), {@code AlreadyHeld} (it leads already),
     *         {@code Busy} (it takes part, another leads), {@code Parked} or {@code SessionGone}
     */
    public PrimitiveOutcome join(LockKey key, String participant, String sessionId, long waiterId, Moment m) {
        Effects[] gone = new Effects[1];
        Optional<SessionState> session = session(sessionId, m, gone);
        if (session.isEmpty()) {
            return new PrimitiveOutcome.SessionGone(gone[0]);
        }
        return change(key, m, true, (s, fx) -> s.join(key, participant, session.get(), waiterId, m, fx),
                PrimitiveOutcome.Busy::new);
    }

    /**
     * Takes {@code participant} out; if it led, the next participant is elected at once (see the effects).
     *
     * @return {@code Released}, or {@code NotHolder} if it did not take part
     */
    public PrimitiveOutcome leave(LockKey key, String participant, Moment m) {
        return change(key, m, false, (s, fx) -> s.leave(key, participant, m, fx), PrimitiveOutcome.NotHolder::new);
    }

    /**
     * Takes the leader out (operator action), if it leads under that epoch; the next participant is elected.
     *
     * @param epoch the epoch to revoke, or 0 for whoever leads
     * @return {@code Released} or {@code NotHolder}
     */
    public PrimitiveOutcome revoke(LockKey key, long epoch, Moment m) {
        return change(key, m, false, (s, fx) -> s.endGrant(key, epoch, m, fx), PrimitiveOutcome.NotHolder::new);
    }

    /**
     * Reads where a participant stands; changes nothing. A participant whose session has lapsed by {@code nowNanos}
     * neither leads nor takes part, even before a transition frees what it held.
     *
     * @return the epoch if it leads, 0 if it takes part without leading, -1 if it does not take part
     */
    public long standing(LockKey key, String participant, long nowNanos) {
        return look(key, (k, s) -> s.standing(participant, nowNanos)).orElse(-1L);
    }

    @Override
    LeadershipView view(LockKey key, LeadershipState state) {
        return state.view(key);
    }

    /** @return every key as a snapshot holds it, by key */
    List<PrimitivesSnapshot.LeadershipEntry> snapshot() {
        return entries((k, s) -> s.entry(k));
    }

    /** Takes the keys of a snapshot; the sessions they name must be restored already. */
    void restore(List<PrimitivesSnapshot.LeadershipEntry> entries) {
        restoreAll(entries, PrimitivesSnapshot.LeadershipEntry::lockKey, LeadershipState::restore);
    }

    @Override
    LeadershipState fresh() {
        return new LeadershipState(this);
    }
}
