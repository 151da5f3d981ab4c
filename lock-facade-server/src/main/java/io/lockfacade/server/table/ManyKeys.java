package io.lockfacade.server.table;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The transitions that visit many locks: the end of a session, dropping every waiter, and a new leader's extension
 * of every deadline. They visit the locks one key at a time (each inside its key's critical section, never holding
 * two); those that may grant or answer visit them in {@link LockKey#ORDER}, so that which waiter gets which fencing
 * token depends only on the commands, never on a hash table's layout.
 */
final class ManyKeys {

    private final ConcurrentHashMap<LockKey, LockState> states;
    private final Ledger ledger;
    private final Function<SessionHolding.Kind, PrimitiveTable<?, ?>> primitives;

    ManyKeys(ConcurrentHashMap<LockKey, LockState> states, Ledger ledger,
             Function<SessionHolding.Kind, PrimitiveTable<?, ?>> primitives) {
        this.states = states;
        this.ledger = ledger;
        this.primitives = primitives;
    }

    /**
     * Ends a session and releases its locks, O(k log k) for the k locks of the session (the sort that makes the
     * order canonical; each release is O(1)); the oldest waiter of each gets it. Then the session's grants of
     * read-write locks, semaphores and leaderships end, key by key in {@link SessionHolding#ORDER}.
     *
     * @return {@code Ended}, with 0 released if it had ended already
     */
    SessionOutcome.Ended endSession(SessionState session, Effects.Cause cause, Moment m) {
        ledger.sessions.remove(session.id, session);
        if (!session.end()) {
            return new SessionOutcome.Ended(0, Effects.NONE);
        }
        Effects.Builder fx = new Effects.Builder();
        int[] released = new int[1];
        for (LockKey key : inOrder(session.takeKeys())) {
            states.computeIfPresent(key, (k, s) -> {
                if (s.session() != session) {
                    return s;
                }
                released[0]++;
                return s.passOn(k, cause, m, ledger, fx);
            });
        }
        for (SessionHolding holding : session.takeHoldings()) {
            primitives.apply(holding.kind()).endSession(holding.key(), session, m, fx);
            released[0]++;
        }
        return new SessionOutcome.Ended(released[0], fx.build());
    }

    /** @return every parked call, answered "not granted"; every queue is empty afterwards */
    Effects dropWaiters() {
        Effects.Builder fx = new Effects.Builder();
        for (LockKey key : inOrder(states.keySet())) {
            states.computeIfPresent(key, (k, s) -> {
                Waiter waiter;
                while ((waiter = s.pollWaiter()) != null) {
                    fx.answered(waiter, null, null);
                }
                return s;
            });
        }
        for (SessionHolding.Kind kind : SessionHolding.Kind.values()) {
            primitives.apply(kind).dropWaiters(fx);
        }
        return fx.build();
    }

    /**
     * Extends every session that has not ended and every grant with a lease of its own to run at least its own
     * length from {@code m}; visits every session and every key, never holding two keys at once.
     *
     * @param sessions told each extended session, as a keep-alive would answer it
     * @param leases   told each extended grant, as a renewal would answer it
     * @return how many sessions and leases it extended
     */
    int extendAll(Moment m, BiConsumer<String, SessionOutcome.Alive> sessions, Consumer<Outcome.Renewed> leases) {
        int extended = 0;
        for (SessionState session : ledger.sessions.values()) {
            long previousEnd = session.endNanos();
            if (session.extendFrom(m.nanos())) {
                sessions.accept(session.id, new SessionOutcome.Alive(session.ttlMillis, session.forceRemovals(),
                        previousEnd, session.endNanos()));
                extended++;
            }
        }
        for (LockKey key : states.keySet()) {
            Outcome.Renewed[] renewed = new Outcome.Renewed[1];
            states.computeIfPresent(key, (k, s) -> {
                long previousEnd = s.endNanos();
                if (s.extendFrom(m.nanos())) {
                    renewed[0] = new Outcome.Renewed(previousEnd, s.view(k), Effects.NONE);
                }
                return s;
            });
            if (renewed[0] != null) {
                leases.accept(renewed[0]);
                extended++;
            }
        }
        return extended;
    }

    private static List<LockKey> inOrder(Collection<LockKey> keys) {
        List<LockKey> sorted = new ArrayList<>(keys);
        sorted.sort(LockKey.ORDER);
        return sorted;
    }
}
