package io.lockfacade.server.table;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * One leadership: its participants in the order they joined, each under a session, and the leader among them with
 * its epoch (a fencing token, so epochs strictly increase, across leaderships and locks too). The first participant
 * leads; when the leader leaves, is revoked or its session ends, the next live participant is elected in the same
 * step, with a new epoch. A participant stays one until it leaves or its session ends, whether or not a call of
 * it is parked waiting to be elected.
 */
final class LeadershipState extends PrimitiveState {

    private final PrimitiveTable<LeadershipState, ?> table;
    private final LinkedHashMap<String, SessionState> participants = new LinkedHashMap<>(4);
    /** Parked calls of participants waiting to be elected, by participant. */
    private final LinkedHashMap<String, Waiter> parked = new LinkedHashMap<>(2);
    private Hold leader;

    LeadershipState(PrimitiveTable<LeadershipState, ?> table) {
        this.table = table;
    }

    PrimitiveOutcome join(LockKey key, String participant, SessionState session, long waiterId, Moment m,
                          Effects.Builder fx) {
        Waiter earlier = parked.remove(participant);
        if (earlier != null) {
            fx.answered(earlier, null, null);
        }
        if (leader != null && leader.owner().equals(participant)) {
            return handOutAgain(key, leader, fx);
        }
        SessionState before = participants.get(participant);
        if (before != session) {
            if (!session.hold(table.holding(key))) {
                return new PrimitiveOutcome.SessionGone(fx.build());
            }
            participants.put(participant, session);
            if (before != null) {
                table.letGoIfDone(key, this, before);
            }
        }
        elect(key, m, fx);
        if (leader != null && leader.owner().equals(participant)) {
            return new PrimitiveOutcome.Granted(leader.handout(key), fx.build());
        }
        if (waiterId == 0) {
            return new PrimitiveOutcome.Busy(fx.build());
        }
        Waiter waiter = new Waiter(waiterId, key, participant, 0, session.id);
        parked.put(participant, waiter);
        return new PrimitiveOutcome.Parked(waiter, fx.build());
    }

    /** The participant leaves; if it led, the next one is elected at once. */
    PrimitiveOutcome leave(LockKey key, String participant, Moment m, Effects.Builder fx) {
        SessionState session = participants.remove(participant);
        if (session == null) {
            return new PrimitiveOutcome.NotHolder(fx.build());
        }
        Waiter waiting = parked.remove(participant);
        if (waiting != null) {
            fx.answered(waiting, null, null);
        }
        if (leader != null && leader.owner().equals(participant)) {
            leader = null;
        }
        table.letGoIfDone(key, this, session);
        elect(key, m, fx);
        return new PrimitiveOutcome.Released(fx.build());
    }

    /** Removes the leader if it leads under that epoch (0: whatever the epoch), an operator's revocation. */
    @Override
    PrimitiveOutcome endGrant(LockKey key, long epoch, Moment m, Effects.Builder fx) {
        if (leader == null || epoch != 0 && leader.token() != epoch) {
            return new PrimitiveOutcome.NotHolder(fx.build());
        }
        return leave(key, leader.owner(), m, fx);
    }

    @Override
    Hold heldUnder(long token) {
        return leader != null && leader.token() == token ? leader : null;
    }

    @Override
    void replace(Hold old, Hold now) {
        leader = now;
    }

    /** @return the epoch if {@code participant} leads, 0 if it takes part without leading, -1 if it does not */
    long standing(String participant, long nowNanos) {
        SessionState session = participants.get(participant);
        if (session == null || session.hasEnded(nowNanos)) {
            return -1;
        }
        return leader != null && leader.owner().equals(participant) ? leader.token() : 0;
    }

    private void elect(LockKey key, Moment m, Effects.Builder fx) {
        for (Iterator<Map.Entry<String, SessionState>> it = participants.entrySet().iterator();
             leader == null && it.hasNext(); ) {
            Map.Entry<String, SessionState> next = it.next();
            SessionState session = next.getValue();
            leader = session.hasEnded(m.nanos()) ? null
                    : Hold.grant(table.holding(key), next.getKey(), 1, session, m, table.ledger);
            if (leader == null) {
                it.remove();
                Waiter waiting = parked.remove(next.getKey());
                if (waiting != null) {
                    fx.answered(waiting, null, null);
                }
                continue;
            }
            Waiter waiting = parked.remove(leader.owner());
            if (waiting != null) {
                fx.answered(waiting, leader.handout(key), leader.view(key, parked.size()));
            }
        }
    }

    @Override
    void dropLapsed(LockKey key, Moment m, Ledger ledger, Effects.Builder fx) {
        dropParticipants(key, session -> session.hasEnded(m.nanos()), m, fx);
    }

    @Override
    void dropSession(LockKey key, SessionState session, Moment m, Ledger ledger, Effects.Builder fx) {
        dropParticipants(key, s -> s == session, m, fx);
    }

    private void dropParticipants(LockKey key, Predicate<SessionState> drops, Moment m, Effects.Builder fx) {
        boolean any = false;
        for (Iterator<Map.Entry<String, SessionState>> it = participants.entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<String, SessionState> entry = it.next();
            if (drops.test(entry.getValue())) {
                it.remove();
                Waiter waiting = parked.remove(entry.getKey());
                if (waiting != null) {
                    fx.answered(waiting, null, null);
                }
                any = true;
            }
        }
        if (any && leader != null && !participants.containsKey(leader.owner())) {
            leader = null;
            elect(key, m, fx);
        }
    }

    @Override
    boolean withdraw(LockKey key, long waiterId, Moment m, Ledger ledger, Effects.Builder fx) {
        return parked.values().removeIf(waiter -> waiter.id() == waiterId);
    }

    @Override
    void dropWaiters(Effects.Builder fx) {
        parked.values().forEach(waiter -> fx.answered(waiter, null, null));
        parked.clear();
    }

    @Override
    boolean isIdle() {
        return participants.isEmpty();
    }

    @Override
    boolean heldBy(SessionState session) {
        return participants.containsValue(session);
    }

    /** @return the leadership as a snapshot holds it */
    PrimitivesSnapshot.LeadershipEntry entry(LockKey key) {
        return new PrimitivesSnapshot.LeadershipEntry(key, participants.entrySet().stream()
                .map(p -> new PrimitivesSnapshot.Participant(p.getKey(), p.getValue().id)).toList(),
                leader == null ? null : HolderView.of(leader), List.copyOf(parked.values()));
    }

    /** Takes the state a snapshot holds; the sessions it names must be restored already. */
    void restore(PrimitivesSnapshot.LeadershipEntry entry) {
        SessionHolding holding = table.holding(entry.lockKey());
        for (PrimitivesSnapshot.Participant participant : entry.participants()) {
            participants.put(participant.name(), restoredSession(participant.sessionId(), holding, table.ledger));
        }
        if (entry.leader() != null) {
            leader = entry.leader().restore(participants.get(entry.leader().owner()));
        }
        entry.parked().forEach(waiter -> parked.put(waiter.owner(), waiter));
    }

    /** @return a picture of the leadership: leader, epoch, since when, and every participant in order */
    LeadershipView view(LockKey key) {
        return new LeadershipView(key, leader == null ? null : leader.owner(), leader == null ? 0 : leader.token(),
                leader == null ? 0 : leader.acquiredAtNanos(), new ArrayList<>(participants.keySet()));
    }
}
