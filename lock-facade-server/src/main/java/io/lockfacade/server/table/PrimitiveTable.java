package io.lockfacade.server.table;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * What the tables of read-write locks, semaphores and leaderships share: states by key, each changed inside its
 * key's critical section ({@code ConcurrentHashMap.compute}), freed of lapsed sessions' grants on access and dropped
 * once idle; the session check every acquisition starts with; and the session, withdrawal and leader-change
 * transitions that visit a key on the table's behalf.
 *
 * @param <S> the state of one key
 * @param <V> the picture of one key's state that {@link #describe} gives
 */
abstract class PrimitiveTable<S extends PrimitiveState, V> {

    final ConcurrentHashMap<LockKey, S> states = new ConcurrentHashMap<>();
    final Ledger ledger;
    private final LockMachine machine;
    private final SessionHolding.Kind kind;

    PrimitiveTable(Ledger ledger, LockMachine machine, SessionHolding.Kind kind) {
        this.ledger = ledger;
        this.machine = machine;
        this.kind = kind;
    }

    /** @return the state of a key that had none */
    abstract S fresh();

    /** @return a picture of a key's state */
    abstract V view(LockKey key, S state);

    /** A change of one key's state, given that state (made fresh if the key had none) and the effects so far. */
    interface Step<S> {
        PrimitiveOutcome apply(S state, Effects.Builder fx);
    }

    /**
     * Runs one step on a key, after its lapsed grants are taken off; a state left idle is dropped.
     *
     * @param create whether a key without state gets a fresh one (else the step is not run and {@code absent}
     *               answers)
     */
    PrimitiveOutcome change(LockKey key, Moment m, boolean create, Step<S> step,
                            Function<Effects, PrimitiveOutcome> absent) {
        Effects.Builder fx = new Effects.Builder();
        PrimitiveOutcome[] result = new PrimitiveOutcome[1];
        states.compute(key, (k, s) -> {
            if (s == null && !create) {
                return null;
            }
            S state = s == null ? fresh() : s;
            state.dropLapsed(k, m, ledger, fx);
            result[0] = step.apply(state, fx);
            return state.isIdle() ? null : state;
        });
        return result[0] != null ? result[0] : absent.apply(fx.build());
    }

    /**
     * @return the caller's live session, or empty if it has ended or was never opened; a session found lapsed is
     *         ended here (its grants released), and those effects are {@code gone}'s
     */
    Optional<SessionState> session(String sessionId, Moment m, Effects[] gone) {
        SessionState session = ledger.sessions.get(sessionId);
        if (session != null && !session.hasEnded(m.nanos())) {
            return Optional.of(session);
        }
        gone[0] = session == null ? Effects.NONE : machine.endSession(session, Effects.Cause.EXPIRED, m).effects();
        return Optional.empty();
    }

    /** @return the record a session keeps of its grants on {@code key} */
    SessionHolding holding(LockKey key) {
        return new SessionHolding(kind, key);
    }

    /** Forgets the session's record of {@code key} once it holds nothing there. */
    void letGoIfDone(LockKey key, PrimitiveState state, SessionState session) {
        if (!state.heldBy(session)) {
            session.letGo(holding(key));
        }
    }

    /** Releases every grant an ended session holds on {@code key}; the queue is served. */
    void endSession(LockKey key, SessionState session, Moment m, Effects.Builder fx) {
        states.computeIfPresent(key, (k, s) -> {
            s.dropSession(k, session, m, ledger, fx);
            return s.isIdle() ? null : s;
        });
    }

    /**
     * Ends a grant the transport could not deliver to its call, unless the holder asked again meanwhile and another
     * call may have got the same grant; see {@link Handout}.
     *
     * @param token the undelivered grant's fencing token
     * @return {@code Released} (see the effects for the calls served), or {@code NotHolder}
     */
    public PrimitiveOutcome releaseUndelivered(LockKey key, long token, Moment m) {
        return change(key, m, false, (s, fx) -> s.releaseUndelivered(key, token, m, fx),
                PrimitiveOutcome.NotHolder::new);
    }

    /**
     * Takes a parked call out of its queue, unless it was answered already.
     *
     * @return {@code Withdrawn} (calls it was in the way of may have been granted: see the effects) or
     *         {@code NotWaiting}
     */
    public PrimitiveOutcome withdraw(LockKey key, long waiterId, Moment m) {
        Effects.Builder fx = new Effects.Builder();
        boolean[] removed = new boolean[1];
        states.computeIfPresent(key, (k, s) -> {
            removed[0] = s.withdraw(k, waiterId, m, ledger, fx);
            return s.isIdle() ? null : s;
        });
        Effects effects = fx.build();
        return removed[0] ? new PrimitiveOutcome.Withdrawn(effects) : new PrimitiveOutcome.NotWaiting(effects);
    }

    /** Answers every parked call of every key "not granted", in {@link LockKey#ORDER}. */
    void dropWaiters(Effects.Builder fx) {
        states.keySet().stream().sorted(LockKey.ORDER).forEach(key -> states.computeIfPresent(key, (k, s) -> {
            s.dropWaiters(fx);
            return s.isIdle() ? null : s;
        }));
    }

    /** @return a picture of one key's state, taken inside its critical section, or empty if it has none */
    public Optional<V> describe(LockKey key) {
        return look(key, this::view);
    }

    /** Visits a picture of every key's state, in no particular order; weakly consistent across keys. */
    public void forEach(Consumer<V> visitor) {
        states.keySet().forEach(key -> describe(key).ifPresent(visitor));
    }

    /** @return a value read from one key's state inside its critical section, or empty if it has none */
    <R> Optional<R> look(LockKey key, BiFunction<LockKey, S, R> view) {
        Object[] seen = new Object[1];
        states.computeIfPresent(key, (k, s) -> {
            seen[0] = view.apply(k, s);
            return s;
        });
        @SuppressWarnings("unchecked")
        R found = (R) seen[0];
        return Optional.ofNullable(found);
    }

    /**
     * @return every key's state as a snapshot holds it, by key; each read inside its key's critical section
     */
    <E> List<E> entries(BiFunction<LockKey, S, E> entry) {
        List<E> entries = new ArrayList<>(states.size());
        states.keySet().stream().sorted(LockKey.ORDER).forEach(key -> look(key, entry).ifPresent(entries::add));
        return entries;
    }

    /** Takes the keys of a snapshot, each into a fresh state; the sessions they name must be restored already. */
    <E> void restoreAll(List<E> entries, Function<E, LockKey> keyOf, BiConsumer<S, E> into) {
        for (E entry : entries) {
            S state = fresh();
            into.accept(state, entry);
            states.put(keyOf.apply(entry), state);
        }
    }

    /** @return how many keys have state: held, waited for, or set by an operator */
    public int size() {
        return states.size();
    }
}
